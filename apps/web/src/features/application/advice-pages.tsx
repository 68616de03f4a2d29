// The application wizard in the advice channels (issue 15, ADR 0034):
// - /vermittler/<produkt>/beratung/(<schritt>/): the signed-in agent advises a customer (new, from
//   the portfolio with ?kunde=<partnerNummer>, or a saved advice with ?entwurf=<id>);
// - /<produkt>/beratung/(<schritt>/)?vmr=…|vermittlernummer=…|blz=…(&ref=…): the public agent link.
//   The page first asks which agent the link names: none (unknown, inactive, forged or changed)
//   leads to /beratung/agent/notfound/, an agent who does not sell the product to
//   /antrag/sorry/agent/; otherwise the agency is shown above the wizard and the contract is
//   concluded for that agent. The reference is kept for the tab, so the steps' URLs carry no query.
// - /<brand>/<produkt>/beratung/(<schritt>/)?vmr=…: the same link under a partner brand (spec §2
//   'Brand-specific public advice paths'; ADR 0034) for the products the catalogue sells under it;
//   the page names the brand and the server concludes the contract with the brand's marke.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  data,
  Navigate,
  useLocation,
  useParams,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { brandAdvicePath, type PartnerBrand } from '@schirm/domain/application/brand-advice';
import { request } from '../../lib/api';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { BRAND_NAMES } from '../../ui/theme/brands';
import { adviceApplicationOfRoute, applicationLoader } from './application-route';
import { ConfirmationPage } from './confirmation-page';
import {
  AGENT_ADVICE_CHANNEL,
  ApplicationChannelContext,
  publicAdviceChannel,
  type AgentReference,
} from './channel';
import { ApplicationWizardPage } from './wizard-page';
import styles from './application.module.css';

export { applicationLoader } from './application-route';

/** The partner brand of a brand path (its first segment), if the product has that path. */
function brandOfPath(pathname: string, slug: string | undefined): PartnerBrand | undefined {
  return slug === undefined ? undefined : brandAdvicePath(pathname.split('/')[1] ?? '', slug)?.brand;
}

/** The brand path's loader: 404 for a brand without a path for the product, else as every wizard. */
export function brandAdviceLoader(args: LoaderFunctionArgs) {
  if (!brandOfPath(new URL(args.request.url).pathname, args.params.produkt)) {
    throw data(null, { status: 404 });
  }
  return applicationLoader(args);
}

/** /vermittler/<produkt>/beratung/…: the agent's advice. */
export function AgentAdvicePage() {
  return (
    <ApplicationChannelContext.Provider value={AGENT_ADVICE_CHANNEL}>
      <ApplicationWizardPage />
    </ApplicationChannelContext.Provider>
  );
}

/** /vermittler/<produkt>/beratung/bestaetigung/. */
export function AgentAdviceConfirmation() {
  return (
    <ApplicationChannelContext.Provider value={AGENT_ADVICE_CHANNEL}>
      <ConfirmationPage />
    </ApplicationChannelContext.Provider>
  );
}

interface Agency {
  vermittlerNummer: string;
  name: string;
  agentur: { name: string; strasse: string; hausnummer: string; plz: string; ort: string };
}

const REFERENCE_KEY = 'schirm.beratung.vermittler.';

function referenceOf(key: string, search: URLSearchParams): AgentReference | undefined {
  const fromQuery: AgentReference = {};
  for (const key of ['vmr', 'vermittlernummer', 'blz'] as const) {
    const value = search.get(key);
    if (value) fromQuery[key] = value;
  }
  try {
    if (Object.keys(fromQuery).length > 0) {
      globalThis.sessionStorage?.setItem(`${REFERENCE_KEY}${key}`, JSON.stringify(fromQuery));
      return fromQuery;
    }
    const stored = globalThis.sessionStorage?.getItem(`${REFERENCE_KEY}${key}`);
    return stored ? (JSON.parse(stored) as AgentReference) : undefined;
  } catch {
    return Object.keys(fromQuery).length > 0 ? fromQuery : undefined;
  }
}

type AgentState =
  | { kind: 'loading' }
  | { kind: 'found'; agency: Agency }
  | { kind: 'notfound' }
  | { kind: 'not-allowed' }
  | { kind: 'failed' };

/** Which agent the link names (GET /api/beratung/vermittler), once per link. */
function usePublicAgent(
  slug: string,
  reference: AgentReference | undefined,
  brand: PartnerBrand | undefined,
): AgentState {
  // A link without any agent reference names no agent.
  const [state, setState] = useState<AgentState>(reference ? { kind: 'loading' } : { kind: 'notfound' });
  const key = JSON.stringify(reference ?? null);
  useEffect(() => {
    if (!reference) return;
    let isCurrent = true;
    void request<Agency>({
      path: '/api/beratung/vermittler',
      query: { produkt: slug, ...reference, ...(brand === undefined ? {} : { brand }) },
      authenticated: false,
    }).then((result) => {
      if (!isCurrent || (result.ok && result.canceled)) return;
      if (result.ok) setState({ kind: 'found', agency: result.data });
      else if (result.errorStatus === 404) setState({ kind: 'notfound' });
      else if (result.errorStatus === 403) setState({ kind: 'not-allowed' });
      else setState({ kind: 'failed' });
    });
    return () => {
      isCurrent = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the reference object is rebuilt each render; its JSON is the identity
  }, [slug, key, brand]);
  return state;
}

function AgencyBox({ agency, brand }: { agency: Agency; brand: PartnerBrand | undefined }) {
  const { t } = useTranslation('advice');
  const { t: tApplication } = useTranslation('application');
  const { agentur } = agency;
  return (
    <InfoBox variant="info" headline={tApplication('advice.agentHeadline')} className={styles.agency}>
      {brand === undefined ? null : <p>{t('brandPath.offer', { brand: BRAND_NAMES[brand] })}</p>}
      <p>
        {agentur.name}, {agency.name}
        <br />
        {agentur.strasse} {agentur.hausnummer}, {agentur.plz} {agentur.ort}
        <br />
        {tApplication('advice.agentNumber', { nummer: agency.vermittlerNummer })}
      </p>
    </InfoBox>
  );
}

function PublicAdvice({ children }: { children: ReactNode }) {
  const { t } = useTranslation('application');
  const params = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const app = adviceApplicationOfRoute(params);
  const slug = app?.slug ?? '';
  // Fixed for the page: a brand path's brand (the route's loader has checked it).
  const [brand] = useState(() => brandOfPath(pathname, app?.slug));
  const [reference] = useState(() => referenceOf(brand === undefined ? slug : `${brand}.${slug}`, search));
  const agent = usePublicAgent(slug, reference, brand);
  const channel = useMemo(() => publicAdviceChannel(reference ?? {}, brand), [reference, brand]);
  if (!app) return null;
  switch (agent.kind) {
    case 'loading':
      return <Loading label={t('advice.agentLoading')} isBlock />;
    case 'notfound':
      return <Navigate replace to="/beratung/agent/notfound/" />;
    case 'not-allowed':
      return <Navigate replace to="/antrag/sorry/agent/" />;
    case 'failed':
      return (
        <InfoBox variant="error" headline={t('advice.agentFailedHeadline')}>
          {t('advice.agentFailed')}
        </InfoBox>
      );
    case 'found':
      return (
        <ApplicationChannelContext.Provider value={channel}>
          <AgencyBox agency={agent.agency} brand={brand} />
          {children}
        </ApplicationChannelContext.Provider>
      );
  }
}

/** /<produkt>/beratung/… and /<brand>/<produkt>/beratung/…: the public agent link. */
export function PublicAdvicePage() {
  return (
    <PublicAdvice>
      <ApplicationWizardPage />
    </PublicAdvice>
  );
}

/** /<produkt>/beratung/bestaetigung/ and /<brand>/<produkt>/beratung/bestaetigung/. */
export function PublicAdviceConfirmation() {
  return (
    <PublicAdvice>
      <ConfirmationPage />
    </PublicAdvice>
  );
}
