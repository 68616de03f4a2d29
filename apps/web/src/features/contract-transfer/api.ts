// Calls of the contract transfer (docs/api/contract-transfer.md): the BHV tariff change for the
// agent, the signed-in customer and the e-mailed link; the holder change for the agent, the new
// holder's confirmation and the customer's request.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api';
import { unwrapResult } from '../../lib/query-client';
import { requireResultData } from '../../lib/request-error';
import type { BankInfo } from '../../ui/forms/iban-input';

export type Zahlweise = 'MONATLICH' | 'VIERTELJAEHRLICH' | 'HALBJAEHRLICH' | 'JAEHRLICH' | 'EINMALIG';

export interface ComparedPeriod {
  zahlweise: Zahlweise;
  altBruttoCents: number;
  neuNettoCents: number;
  neuVersicherungsteuerCents: number;
  neuBruttoCents: number;
  differenzCents: number;
}

export interface TariffChangePreview {
  versicherungsNummer: string;
  versicherungsName: string;
  neuerVersicherungsName: string;
  inhaber: string;
  hauptgewerbe: string;
  nebengewerbe: string[];
  jahresumsatzCents: number;
  wechselDatum: string;
  altEndetMitAblaufDes: string;
  fruehestesDatum: string;
  spaetestesDatum: string;
  varianteName: string;
  versicherungssummeCents: number;
  zahlweise: Zahlweise;
  vergleich: ComparedPeriod[];
}

export interface TariffChangeResult {
  alteVersicherungsNummer: string;
  neueVersicherungsNummer: string;
  wechselDatum: string;
  altEndetMitAblaufDes: string;
  zahlweise: Zahlweise;
  bruttoCents: number;
  dokument: { id: string; name: string; url: string };
}

/** Where one audience's tariff change is read and submitted. */
export type TariffChangeChannel =
  | { kind: 'agent'; versicherungsNummer: string }
  | { kind: 'customer'; versicherungsNummer: string }
  | { kind: 'link'; token: string };

function previewRequest(
  channel: TariffChangeChannel,
  wechselDatum: string | undefined,
  signal?: AbortSignal,
) {
  const query = wechselDatum ? { wechselDatum } : {};
  switch (channel.kind) {
    case 'agent':
      return request<TariffChangePreview>({
        path: '/api/vermittler/tarifwechsel/bhv/{nr}',
        pathParams: { nr: channel.versicherungsNummer },
        query,
        signal,
      });
    case 'customer':
      return request<TariffChangePreview>({
        path: '/api/vertrag/vertrag/{nr}/tarifwechsel',
        pathParams: { nr: channel.versicherungsNummer },
        query,
        signal,
      });
    case 'link':
      return request<TariffChangePreview>({
        method: 'POST',
        path: '/api/tarifwechsel/bhv/link',
        body: { token: channel.token, ...query },
        authenticated: false,
        signal,
      });
  }
}

function channelKey(channel: TariffChangeChannel): string {
  return channel.kind === 'link' ? 'link' : `${channel.kind}:${channel.versicherungsNummer}`;
}

export function useTariffChangePreview(channel: TariffChangeChannel, wechselDatum: string | undefined) {
  return useQuery({
    queryKey: ['contract-transfer', 'tariff', channelKey(channel), wechselDatum ?? 'standard'],
    queryFn: async ({ signal }) => unwrapResult(await previewRequest(channel, wechselDatum, signal)),
    retry: false,
    placeholderData: (previous) => previous,
  });
}

export function useSubmitTariffChange(channel: TariffChangeChannel) {
  return useMutation({
    mutationFn: async ({ wechselDatum, key }: { wechselDatum: string; key: string }) => {
      const headers = { 'Idempotency-Key': key };
      const body = { wechselDatum };
      const result =
        channel.kind === 'link'
          ? await request<TariffChangeResult>({
              method: 'POST',
              path: '/api/tarifwechsel/bhv/link/abschluss',
              body: { ...body, token: channel.token },
              headers,
              authenticated: false,
            })
          : await request<TariffChangeResult>({
              method: 'POST',
              path:
                channel.kind === 'agent'
                  ? '/api/vermittler/tarifwechsel/bhv/{nr}'
                  : '/api/vertrag/vertrag/{nr}/tarifwechsel',
              pathParams: { nr: channel.versicherungsNummer },
              body,
              headers,
            });
      const data = requireResultData(result);
      if (!data) throw new Error('The tariff change answered without a body');
      return data;
    },
  });
}

export function useRequestTariffChangeLink() {
  return useMutation({
    mutationFn: async (body: { vertragsnummer: string; plz: string }) =>
      requireResultData(
        await request<{ nachricht: string }>({
          method: 'POST',
          path: '/api/tarifwechsel/bhv/anfrage',
          body,
          authenticated: false,
        }),
      ),
  });
}

// ---- holder change ------------------------------------------------------------------------------

/**
 * OFFEN: waiting for the new holder; ABGELAUFEN: its link expired; BESTAETIGT: confirmed, moves on
 * wirksamAb; DURCHGEFUEHRT: moved; STORNIERT; GEGENSTANDSLOS: the contract ended before the day.
 */
export type HolderChangeStatus =
  'OFFEN' | 'ABGELAUFEN' | 'BESTAETIGT' | 'DURCHGEFUEHRT' | 'STORNIERT' | 'GEGENSTANDSLOS';

export interface HolderChangeView {
  id: string;
  status: HolderChangeStatus;
  neuerInhaber: string;
  email: string;
  wirksamAb: string;
  erstelltAm: string;
  gueltigBis: string;
}

export interface HolderChangeState {
  versicherungsNummer: string;
  versicherungsName: string;
  vertragsstatus: string;
  inhaber: { name: string; partnerNummer: string };
  fruehestesDatum: string;
  spaetestesDatum: string;
  offen?: HolderChangeView;
  verlauf: HolderChangeView[];
  anfragen: {
    id: string;
    neuerInhaberName: string;
    neuerInhaberEmail?: string;
    wunschdatum: string;
    nachricht?: string;
    eingegangenAm: string;
  }[];
}

export interface NewPerson {
  anrede?: 'Frau' | 'Herr' | 'Divers';
  vorname: string;
  nachname: string;
  geburtsdatum: string;
  email: string;
  adresse: { strasse: string; hausnummer: string; plz: string; ort: string };
}

export type NewHolder = { partnerNummer: string } | { person: NewPerson };

const holderKey = (nr: string) => ['contract-transfer', 'holder', nr];

export function useHolderChangeState(versicherungsNummer: string) {
  return useQuery({
    queryKey: holderKey(versicherungsNummer),
    queryFn: async ({ signal }) =>
      unwrapResult(
        await request<HolderChangeState>({
          path: '/api/vermittler/inhaberwechsel/{nr}',
          pathParams: { nr: versicherungsNummer },
          signal,
        }),
      ),
    retry: false,
  });
}

export function useStartHolderChange(versicherungsNummer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { wirksamAb: string; neuerInhaber: NewHolder }) =>
      requireResultData(
        await request<HolderChangeState>({
          method: 'POST',
          path: '/api/vermittler/inhaberwechsel/{nr}',
          pathParams: { nr: versicherungsNummer },
          body,
        }),
      ),
    onSuccess: (state) => client.setQueryData(holderKey(versicherungsNummer), state),
  });
}

export function useCancelHolderChange(versicherungsNummer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      requireResultData(
        await request<HolderChangeState>({
          method: 'DELETE',
          path: '/api/vermittler/inhaberwechsel/{nr}',
          pathParams: { nr: versicherungsNummer },
        }),
      ),
    onSuccess: (state) => client.setQueryData(holderKey(versicherungsNummer), state),
  });
}

export interface ConfirmationPreview {
  versicherungsNummer: string;
  versicherungsName: string;
  wirksamAb: string;
  neuerInhaber: string;
  zahlweise: Zahlweise;
  bruttoBeitragProPeriodeCents: number;
}

export function useConfirmationPreview(token: string) {
  return useQuery({
    queryKey: ['contract-transfer', 'confirmation', token],
    queryFn: async ({ signal }) =>
      unwrapResult(
        await request<ConfirmationPreview>({
          method: 'POST',
          path: '/api/inhaberwechsel/bestaetigung/vorschau',
          body: { token },
          authenticated: false,
          signal,
        }),
      ),
    enabled: token !== '',
    retry: false,
  });
}

export function useConfirmHolderChange(token: string) {
  return useMutation({
    mutationFn: async (body: { iban: string; kontoinhaber: string }) =>
      requireResultData(
        await request<{
          versicherungsNummer: string;
          wirksamAb: string;
          /** DURCHGEFUEHRT: the contract moved now; BESTAETIGT: it moves on wirksamAb. */
          status: 'DURCHGEFUEHRT' | 'BESTAETIGT';
          mandatsreferenz: string;
          registrierung: string;
        }>({
          method: 'POST',
          path: '/api/inhaberwechsel/bestaetigung',
          body: { ...body, token, mandat: true },
          authenticated: false,
        }),
      ),
  });
}

export function useRequestHolderChange(versicherungsNummer: string) {
  return useMutation({
    mutationFn: async (body: { name: string; email?: string; wunschdatum: string; nachricht?: string }) =>
      requireResultData(
        await request<{ eingegangenAm: string }>({
          method: 'POST',
          path: '/api/vertrag/vertrag/{nr}/inhaberwechsel/anfrage',
          pathParams: { nr: versicherungsNummer },
          body,
        }),
      ),
  });
}

/** Bank name and BIC of a valid German IBAN, or null. */
export async function lookupBank(iban: string): Promise<BankInfo | null> {
  const result = await request<{ valid: boolean; bankData?: { name: string; bic: string | null } }>({
    path: '/api/openiban-validator/validate/{iban}',
    pathParams: { iban },
    query: { getBIC: true },
    authenticated: false,
    cancelPrevious: false,
  });
  if (!result.ok || result.canceled || !result.data.valid || !result.data.bankData) return null;
  return { bankName: result.data.bankData.name, bic: result.data.bankData.bic ?? '' };
}
