// Who uses the self-service pages and where they live (ADR 0031): the customer below /kunden/<slug>/
// (the default) or an agent acting for the customer below
// /vermittler/vertraege/details/<number>/aenderung/<slug>/. The same page components read this
// scope for the API base of the contract and the change calls, the links back, and the wording
// where it differs (texts with the context 'vermittler', e.g. 'page.notOfferedText_vermittler').
import { createContext, useContext, useMemo, type ComponentType } from 'react';
import { useParams } from 'react-router';

export interface SelfServiceScope {
  /** Who acts; the agent's texts use the i18next context 'vermittler'. */
  actor: 'kunde' | 'vermittler';
  /** Base below which GET <base>/<number> answers the contract and <base>/<endpoint>/<number> the changes. */
  apiBase: string;
  /** The contract number when the address carries it; otherwise the page reads ?vertrag=. */
  versicherungsNummer?: string;
  /** Query key of the contract the pages read; saving invalidates its first element. */
  queryKey: (versicherungsNummer: string) => readonly string[];
  /** Where 'Zurück zum Vertrag' and 'Zum Vertrag' go. */
  contractPath: (versicherungsNummer: string) => string;
  /** Where the person chooses another contract. */
  contractsPath: string;
  /** Download address of a document a save produced (e.g. the SEPA mandate), from its id and the answer's url. */
  documentUrl: (id: string, url: string) => string;
}

export const CUSTOMER_SCOPE: SelfServiceScope = {
  actor: 'kunde',
  apiBase: '/api/vertrag/vertrag',
  queryKey: (versicherungsNummer) => ['contracts', 'details', versicherungsNummer],
  contractPath: (versicherungsNummer) => `/kunden/vertraege/${versicherungsNummer}/`,
  contractsPath: '/kunden/vertraege/',
  documentUrl: (_id, url) => url,
};

/** The agent's scope for one contract (the change calls of apps/server/src/modules/agent-customers). */
export function agentScope(versicherungsNummer: string): SelfServiceScope {
  return {
    actor: 'vermittler',
    apiBase: '/api/vermittler/vertraege/aenderung',
    versicherungsNummer,
    queryKey: (number) => ['agent-customers', 'change-contract', number],
    contractPath: (number) => `/vermittler/vertraege/details/${number}/`,
    contractsPath: '/vermittler/',
    // The answer's url is the customer's download; agents download through their own scope check.
    documentUrl: (id) => `/api/vermittler/kunden/dokumente/${id}`,
  };
}

export const SelfServiceScopeContext = createContext<SelfServiceScope>(CUSTOMER_SCOPE);

export function useSelfServiceScope(): SelfServiceScope {
  return useContext(SelfServiceScopeContext);
}

/** The i18next options that pick the agent's wording where a text has one. */
export function useScopeText(): { context?: 'vermittler' } {
  const scope = useSelfServiceScope();
  return scope.actor === 'vermittler' ? { context: 'vermittler' } : {};
}

/**
 * A self-service page component working for an agent on the contract of the address
 * (/vermittler/vertraege/details/:vertragsnummer/aenderung/<slug>/; app/routes/agent-customers.tsx).
 */
export function withAgentScope(Page: ComponentType): ComponentType {
  function AgentSelfServicePage() {
    const { vertragsnummer = '' } = useParams();
    const scope = useMemo(() => agentScope(vertragsnummer), [vertragsnummer]);
    return (
      <SelfServiceScopeContext.Provider value={scope}>
        <Page />
      </SelfServiceScopeContext.Provider>
    );
  }
  AgentSelfServicePage.displayName = `AgentSelfServicePage(${Page.displayName ?? Page.name})`;
  return AgentSelfServicePage;
}
