import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api';
import type {
  BackOfficeContract,
  BackOfficeContractListItem,
  BackOfficeCustomer,
} from '../../ui/back-office/back-office-types';
import type { ChatMessage } from '../../ui/chat/chat-message';
import { unwrapResult } from '../../lib/query-client';

/*
 * The agent's customer screens (issue 15, ADR 0031) against apps/server/src/modules/agent-customers:
 * GET /api/vermittler/kunden/:nr, GET|PUT …/kontaktdaten, GET /api/vermittler/vertraege/:nr and the
 * self-service change pages (the customer's, features/self-service, with the agent's scope, calls
 * under /api/vermittler/vertraege/aenderung/…);
 * claims from /api/schadenstrecke/vermittler/schaden?partnernummer=, one claim with its messages
 * from …/vermittler/schaden/:claimId(/nachrichten) and the agent's message (POST …/nachrichten).
 */

export interface AgentDocument {
  id: string;
  name: string;
  vertragsnummer: string;
  erstelltAm: string;
  url: string;
}

export type AgentContractListItem = BackOfficeContractListItem;

/** The customer as the read views show it (ui/back-office), with the agent's documents. */
export interface AgentCustomer extends BackOfficeCustomer {
  dokumente: AgentDocument[];
}

export const CORRECTABLE_FIELDS = [
  'anrede',
  'titel',
  'vorname',
  'nachname',
  'firmenname',
  'email',
  'telefon',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

export type ContactData = Record<CorrectableField, string | null> & {
  partnerNummer: string;
  personArt: 'NatuerlichePersonDTO' | 'JuristischePersonDTO';
  name: string;
  version: string;
  portalZugang: boolean;
  korrigierbar: CorrectableField[];
  berichtigt?: CorrectableField[];
};

/** Why a change is not offered (agent-customers/service.ts notOfferedChanges). */
export type NotOfferedCode = 'VERTRAGSSTAND' | 'ABGESCHALTET' | 'KEINE_LASTSCHRIFT' | 'TARIF';

/** The contract as the read views show it (ui/back-office), with what only the agent can act on. */
export interface AgentContract extends BackOfficeContract {
  version: number;
  dokumente: AgentDocument[];
  selbstServices: string[];
  /** The other changes (without the cancellation) and why the contract does not offer them. */
  nichtAngeboteneAenderungen: { aenderung: string; grund: NotOfferedCode }[];
  inhaberwechsel: boolean;
  /** A running BHV_1 contract may move to the new generation (flag bhv-tariff-change). */
  tarifwechsel: boolean;
}

export interface AgentClaim {
  claimId: string;
  schadennummer: string;
  produktName: string;
  vertragsnummer: string;
  schadentag: string;
  gemeldetAm: string;
  statusLabel: string;
}

export function useAgentCustomer(partnerNummer: string) {
  return useQuery({
    queryKey: ['agent-customers', 'customer', partnerNummer],
    queryFn: async ({ signal }) => {
      const data = unwrapResult(
        await request<AgentCustomer>({
          path: '/api/vermittler/kunden/{nr}',
          pathParams: { nr: partnerNummer },
          signal,
        }),
      );
      if (!data) throw new Error('GET /api/vermittler/kunden/{nr} answered without a body');
      return data;
    },
  });
}

export function useAgentClaims(partnerNummer: string) {
  return useQuery({
    queryKey: ['agent-customers', 'claims', partnerNummer],
    queryFn: async ({ signal }) => {
      const data = unwrapResult(
        await request<{ schaeden: AgentClaim[] }>({
          path: `/api/schadenstrecke/vermittler/schaden?partnernummer=${encodeURIComponent(partnerNummer)}`,
          signal,
        }),
      );
      return data?.schaeden ?? [];
    },
  });
}

/** One claim of a customer as the agent sees it (the customer's claim detail, read-only). */
export interface AgentClaimDetail extends AgentClaim {
  status: string;
  offeneDokumente: number;
  offeneAnforderungen: { key: string; titel: string; frist: string; status: 'offen' | 'eingereicht' }[];
}

/** A claim message as the server sends it (spec §3 'Chat message' with `text` as the body). */
interface AgentClaimMessage extends Omit<ChatMessage, 'content'> {
  text: string;
}

const claimKeys = {
  detail: (claimId: string) => ['agent-customers', 'claim', claimId],
  messages: (claimId: string) => ['agent-customers', 'claim', claimId, 'messages'],
};

export function useAgentClaim(claimId: string) {
  return useQuery({
    queryKey: claimKeys.detail(claimId),
    queryFn: async ({ signal }) => {
      const data = unwrapResult(
        await request<AgentClaimDetail>({
          path: '/api/schadenstrecke/vermittler/schaden/{claimId}',
          pathParams: { claimId },
          signal,
        }),
      );
      if (!data) throw new Error('GET vermittler/schaden/{claimId} answered without a body');
      return data;
    },
  });
}

export function useAgentClaimMessages(claimId: string) {
  return useQuery({
    queryKey: claimKeys.messages(claimId),
    queryFn: async ({ signal }): Promise<ChatMessage[]> => {
      const data = unwrapResult(
        await request<{ nachrichten: AgentClaimMessage[] }>({
          path: '/api/schadenstrecke/vermittler/schaden/{claimId}/nachrichten',
          pathParams: { claimId },
          signal,
        }),
      );
      return (data?.nachrichten ?? []).map(({ text, ...message }) => ({ ...message, content: text }));
    },
  });
}

/** The agent writes to the customer about the claim: the editor's HTML (sanitised by the server). */
export function useSendAgentClaimMessage(claimId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (html: string) =>
      unwrapResult(
        await request<AgentClaimMessage>({
          path: '/api/schadenstrecke/vermittler/schaden/{claimId}/nachrichten',
          pathParams: { claimId },
          method: 'POST',
          body: { html },
          cancelPrevious: false,
        }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: claimKeys.messages(claimId) }),
  });
}

const contactKey = (partnerNummer: string) => ['agent-customers', 'contact', partnerNummer];

export function useContactData(partnerNummer: string) {
  return useQuery({
    queryKey: contactKey(partnerNummer),
    // Always the current version: a form must not start from a stale one (two tabs, ADR 0031).
    staleTime: 0,
    queryFn: async ({ signal }) => {
      const data = unwrapResult(
        await request<ContactData>({
          path: '/api/vermittler/kunden/{nr}/kontaktdaten',
          pathParams: { nr: partnerNummer },
          signal,
        }),
      );
      if (!data) throw new Error('GET kontaktdaten answered without a body');
      return data;
    },
  });
}

export type ContactCorrection = { version: string } & Partial<Record<CorrectableField, string | null>>;

export function useCorrectContact(partnerNummer: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContactCorrection) => {
      const data = unwrapResult(
        await request<ContactData>({
          path: '/api/vermittler/kunden/{nr}/kontaktdaten',
          pathParams: { nr: partnerNummer },
          method: 'PUT',
          body,
          cancelPrevious: false,
        }),
      );
      if (!data) throw new Error('PUT kontaktdaten answered without a body');
      return data;
    },
    // The form goes on from the answer (its new version); the overview shows the new data.
    onSuccess: () => client.invalidateQueries({ queryKey: ['agent-customers', 'customer', partnerNummer] }),
  });
}

const contractKey = (vertragsnummer: string) => ['agent-customers', 'contract', vertragsnummer];

export function useAgentContract(vertragsnummer: string) {
  return useQuery({
    queryKey: contractKey(vertragsnummer),
    queryFn: async ({ signal }) => {
      const data = unwrapResult(
        await request<AgentContract>({
          path: '/api/vermittler/vertraege/{nr}',
          pathParams: { nr: vertragsnummer },
          signal,
        }),
      );
      if (!data) throw new Error('GET /api/vermittler/vertraege/{nr} answered without a body');
      return data;
    },
  });
}
