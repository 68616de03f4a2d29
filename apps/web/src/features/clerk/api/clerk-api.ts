import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../lib/api';
import { RequestError, unwrapResult } from '../../../lib/query-client';

/*
 * The clerk's side (Innendienst, issue 14 part 7, ADR 0027): apps/server/src/modules/clerk/routes.ts
 * under /api/innendienst. Every action answers the claim or message as it is afterwards, and the
 * lists are refetched.
 */

const BASE = '/api/innendienst';

export const MESSAGE_FILTERS = ['offen', 'beantwortet', 'alle'] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

export const CLAIM_STATES = [
  'GEMELDET',
  'DECKUNG_GEPRUEFT',
  'BEGUTACHTET',
  'REGULIERT',
  'ABGELEHNT',
] as const;
export type ClaimState = (typeof CLAIM_STATES)[number];

export interface ClerkCustomer {
  partnerId: string;
  partnerNummer: string;
  name: string;
}

export interface IncomingMessage {
  id: string;
  erstelldatum: string;
  betreff: string;
  thema: string | null;
  themaLabel: string | null;
  vorschau: string;
  kunde: ClerkCustomer;
  vertrag: { versicherungsNummer: string; produkt: string } | null;
  beantwortet: boolean;
  vomKundenGeloescht: boolean;
}

export interface IncomingMessageDetail extends IncomingMessage {
  text: string;
  html: string | null;
  antworten: {
    id: string;
    erstelldatum: string;
    betreff: string;
    text: string;
    sachbearbeiter: string;
    gelesen: boolean;
  }[];
}

export interface Page<T> {
  seite: number;
  proSeite: number;
  gesamt: number;
  items: T[];
}

export interface ClerkClaimItem {
  claimId: string;
  schadennummer: string;
  produkt: string;
  produktName: string;
  vertragsnummer: string;
  schadentag: string;
  gemeldetAm: string;
  status: ClaimState;
  statusLabel: string;
  offeneDokumente: number;
  ungeleseneNachrichten: number;
  partnerName: string;
  partnerNummer: string;
  quelle: string;
  /** The clerk handling the claim (Sachbearbeitung); `ich`: the signed-in clerk. */
  bearbeiter: ClaimHandler | null;
}

export interface ClaimHandler {
  accountId: string;
  name: string;
  seit: string;
  ich: boolean;
}

/** 'alle', the claims the signed-in clerk handles, or those nobody has taken. */
export const CLAIM_RESPONSIBILITIES = ['alle', 'ich', 'niemand'] as const;
export type ClaimResponsibility = (typeof CLAIM_RESPONSIBILITIES)[number];

export interface ClaimFile {
  id: string;
  dateiname: string;
  groesse: number;
  typ: string;
  url: string;
}

export interface ClaimDocument {
  key: string;
  titel: string;
  beschreibung: string;
  frist: string;
  erforderlich: boolean;
  nachgefordert: boolean;
  status: 'offen' | 'eingereicht';
  dateien: ClaimFile[];
}

export interface ClaimChatMessage {
  id: string;
  author: string;
  direction: 'incoming' | 'outgoing';
  time: string;
  source: string;
  subject: string;
  text: string;
}

export interface ClerkClaimDetail extends Omit<ClerkClaimItem, 'partnerName' | 'partnerNummer'> {
  partnerName?: string;
  partnerNummer?: string;
  melder?: Record<string, string>;
  abgeschlossen: boolean;
  verlauf: { status: ClaimState; statusLabel: string; am: string; grund?: string }[];
  erlaubteStatus?: ClaimState[];
  antworten: { schritt: string; titel: string; angaben: { label: string; wert: string }[] }[];
  dateien: ClaimFile[];
  dokumenteAlle: ClaimDocument[];
  offeneAnforderungen: ClaimDocument[];
  nachrichten: ClaimChatMessage[];
}

export const clerkKeys = {
  all: ['clerk'] as const,
  messages: (filter: MessageFilter, page: number) => ['clerk', 'messages', filter, page] as const,
  message: (id: string) => ['clerk', 'message', id] as const,
  claims: (status: ClaimState | 'alle', responsibility: ClaimResponsibility, page: number) =>
    ['clerk', 'claims', status, responsibility, page] as const,
  claim: (claimId: string) => ['clerk', 'claim', claimId] as const,
};

export const PER_PAGE = 20;

function required<T>(data: T | undefined | null, what: string): T {
  if (data === undefined || data === null) throw new Error(`${what} answered without a body`);
  return data;
}

/** The customers' messages of one filter, newest first, a page at a time. */
export function useIncomingMessages(filter: MessageFilter, page: number) {
  return useQuery({
    queryKey: clerkKeys.messages(filter, page),
    queryFn: async ({ signal }): Promise<Page<IncomingMessage>> => {
      const data = required(
        unwrapResult(
          await request<{ nachrichten: IncomingMessage[]; seite: number; proSeite: number; gesamt: number }>({
            path: `${BASE}/nachrichten`,
            query: { filter, seite: page, proSeite: PER_PAGE },
            signal,
          }),
        ),
        'GET nachrichten',
      );
      return { seite: data.seite, proSeite: data.proSeite, gesamt: data.gesamt, items: data.nachrichten };
    },
    placeholderData: keepPreviousData,
  });
}

export function useIncomingMessage(id: string) {
  return useQuery({
    queryKey: clerkKeys.message(id),
    queryFn: async ({ signal }) =>
      required(
        unwrapResult(
          await request<IncomingMessageDetail>({
            path: `${BASE}/nachrichten/{id}`,
            pathParams: { id },
            signal,
          }),
        ),
        'GET nachricht',
      ),
  });
}

/**
 * Sends the clerk's answer with the number of answers the page showed: when a colleague answered
 * meanwhile (or a retried request had already sent it), the server sends nothing and answers 409;
 * the message is then fetched again, so the other answer is on the page.
 */
export function useReply(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, bisherigeAntworten }: { text: string; bisherigeAntworten: number }) =>
      required(
        unwrapResult(
          await request<IncomingMessageDetail>({
            method: 'POST',
            path: `${BASE}/nachrichten/{id}/antwort`,
            pathParams: { id },
            body: { text, bisherigeAntworten },
          }),
        ),
        'POST antwort',
      ),
    onSuccess: async (detail) => {
      queryClient.setQueryData(clerkKeys.message(id), detail);
      await queryClient.invalidateQueries({ queryKey: ['clerk', 'messages'] });
    },
    onError: async (error) => {
      if (error instanceof RequestError && error.errorStatus === 409) {
        await queryClient.invalidateQueries({ queryKey: clerkKeys.message(id) });
      }
    },
  });
}

/** All claims of one state (or all) and responsibility, newest first, a page at a time. */
export function useClerkClaims(
  status: ClaimState | 'alle',
  page: number,
  responsibility: ClaimResponsibility = 'alle',
) {
  return useQuery({
    queryKey: clerkKeys.claims(status, responsibility, page),
    queryFn: async ({ signal }): Promise<Page<ClerkClaimItem>> => {
      const data = required(
        unwrapResult(
          await request<{ schaeden: ClerkClaimItem[]; seite: number; proSeite: number; gesamt: number }>({
            path: `${BASE}/schaeden`,
            query: {
              seite: page,
              proSeite: PER_PAGE,
              ...(status === 'alle' ? {} : { status }),
              ...(responsibility === 'alle' ? {} : { zustaendig: responsibility }),
            },
            signal,
          }),
        ),
        'GET schaeden',
      );
      return { seite: data.seite, proSeite: data.proSeite, gesamt: data.gesamt, items: data.schaeden };
    },
    placeholderData: keepPreviousData,
  });
}

export function useClerkClaim(claimId: string) {
  return useQuery({
    queryKey: clerkKeys.claim(claimId),
    queryFn: async ({ signal }) =>
      required(
        unwrapResult(
          await request<ClerkClaimDetail>({
            path: `${BASE}/schaeden/{claimId}`,
            pathParams: { claimId },
            signal,
          }),
        ),
        'GET schaden',
      ),
  });
}

/**
 * A claim action: POSTs the input as the body; `split` (if given) takes headers out of the input,
 * such as the Idempotency-Key, and says what is sent as the body.
 */
function useClaimAction<Input>(
  claimId: string,
  path: string,
  split: (input: Input) => { body: object; headers?: Record<string, string> } = (input) => ({
    body: input as object,
  }),
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) =>
      unwrapResult(
        await request<unknown>({
          method: 'POST',
          path: `${BASE}/schaeden/{claimId}/${path}`,
          pathParams: { claimId },
          ...split(input),
        }),
      ),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clerkKeys.claim(claimId) }),
        queryClient.invalidateQueries({ queryKey: ['clerk', 'claims'] }),
      ]);
    },
  });
}

export function useMoveClaim(claimId: string) {
  return useClaimAction<{ nach: ClaimState; grund?: string; erwartet?: ClaimState }>(claimId, 'status');
}

export function useRequestDocument(claimId: string) {
  return useClaimAction<{ titel: string; beschreibung?: string; fristTage: number }>(claimId, 'unterlagen');
}

/** Takes the claim (`uebernehmen`) or hands it back; `bisher`: the handler the page showed. */
export function useSetClaimHandler(claimId: string) {
  return useClaimAction<{ uebernehmen: boolean; bisher: string | null }>(claimId, 'bearbeitung');
}

/** Writes to the customer; the form's key makes a retried request write nothing twice. */
export function useWriteClaimMessage(claimId: string) {
  return useClaimAction<{ text: string; idempotencyKey: string }>(
    claimId,
    'nachrichten',
    ({ idempotencyKey, ...body }) => ({ body, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
}
