// Calls of the self-service pages (apps/server/src/modules/contract-changes/routes.ts): the contract
// the page acts on, the preview (POST, nothing saved) and the save (PATCH) of one change.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import type { PendingChangeType } from '@schirm/domain/contract/contract-record';
import type { SelfServiceSlug } from '@schirm/domain/flags';
import { request } from '../../../lib/api';
import { isNetworkFailure, OFFLINE_MESSAGE } from '../../../lib/network-failure';
import { RequestError, unwrapResult } from '../../../lib/query-client';
import { useSelfServiceScope } from '../self-service-scope';

/** The contract as GET /api/vertrag/vertrag/:id answers it. */
export type SelfServiceContract = ContractCustomerView & {
  selbstServices: SelfServiceSlug[];
  vorgemerkteAenderungen: PendingChangeEntry[];
  /** The contract once every pending change applied; only while changes are pending. */
  geplanterStand?: ContractCustomerView;
  /** Set by the page when the form starts from the planned state: the contract as it stands today. */
  heute?: ContractCustomerView;
};

/** A pending change as the contract call lists it. */
export interface PendingChangeEntry {
  typ: PendingChangeType;
  /** Name and new value in German, e.g. 'Elementarschutz: eingeschlossen'. */
  bezeichnung: string;
  wirksamkeitsdatum: string;
  neuerBeitrag?: number;
  zahlweise?: ContractCustomerView['zahlweise'];
}

/** A pending change a preview names (replaced, or a step of the timeline). */
export interface PlannedChange {
  typ: PendingChangeType;
  bezeichnung: string;
  wirksamkeitsdatum: string;
}

/** One step of the premium from today on: a pending change, or this one ('diese'). */
export interface TimelineStep extends PlannedChange {
  art: 'vorgemerkt' | 'diese';
  beitrag?: ChangePremium;
  /** A pending change priced again by this change: the premium it had so far. */
  bisherVorgemerkt?: ChangePremium;
}

/** A premium as the change calls show it, in EUR. */
export interface ChangePremium {
  zahlweise: ContractCustomerView['zahlweise'];
  nettoProPeriode: number;
  versicherungsteuerProPeriode: number;
  beitragProPeriode: number;
  jahresbeitrag: number;
}

/** The answer of a preview and of a save. */
export interface ChangePreview {
  versicherungsNummer: string;
  version: number;
  wirksamkeitsdatum: string;
  /** Today's premium. */
  bisherigerBeitrag: ChangePremium;
  /** The premium once every pending change and this one applied. */
  neuerBeitrag?: ChangePremium;
  /** Only while changes are pending: the premium once they applied, without this one. */
  beitragOhneAenderung?: ChangePremium;
  /** Pending changes and this one, in the order they take effect. */
  zeitplan: TimelineStep[];
  /** Pending changes this change replaces; saving needs the customer's confirmation. */
  ersetzteVormerkungen: PlannedChange[];
  /** The change only takes back pending changes. */
  ruecknahme: boolean;
  versicherungssumme?: number;
  /** Revenue only: why the revenue cannot be insured online. */
  fehlermeldung?: string;
  /** Bank account only: the new SEPA mandate (its reference once saved). */
  sepaMandat?: SepaMandate;
  /** Bank account only, once saved: the mandate as PDF. */
  dokument?: { id: string; name: string; typ: string; url: string };
  /** Hausrat move only: the flood class (ZÜRS) of the new home and whether elementary cover is possible there. */
  zuersKlasse?: 1 | 2 | 3 | 4;
  elementarEinschliessbar?: boolean;
  /** PHV family status only: the co-insured persons the new status no longer includes. */
  nichtMehrMitversichert?: DroppedCoInsured[];
}

/** A co-insured person a family status change drops (partner or child, by name). */
export interface DroppedCoInsured {
  art: 'MITVERSICHERTE_PERSON' | 'MITVERSICHERTES_KIND';
  vorname: string;
  name: string;
}

/** A new SEPA direct-debit mandate as the bank account change answers it. */
export interface SepaMandate {
  glaeubigerId: string;
  mandatsreferenz?: string;
  erteiltAm: string;
  kontoinhaber: string;
  iban: string;
  bic?: string;
  bank?: string;
  /** The running contracts debited from the account; the new mandate applies to all of them. */
  vertraege: { versicherungsNummer: string; versicherungsName: string }[];
}

/** The request body of one change; the page's form produces it. */
export type ChangeBody = Record<string, unknown>;

/**
 * The contract a self-service page changes: the customer's own (the same query the contract details
 * page uses) or, for an agent, the same view through the agent's scope (self-service-scope.tsx).
 */
export function useSelfServiceContract(versicherungsNummer: string) {
  const { apiBase, queryKey } = useSelfServiceScope();
  return useQuery({
    queryKey: queryKey(versicherungsNummer),
    enabled: versicherungsNummer !== '',
    queryFn: async ({ signal }) => {
      const data = unwrapResult(
        await request<SelfServiceContract>({
          path: `${apiBase}/{id}`,
          pathParams: { id: versicherungsNummer },
          signal,
        }),
      );
      if (!data) throw new Error(`GET ${apiBase}/{id} answered without a body`);
      return data;
    },
  });
}

async function changeCall(
  method: 'POST' | 'PATCH',
  apiBase: string,
  endpoint: string,
  versicherungsNummer: string,
  body: ChangeBody,
): Promise<ChangePreview> {
  const data = unwrapResult(
    await request<ChangePreview>({
      method,
      path: `${apiBase}/${endpoint}/{id}`,
      pathParams: { id: versicherungsNummer },
      body,
    }),
  );
  if (!data) throw new Error(`${method} ${endpoint} answered without a body`);
  return data;
}

/** Step one: the new premium and the effective date, nothing saved. */
export function usePreviewChange(endpoint: string, versicherungsNummer: string) {
  const { apiBase } = useSelfServiceScope();
  return useMutation({
    mutationFn: (body: ChangeBody) => changeCall('POST', apiBase, endpoint, versicherungsNummer, body),
  });
}

/** Step two: saves the change as pending; the contract queries are read again afterwards. */
export function useSaveChange(endpoint: string, versicherungsNummer: string) {
  const queryClient = useQueryClient();
  const { apiBase, queryKey } = useSelfServiceScope();
  return useMutation({
    mutationFn: ({
      body,
      preview,
      vormerkungenErsetzen = false,
    }: {
      body: ChangeBody;
      preview: ChangePreview;
      /** The customer confirmed that the pending changes the preview named are replaced. */
      vormerkungenErsetzen?: boolean;
    }) =>
      changeCall('PATCH', apiBase, endpoint, versicherungsNummer, {
        ...body,
        version: preview.version,
        ...(vormerkungenErsetzen ? { vormerkungenErsetzen: true } : {}),
        ...(preview.neuerBeitrag ? { erwarteterBeitrag: preview.neuerBeitrag.beitragProPeriode } : {}),
      }),
    // The customer's contract queries, or the agent's (its contract page lists the change too).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKey(versicherungsNummer).slice(0, 1) }),
  });
}

/** What a failed call tells: HTTP status, stable code, the German message and field messages. */
export interface ChangeFailure {
  status: number | 'unknown';
  code?: string;
  message?: string;
  fieldErrors: { path: string; message: string }[];
}

export function changeFailure(error: unknown): ChangeFailure {
  if (!(error instanceof RequestError)) return { status: 'unknown', fieldErrors: [] };
  if (isNetworkFailure(error)) return { status: 'unknown', message: OFFLINE_MESSAGE, fieldErrors: [] };
  const body = error.error as
    | { error?: { code?: string; message?: string; fieldErrors?: { path: string; message: string }[] } }
    | undefined;
  return {
    status: error.errorStatus,
    ...(body?.error?.code ? { code: body.error.code } : {}),
    ...(body?.error?.message ? { message: body.error.message } : {}),
    fieldErrors: body?.error?.fieldErrors ?? [],
  };
}
