import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api';
import type { Faq } from '../../lib/faq';
import { RequestError, unwrapResult } from '../../lib/query-client';

/*
 * Agent administration (issue 15): apps/server/src/modules/agent-admin/routes.ts, docs/api/agent-admin.md.
 */

const BASE = '/api/vermittler/vermittler';

export type AgentStatus = 'AKTIV' | 'INAKTIV';
export type Taetigkeit = 'VERSICHERUNGSVERTRETER' | 'VERSICHERUNGSMAKLER';
export const MESSAGE_TOPICS = ['VERTRAG', 'KUNDE', 'PROVISION', 'ZUGANG', 'TECHNIK', 'SONSTIGES'] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];

export interface TreeAgent {
  id: string;
  vermittlerNummer: string;
  name: string;
  email: string;
  telefon: string | null;
  status: AgentStatus;
  vertriebsweg: string;
  ebene: number;
  uebergeordneteId: string | null;
  agenturName: string;
  anzahlKunden: number;
}

export interface AgentTree {
  vermittler: TreeAgent;
  untervermittler: TreeAgent[];
}

export interface Address {
  name: string;
  strasse: string;
  hausnummer: string;
  plz: string;
  ort: string;
}

export interface AgencyData {
  agentur: Address;
  registerNummer: string | null;
  taetigkeit: Taetigkeit;
  beteiligungen: string | null;
  vertriebsweg: string;
  vermittlerNummer: string;
  bearbeitbar: boolean;
  hauptagentur: { name: string; vermittlerNummer: string } | null;
}

export interface AgencyInput {
  agentur: Address;
  registerNummer: string;
  taetigkeit: Taetigkeit;
  beteiligungen: string;
}

export interface Settings {
  name: string;
  telefon: string | null;
  anmeldename: string;
  email: string;
  benachrichtigungsEmail: string | null;
}

export interface AgentMessage {
  id: string;
  erstelldatum: string;
  thema: MessageTopic;
  themaLabel: string;
  betreff: string;
  text: string;
  html: string;
  anhaenge: { id: string; name: string; groesse: number; typ: string }[];
  partnerNummer: string | null;
  vertragsnummer: string | null;
  antwort: string | null;
  beantwortetAm: string | null;
}

export interface StaticDocument {
  name: string;
  titel: string;
  url: string;
}

export const ERSTINFORMATION_URL = '/api/dokument/dvelop/dokumente/static/erstinformation';

const keys = {
  tree: ['agent-admin', 'tree'] as const,
  agency: ['agent-admin', 'agency'] as const,
  settings: ['agent-admin', 'settings'] as const,
  messages: ['agent-admin', 'messages'] as const,
  faq: ['agent-admin', 'faq'] as const,
  staticDocuments: ['agent-admin', 'static-documents'] as const,
};

function required<T>(data: T | null, what: string): T {
  if (data === null) throw new Error(`${what} answered without a body`);
  return data;
}

/** The API's German message of a failed request (error envelope), or undefined. */
export function apiMessage(error: unknown): string | undefined {
  if (!(error instanceof RequestError)) return undefined;
  const body = error.error as { error?: { message?: unknown } } | undefined;
  return typeof body?.error?.message === 'string' ? body.error.message : undefined;
}

/** The API's field messages (path → German message) of a 400 answer. */
export function apiFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof RequestError)) return {};
  const body = error.error as { error?: { fieldErrors?: { path: string; message: string }[] } } | undefined;
  return Object.fromEntries((body?.error?.fieldErrors ?? []).map((field) => [field.path, field.message]));
}

export function useAgentTree() {
  return useQuery({
    queryKey: keys.tree,
    queryFn: async ({ signal }) =>
      required(unwrapResult(await request<AgentTree>({ path: `${BASE}/liste`, signal })), 'GET liste'),
  });
}

export function useCreateSubAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; email: string; mobil: string; uebergeordneteId?: string }) =>
      required(
        unwrapResult(await request<TreeAgent>({ method: 'POST', path: `${BASE}/erstellen`, body })),
        'POST erstellen',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.tree }),
  });
}

export function useAttachAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { vermittlerNummer: string; email: string }) =>
      required(
        unwrapResult(await request<TreeAgent>({ method: 'POST', path: `${BASE}/anbinden`, body })),
        'POST anbinden',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.tree }),
  });
}

export function useDeactivateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      required(
        unwrapResult(
          await request<TreeAgent>({
            method: 'POST',
            path: `${BASE}/{id}/deaktivieren`,
            pathParams: { id },
            body: {},
          }),
        ),
        'POST deaktivieren',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.tree }),
  });
}

export function useReactivateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      required(
        unwrapResult(
          await request<TreeAgent>({
            method: 'POST',
            path: `${BASE}/{id}/aktivieren`,
            pathParams: { id },
            body: {},
          }),
        ),
        'POST aktivieren',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.tree }),
  });
}

export function useAgency() {
  return useQuery({
    queryKey: keys.agency,
    queryFn: async ({ signal }) =>
      required(unwrapResult(await request<AgencyData>({ path: `${BASE}/agentur`, signal })), 'GET agentur'),
  });
}

export function useSaveAgency() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: AgencyInput) =>
      required(
        unwrapResult(await request<AgencyData>({ method: 'PUT', path: `${BASE}/agentur`, body })),
        'PUT agentur',
      ),
    onSuccess: (data) => queryClient.setQueryData(keys.agency, data),
  });
}

/** The public static documents (terms of use, consent forms) listed with the Erstinformation. */
export function useStaticDocuments() {
  return useQuery({
    queryKey: keys.staticDocuments,
    queryFn: async ({ signal }) =>
      required(
        unwrapResult(
          await request<StaticDocument[]>({
            path: '/api/dokument/dvelop/dokumente/static',
            authenticated: false,
            signal,
          }),
        ),
        'GET static',
      ),
  });
}

export function useSettings() {
  return useQuery({
    queryKey: keys.settings,
    queryFn: async ({ signal }) =>
      required(
        unwrapResult(await request<Settings>({ path: `${BASE}/einstellungen`, signal })),
        'GET einstellungen',
      ),
  });
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { name: string; telefon: string; benachrichtigungsEmail: string }) =>
      required(
        unwrapResult(await request<Settings>({ method: 'PUT', path: `${BASE}/einstellungen`, body })),
        'PUT einstellungen',
      ),
    onSuccess: (data) => queryClient.setQueryData(keys.settings, data),
  });
}

export function useAgentFaq() {
  return useQuery({
    queryKey: keys.faq,
    queryFn: async ({ signal }) =>
      required(
        unwrapResult(
          await request<Faq>({ path: '/api/content/vermittler-faq', authenticated: false, signal }),
        ),
        'GET vermittler-faq',
      ),
  });
}

export function useOwnMessages() {
  return useQuery({
    queryKey: keys.messages,
    queryFn: async ({ signal }) =>
      required(
        unwrapResult(await request<AgentMessage[]>({ path: '/api/vermittler/nachricht', signal })),
        'GET nachricht',
      ),
  });
}

export interface NewMessage {
  idempotencyKey: string;
  thema: MessageTopic;
  betreff: string;
  html: string;
  partnerNummer: string;
  vertragsnummer: string;
  /** Finished uploads (features/uploads) to attach. */
  uploadIds?: string[];
}

/** Where the agent downloads an attachment of its own message. */
export function ownAttachmentUrl(messageId: string, uploadId: string): string {
  return `/api/vermittler/nachricht/${encodeURIComponent(messageId)}/anhaenge/${encodeURIComponent(uploadId)}`;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewMessage) =>
      required(
        unwrapResult(
          await request<AgentMessage>({ method: 'POST', path: '/api/vermittler/nachricht', body }),
        ),
        'POST nachricht',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.messages }),
  });
}

export interface SalesPartnerApplication {
  firma: string;
  ansprechpartner: string;
  email: string;
  telefon: string;
  erlaubnisNummer: string;
  registerNummer: string;
  nachricht: string;
}

export function useApplyAsSalesPartner() {
  return useMutation({
    mutationFn: async ({ idempotencyKey, ...body }: SalesPartnerApplication & { idempotencyKey: string }) =>
      unwrapResult(
        await request<{ eingegangen: true }>({
          method: 'POST',
          path: '/api/vermittler/vertriebspartner-bewerbung',
          body,
          authenticated: false,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
      ),
  });
}
