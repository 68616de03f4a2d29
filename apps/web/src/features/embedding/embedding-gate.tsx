// The embedded layout's gate (issue 16): while the partner is checked a progress indicator, then
// either the page (connected to the host, which learns its height, location and theme) or the
// German page that says this page may not be embedded here.
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useShellSettings } from '../../lib/shell-context';
import { Loading } from '../../ui/loading';
import { setToastForwarder } from '../../ui/toast';
import { startEmbedding, type EmbeddingStart, type PortalHandlers } from './embedding-start';
import { hostHandles, tellHost, type EmbeddingPartner } from '../../lib/embedding-host';
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

let started: { partnerKey: string | null; start: Promise<EmbeddingStart> } | undefined;

/** One start per page load (the layout mounts again per area; the connection stays). */
function startOnce(partnerKey: string | null): Promise<EmbeddingStart> {
  if (started?.partnerKey !== partnerKey) {
    const start = startEmbedding({ partnerKey, handlers }).then((result) => {
      if (result.status === 'connected') {
        setToastForwarder((toast) => hostHandles('createToast', toast));
        // Not awaited: a host that answers late must not hold the page back.
        void themeFromHost(result.partner);
      }
      return result;
    });
    started = { partnerKey, start };
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
      {children}
      <BrokerNote partner={result.partner} />
    </>
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
