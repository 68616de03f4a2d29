import { useQuery } from '@tanstack/react-query';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import type { PendingChangeType } from '@schirm/domain/contract/contract-record';
import type { SelfServiceSlug } from '@schirm/domain/flags';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';

/** One contract as GET /api/vertrag/vertrag/:id answers (apps/server/src/modules/customer-contracts/routes.ts). */
export type ContractDetails = ContractCustomerView & {
  selbstServices: SelfServiceSlug[];
  vorgemerkteAenderungen: {
    /** A self-service change, or 'inhaberwechsel': a confirmed holder change waiting for its day. */
    typ: PendingChangeType | 'inhaberwechsel';
    /** Name and new value in German, e.g. 'Elementarschutz: eingeschlossen'. */
    bezeichnung: string;
    wirksamkeitsdatum: string;
    neuerBeitrag?: number;
    /** Payment period of neuerBeitrag. */
    zahlweise?: ContractCustomerView['zahlweise'];
  }[];
  /** While a premium is overdue: the insurer's account, reference = contract number (payment-info.ts). */
  zahlungsinformationen?: { kontoinhaber: string; iban: string; bic: string; verwendungszweck: string };
  /** The day the contract ends or ended (declared end or fixed expiry); absent while it renews. */
  vertragsende?: string;
};

interface OwnPartner {
  partnerNummer: string | null;
}

/** The partner number of the signed-in customer (null for an account without partner). */
export async function getOwnPartnerNummer(signal?: AbortSignal): Promise<string | null> {
  const me = unwrapResult(await request<OwnPartner>({ path: '/api/auth/me', signal }));
  return me?.partnerNummer ?? null;
}

async function getContracts(partnerNummer: string, signal?: AbortSignal): Promise<ContractCustomerView[]> {
  return (
    unwrapResult(
      await request<ContractCustomerView[]>({
        path: '/api/vertrag/vertrag/findByPartnerNummer/{id}',
        pathParams: { id: partnerNummer },
        signal,
      }),
    ) ?? []
  );
}

/** GET /api/vertrag/vertrag/:id (the start page asks for several under the details page's query key). */
export async function getContract(
  versicherungsNummer: string,
  signal?: AbortSignal,
): Promise<ContractDetails> {
  const data = unwrapResult(
    await request<ContractDetails>({
      path: '/api/vertrag/vertrag/{id}',
      pathParams: { id: versicherungsNummer },
      signal,
    }),
  );
  if (!data) throw new Error('GET /api/vertrag/vertrag/{id} answered without a body');
  return data;
}

/** The signed-in customer's contracts; `data` is null when the account has no partner. */
export function useContracts() {
  return useQuery({
    queryKey: ['contracts', 'list'],
    queryFn: async ({ signal }) => {
      const partnerNummer = await getOwnPartnerNummer(signal);
      return partnerNummer === null ? null : getContracts(partnerNummer, signal);
    },
  });
}

/** One contract of the signed-in customer with documents, pending changes and self-services. */
export function useContract(versicherungsNummer: string) {
  return useQuery({
    queryKey: ['contracts', 'details', versicherungsNummer],
    queryFn: ({ signal }) => getContract(versicherungsNummer, signal),
  });
}
