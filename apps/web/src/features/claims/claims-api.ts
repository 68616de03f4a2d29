// The customer's claims on the server's /api/schadenstrecke routes (issue 14, spec §7 claims; the
// agreed interface of docs/api/claims.md): report a claim against a contract (with an
// Idempotency-Key, so a double click or a reload after the send makes one claim), server drafts per
// contract, the list and detail of the customer's claims, the open documents with their upload, the
// claim's messages, and the public report of a claimant without an account.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FlowAnswers } from '@schirm/domain/application/flow';
import type { ClaimProduct } from '@schirm/domain/claims/products';
import type { ClaimState } from '@schirm/domain/claims/status';
import { request } from '../../lib/api';
import { unwrapResult } from '../../lib/query-client';
import type { RequestResult } from '../../lib/request';
import type { ChatMessage } from '../../ui/chat/chat-message';

/** A finished upload as the uploads feature hands it over. */
export interface FinishedUpload {
  uploadId: string;
  dateiname: string;
  groesse: number;
  typ: string;
}

/** An upload sent with a report, optionally for one document of the checklist (its key). */
export interface ClaimUpload {
  uploadId: string;
  dokument?: string;
}

/** The answer to a report: the claim, its number and the receipt. */
export interface ClaimResult {
  claimId: string;
  schadennummer: string;
  status: ClaimState;
  dokumente: { typ: string; titel: string; url: string }[];
}

/** One claim of the list (GET /api/schadenstrecke/schaden). */
export interface ClaimListItem {
  claimId: string;
  schadennummer: string;
  produkt: ClaimProduct;
  produktName?: string;
  vertragsnummer: string;
  /** Day of the loss, yyyy-MM-dd. */
  schadentag: string;
  /** ISO instant or day of the report. */
  gemeldetAm: string;
  status: ClaimState;
  statusLabel?: string;
  offeneDokumente: number;
  ungeleseneNachrichten: number;
}

/** One step of the claim's history: the state it reached, when, and why (a rejection). */
export interface ClaimHistoryEntry {
  status: ClaimState;
  statusLabel?: string;
  am: string;
  grund?: string;
}

/** The answers as a person reads them (domain claims/summary.ts). */
export interface ClaimAnswerSection {
  schritt: string;
  titel: string;
  angaben: { label: string; wert: string }[];
}

/** A file of the claim the customer may download (with the bearer token). */
export interface ClaimFile {
  id: string;
  dateiname: string;
  groesse: number;
  typ: string;
  url: string;
}

/** One claim opened (GET /api/schadenstrecke/schaden/:claimId). */
export interface ClaimDetail extends ClaimListItem {
  verlauf: ClaimHistoryEntry[];
  /** The answers with German labels, per step. */
  antworten: ClaimAnswerSection[];
  /** Files sent with the report or later, for no particular document. */
  dateien: ClaimFile[];
  /** Documents still asked for. */
  offeneAnforderungen: ClaimRequiredDocument[];
  /** The receipt (Eingangsbestätigung). */
  dokumente: { typ: string; titel: string; url: string }[];
}

/** One document of the checklist of a reported claim. */
export interface ClaimRequiredDocument {
  key: string;
  titel: string;
  beschreibung: string;
  /** Last day, yyyy-MM-dd. */
  frist: string;
  status: 'offen' | 'eingereicht';
  erforderlich: boolean;
  /** Asked for later by the clerk. */
  nachgefordert?: boolean;
  dateien: ClaimFile[];
}

/** A claim's message as the server sends it (spec §3 'Chat message'; the body is `text`). */
export interface ClaimMessage extends Omit<ChatMessage, 'content'> {
  text: string;
}

/** The server's message as the chat list shows it. */
export function toChatMessage({ text, ...message }: ClaimMessage): ChatMessage {
  return { ...message, content: text };
}

/** A saved draft of a report (one per contract). */
export interface ClaimDraft {
  produkt: ClaimProduct;
  antworten: FlowAnswers;
  schritt: string;
}

/** A draft as the server keeps it: with the key its submit sends (two tabs of one draft: one claim). */
export interface SavedClaimDraft extends ClaimDraft {
  aktualisiertAm: string;
  idempotencyKey: string;
}

/** Who reports a claim without an account (public /schaden-melden/). */
export interface PublicClaimant {
  rolle: 'VERSICHERUNGSNEHMER' | 'GESCHAEDIGTER' | 'SONSTIGE';
  name: string;
  email: string;
  telefon?: string;
}

const BASE = '/api/schadenstrecke';

export const claimKeys = {
  all: ['claims'] as const,
  list: ['claims', 'list'] as const,
  detail: (claimId: string) => ['claims', 'detail', claimId] as const,
  documents: (claimId: string) => ['claims', 'documents', claimId] as const,
  messages: (claimId: string) => ['claims', 'messages', claimId] as const,
  draft: (contractId: string) => ['claims', 'draft', contractId] as const,
};

/** POST schaden/v2/:contractId: the same key answers the same claim (one claim per key). */
export function submitClaim(
  contractId: string,
  body: { produkt: ClaimProduct; antworten: FlowAnswers; uploads: ClaimUpload[] },
  idempotencyKey: string,
): Promise<RequestResult<ClaimResult>> {
  return request<ClaimResult>({
    method: 'POST',
    path: `${BASE}/schaden/v2/{contractId}`,
    pathParams: { contractId },
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    // A second send with the same key must reach the server too, not cancel the first.
    cancelPrevious: false,
  });
}

/** PUT entwuerfe/:contractId: saves (replaces) the draft of the contract's report. */
export function saveClaimDraft(
  contractId: string,
  draft: ClaimDraft,
): Promise<RequestResult<SavedClaimDraft>> {
  return request<SavedClaimDraft>({
    method: 'PUT',
    path: `${BASE}/entwuerfe/{contractId}`,
    pathParams: { contractId },
    body: draft,
  });
}

export function deleteClaimDraft(contractId: string): Promise<RequestResult<unknown>> {
  return request({
    method: 'DELETE',
    path: `${BASE}/entwuerfe/{contractId}`,
    pathParams: { contractId },
    cancelPrevious: false,
  });
}

/** The saved draft of a contract's report, or null when there is none (404). */
export function useClaimDraft(contractId: string | undefined) {
  return useQuery({
    queryKey: claimKeys.draft(contractId ?? ''),
    enabled: contractId !== undefined,
    queryFn: async ({ signal }) => {
      const result = await request<SavedClaimDraft>({
        path: `${BASE}/entwuerfe/{contractId}`,
        pathParams: { contractId: contractId! },
        signal,
      });
      if (!result.ok && result.errorStatus === 404) return null;
      return unwrapResult(result);
    },
    staleTime: 0,
  });
}

/** The partner number of the signed-in customer (null for an account without partner). */
export function useOwnPartnerNummer() {
  return useQuery({
    queryKey: ['auth', 'me', 'partnerNummer'],
    queryFn: async ({ signal }) =>
      // The contracts query asks /api/auth/me at the same time: neither may cancel the other.
      unwrapResult(
        await request<{ partnerNummer: string | null }>({
          path: '/api/auth/me',
          signal,
          cancelPrevious: false,
        }),
      )?.partnerNummer ?? null,
  });
}

/** The signed-in customer's claims, newest first. */
export function useClaims(partnerNummer: string | null | undefined) {
  return useQuery({
    queryKey: [...claimKeys.list, partnerNummer ?? ''],
    enabled: partnerNummer !== undefined,
    queryFn: async ({ signal }) =>
      unwrapResult(
        await request<{ schaeden: ClaimListItem[] }>({
          path: `${BASE}/schaden`,
          query: partnerNummer ? { partnernummer: partnerNummer } : {},
          signal,
        }),
      )?.schaeden ?? [],
  });
}

export function useClaim(claimId: string) {
  return useQuery({
    queryKey: claimKeys.detail(claimId),
    queryFn: async ({ signal }) => {
      const data = unwrapResult(
        await request<ClaimDetail>({ path: `${BASE}/schaden/{claimId}`, pathParams: { claimId }, signal }),
      );
      if (!data) throw new Error('GET schaden/:claimId answered without a body');
      return data;
    },
  });
}

export function useClaimDocuments(claimId: string) {
  return useQuery({
    queryKey: claimKeys.documents(claimId),
    queryFn: async ({ signal }) =>
      unwrapResult(
        await request<{ dokumente: ClaimRequiredDocument[] }>({
          path: `${BASE}/required-documents/{claimId}`,
          pathParams: { claimId },
          signal,
        }),
      )?.dokumente ?? [],
  });
}

/** Sends finished uploads for one document; the claim, its documents and the list are fetched again. */
export function useSubmitClaimDocument(claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, uploadIds }: { key: string; uploadIds: string[] }) =>
      unwrapResult(
        await request({
          method: 'POST',
          path: `${BASE}/required-documents/{claimId}/{key}`,
          pathParams: { claimId, key },
          body: { uploadIds },
          cancelPrevious: false,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
}

export function useClaimMessages(claimId: string, isEnabled = true) {
  return useQuery({
    queryKey: claimKeys.messages(claimId),
    enabled: isEnabled,
    queryFn: async ({ signal }) => {
      const data = unwrapResult(
        await request<{ nachrichten: ClaimMessage[] }>({
          path: `${BASE}/schaden/{claimId}/nachrichten`,
          pathParams: { claimId },
          signal,
        }),
      );
      return (data?.nachrichten ?? []).map(toChatMessage);
    },
  });
}

/**
 * Writes to the clerk with the message's Idempotency-Key (sent again after a failure, it is written
 * once); the conversation and the list's unread badges are fetched again.
 */
export function useSendClaimMessage(claimId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, idempotencyKey }: { text: string; idempotencyKey: string }) =>
      unwrapResult(
        await request({
          method: 'POST',
          path: `${BASE}/schaden/{claimId}/nachrichten`,
          pathParams: { claimId },
          body: { text },
          headers: { 'Idempotency-Key': idempotencyKey },
          cancelPrevious: false,
        }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: claimKeys.all }),
  });
}

/** POST oeffentlich: always 202 with the same neutral answer (no enumeration of contracts). */
export function submitPublicClaim(body: {
  vertragsnummer: string;
  pruefung: { plz: string } | { email: string };
  melder: PublicClaimant;
  produkt: ClaimProduct;
  antworten: FlowAnswers;
  uploads: { uploadId: string }[];
  uploadSchluessel?: string;
}): Promise<RequestResult<{ eingegangen: true; nachricht: string }>> {
  return request<{ eingegangen: true; nachricht: string }>({
    method: 'POST',
    path: `${BASE}/oeffentlich`,
    body,
    authenticated: false,
    cancelPrevious: false,
  });
}
