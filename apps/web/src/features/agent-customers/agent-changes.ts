// The self-service changes an agent makes for the customer (issue 15, ADR 0031): each is the
// customer's own page (features/self-service) below the agent's contract, at
// /vermittler/vertraege/details/:vertragsnummer/aenderung/<slug>/ (app/routes/agent-customers.tsx
// mounts them with the agent's scope).
import type { SelfServiceSlug } from '@schirm/domain/flags';

/** Every self-service change but the cancellation, in the order the contract page lists them. */
export const AGENT_CHANGE_SLUGS = [
  'zahlungsweise',
  'bankverbindung',
  'selbstbeteiligung',
  'jahresumsatz',
  'gewerbearten',
  'risikoort',
  'rahmennummer',
  'familienstand',
  'elementar',
  'phv',
  'bhv',
  'versicherte-kosten',
  'deckung',
  'versicherungssumme',
] as const satisfies readonly SelfServiceSlug[];
export type AgentChangeSlug = (typeof AGENT_CHANGE_SLUGS)[number];

/** Address of the agent's page of one change of one contract. */
export function agentChangePath(vertragsnummer: string, slug: AgentChangeSlug): string {
  return `/vermittler/vertraege/details/${vertragsnummer}/aenderung/${slug}/`;
}
