import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsentEnding, ConsentKind, ConsentState } from '@schirm/domain/consents';
import { request } from '../../../lib/api';
import { unwrapResult } from '../../../lib/query-client';

/*
 * The consent to process health data (issue 14, spec §2 '/einwilligung', §7 'einwilligungserklaerung'
 * and the consents list): the server's apps/server/src/modules/consents routes. The wording is
 * public; with the customer's token the answer carries their state.
 */

const PATH = '/api/schadenstrecke/einwilligungserklaerung';

export interface ConsentStatus {
  status: ConsentState;
  version?: string;
  erteiltAm?: string;
  widerrufenAm?: string;
}

export interface ConsentWording {
  art: ConsentKind;
  version: string;
  /** JJJJ-MM-TT */
  gueltigAb: string;
  sha256: string;
  titel: string;
  absaetze: string[];
  widerrufsfolgen: string;
  /** Only when asked with a customer's token. */
  zustand?: ConsentStatus;
}

export interface ConsentEntry {
  id: string;
  art: ConsentKind;
  titel: string;
  version: string;
  sha256: string;
  erteiltAm: string;
  beendetAm: string | null;
  beendetDurch: ConsentEnding | null;
  aktuelleFassung: boolean;
}

export const consentKeys = {
  wording: (signedIn: boolean) => ['consent', 'wording', signedIn] as const,
  list: ['consent', 'list'] as const,
};

/** The current wording; signed in, with the customer's state. */
export function useConsentWording(signedIn: boolean) {
  return useQuery({
    queryKey: consentKeys.wording(signedIn),
    queryFn: async ({ signal }): Promise<ConsentWording> => {
      const data = unwrapResult(
        await request<ConsentWording>({ path: PATH, authenticated: signedIn, signal }),
      );
      if (!data) throw new Error(`GET ${PATH} answered without a body`);
      return data;
    },
  });
}

/** The customer's consents with their history, newest first. */
export function useConsents(enabled: boolean) {
  return useQuery({
    queryKey: consentKeys.list,
    enabled,
    queryFn: async ({ signal }): Promise<ConsentEntry[]> =>
      unwrapResult(
        await request<{ einwilligungen: ConsentEntry[] }>({ path: '/api/partner/einwilligungen', signal }),
      )?.einwilligungen ?? [],
  });
}

function useConsentMutation(run: (version: string) => Promise<ConsentStatus | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['consent'] }),
  });
}

/** Gives the consent to the wording of `version` (409 when the wording changed meanwhile). */
export function useGiveConsent() {
  return useConsentMutation(async (version) =>
    unwrapResult(
      await request<ConsentStatus>({ method: 'POST', path: PATH, body: { version, zugestimmt: true } }),
    ),
  );
}

/** Withdraws the consent with effect from now. */
export function useWithdrawConsent() {
  return useConsentMutation(async () =>
    unwrapResult(await request<ConsentStatus>({ method: 'DELETE', path: PATH })),
  );
}
