// The embedded layout's gate (issue 16): while the partner is checked a progress indicator, then
// either the page (connected to the host, which learns its height, location and theme) or the
// German page that says this page may not be embedded here. While connected, every address the
// frame shows keeps the embedding's parameters (embedding-address.ts), so a reload stays embedded.
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { getSessionStorage } from '../../lib/session-settings';
import { useShellSettings } from '../../lib/shell-context';
import { InfoBox } from '../../ui/info-box';
import { Loading } from '../../ui/loading';
import { setToastForwarder } from '../../ui/toast';
import { isLoadedAgain, keepEmbeddingParams, keptEmbeddingParams } from './embedding-address';
import { startEmbedding, type EmbeddingStart, type PortalHandlers } from './embedding-start';
import { embeddingPartner, hostHandles, tellHost, type EmbeddingPartner } from '../../lib/embedding-host';
import { isPathInArea, mirroredPath, watchHeight } from './host-sync';
import { EmbeddingCheckFailedPage, NotEmbeddablePage } from './not-embeddable-page';
import { applyHostTheme, type HostTheme } from './theme';
import styles from './embedding.module.css';

/** What the host's parent → child commands reach; set by the mounted gate and the customer area. */
export const portalHandlers: {
  navigate: ((path: string) => void) | null;
  contracts: {
    list: () => Promise<unknown>;
    one: (contractId: string) => Promise<unknown>;
  } | null;
} = { navigate: null, contracts: null };

const handlers: PortalHandlers = {
  getContracts: async () => (portalHandlers.contracts ? portalHandlers.contracts.list() : []),
  getContract: async (payload) => {
    const contractId = (payload as { contractId?: unknown } | null)?.contractId;
    if (typeof contractId !== 'string' || !portalHandlers.contracts) return null;
    return portalHandlers.contracts.one(contractId);
  },
  setLocation: (payload) => {
    const path = (payload as { path?: unknown } | null)?.path;
    if (isPathInArea(path, window.location.pathname)) portalHandlers.navigate?.(path);
    return null;
  },
};

let started:
  | {
      partnerKey: string | null;
      start: Promise<EmbeddingStart>;
      /** The address the page was loaded at (before any in-app navigation). */
      first: { pathname: string; search: string };
    }
  | undefined;

/** Set once the person moved on by themselves (a push) after the page was loaded again. */
let hasMovedOn = false;

/** One start per page load (the layout mounts again per area; the connection stays). */
function startOnce(partnerKey: string | null): Promise<EmbeddingStart> {
  if (started?.partnerKey !== partnerKey) {
    const first = { pathname: window.location.pathname, search: window.location.search };
    const start = startEmbedding({ partnerKey, handlers }).then((result) => {
      if (result.status === 'connected') {
        setToastForwarder((toast) => hostHandles('createToast', toast));
        // Not awaited: a host that answers late must not hold the page back.
        void themeFromHost(result.partner);
      }
      return result;
    });
    started = { partnerKey, start, first };
  }
  return started.start;
}

async function themeFromHost(partner: EmbeddingPartner): Promise<void> {
  const theme = (await tellHost('getTheme', {})) as HostTheme | null;
  applyHostTheme(theme, partner.brand);
}

/** Forgets the page load's start (tests). */
export function resetEmbeddingStart(): void {
  started = undefined;
  hasMovedOn = false;
}

function useEmbeddingStart(partnerKey: string | null): EmbeddingStart | undefined {
  const [result, setResult] = useState<EmbeddingStart | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    startOnce(partnerKey).then(
      (value) => isCurrent && setResult(value),
      () => isCurrent && setResult({ status: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [partnerKey]);
  return result;
}

/** Keeps the host in step: height, location, and the host's navigation requests. */
export function HostSync() {
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    document.documentElement.dataset.embedded = 'true';
    const stop = watchHeight();
    return () => {
      stop();
      delete document.documentElement.dataset.embedded;
    };
  }, []);

  useEffect(() => {
    portalHandlers.navigate = (path) => void navigate(path);
    return () => {
      portalHandlers.navigate = null;
    };
  }, [navigate]);

  useEffect(() => {
    // A reload (or a restored tab) must arrive with `?embedded=true&partner=…`: the server's CSP
    // frame-ancestors admits the partner's origins only then (ADR 0036).
    const partner = embeddingPartner();
    if (partner)
      keepEmbeddingParams(window, keptEmbeddingParams(started?.first.search ?? '', partner.partnerKey));
    // Per navigation (its key), also one to the same address: the router writes it without them.
  }, [location.key]);

  useEffect(() => {
    // After the page's own effects, so its document title is set.
    void tellHost('setLocation', {
      path: mirroredPath(location.pathname, location.search),
      title: document.title,
    });
  }, [location.pathname, location.search]);

  return null;
}

/** The agents' and clerks' portals are never shown in a partner's frame (their sign-ins included). */
const NEVER_EMBEDDED = /^\/(?:vermittler|vermittler-nachricht|innendienst)(?:\/|$)/;

export function EmbeddingGate({ children }: { children: ReactNode }) {
  const { partner } = useShellSettings();
  const { pathname } = useLocation();
  const result = useEmbeddingStart(partner ?? null);
  if (NEVER_EMBEDDED.test(pathname)) return <NotEmbeddablePage />;
  if (!result) return <Loading isBlock label="Die Seite wird vorbereitet …" />;
  if (result.status === 'refused') return <NotEmbeddablePage />;
  if (result.status === 'failed') return <EmbeddingCheckFailedPage />;
  return (
    <>
      <HostSync />
      <LostAnswersNote />
      {children}
      <BrokerNote partner={result.partner} />
    </>
  );
}

/** An application's or advice's step: the wizard's answers live there. */
const FLOW_PATH = /^\/(?:[^/]+\/)?(?:antrag|beratung)\//;

/**
 * Said when the frame was loaded again (reload, restored tab) in the middle of an application and
 * the answers are gone: a frame of another site gets no sessionStorage, the wizard kept them in page
 * memory (wizard-storage.ts), and the wizard sent the person back (a replace) to the first step.
 * Gone once the person moves on by themselves.
 */
function LostAnswersNote() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType === 'PUSH') hasMovedOn = true;
  }, [navigationType, pathname]);
  const first = started?.first;
  const isShown =
    first !== undefined &&
    !hasMovedOn &&
    navigationType === 'REPLACE' &&
    pathname !== first.pathname &&
    FLOW_PATH.test(first.pathname) &&
    isLoadedAgain() &&
    getSessionStorage() === undefined;
  if (!isShown) return null;
  return (
    <InfoBox variant="warning" headline="Die Seite wurde neu geladen.">
      <p>
        Ihre bisherigen Angaben konnten in diesem eingebetteten Fenster nicht gespeichert werden, weil Ihr
        Browser das hier nicht erlaubt. Bitte beginnen Sie noch einmal mit dem ersten Schritt.
      </p>
    </InfoBox>
  );
}

/**
 * Who brokers a contract concluded in this frame (the partner's configured broker, issue 16), so
 * the person knows it before concluding; not in the customer area, where no contract is concluded.
 */
function BrokerNote({ partner }: { partner: EmbeddingPartner }) {
  const { pathname } = useLocation();
  if (!partner.vermittler || pathname.startsWith('/kunden')) return null;
  return (
    <p className={styles.broker}>
      Vermittelt über {partner.name}. Ihr Vermittler: {partner.vermittler.name}.
    </p>
  );
}
