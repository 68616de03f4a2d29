// The start of an embedded page (issue 16, spec §3): which origin frames us, whether the partner
// named by `?partner=` may be embedded there (the server's allowlist decides), and only then the
// connection to the host. Without a frame, a partner or the server's yes nothing is sent to anyone.
import type { ChildHandlers } from '@schirm/embed/child';
import { request } from '../../lib/api';
import type { RequestFn } from '../../lib/request';
import { setHostConnection, type EmbeddingPartner, type HostConnection } from '../../lib/embedding-host';

export type EmbeddingStart =
  | { status: 'connected'; partner: EmbeddingPartner }
  /** Not framed, no partner, or the partner may not be embedded by this origin. */
  | { status: 'refused' }
  /** The check could not be made (network, server): a reload may help. */
  | { status: 'failed' };

/** Handlers the portal answers the host with (parent → child commands). */
export type PortalHandlers = {
  getContracts: (payload: unknown) => Promise<unknown>;
  getContract: (payload: unknown) => Promise<unknown>;
  setLocation: (payload: unknown) => unknown;
};

export type Connect = (options: {
  hostOrigin: string;
  handlers: PortalHandlers;
  window: Window;
}) => HostConnection | Promise<HostConnection>;

/**
 * The origin of the page that frames this one: `location.ancestorOrigins` (Chromium, Safari), else
 * the referrer's origin (the frame's first request). Null when the page is not framed or the host
 * hides its origin. Only a hint: the server checks it against the partner's allowlist, and the SDK
 * only ever talks to `window.parent` at exactly this origin.
 */
export function hostOriginOf(win: Window): string | null {
  if (win.parent === win) return null;
  const ancestors = win.location.ancestorOrigins;
  const candidate = ancestors && ancestors.length > 0 ? ancestors[0] : win.document.referrer;
  if (!candidate) return null;
  try {
    const origin = new URL(candidate).origin;
    return origin === 'null' || !/^https?:/.test(origin) ? null : origin;
  } catch {
    return null;
  }
}

async function connectWithSdk({
  hostOrigin,
  handlers,
  window,
}: Parameters<Connect>[0]): Promise<HostConnection> {
  const { connectToHost } = await import('@schirm/embed/child');
  return connectToHost({
    hostOrigin,
    window,
    handlers: handlers as Partial<ChildHandlers>,
  });
}

/** Checks the partner for the host's origin and connects; records the connection for the app. */
export async function startEmbedding({
  partnerKey,
  handlers,
  win = window,
  send = request,
  connect = connectWithSdk,
}: {
  partnerKey: string | null | undefined;
  handlers: PortalHandlers;
  win?: Window;
  send?: RequestFn;
  connect?: Connect;
}): Promise<EmbeddingStart> {
  const hostOrigin = hostOriginOf(win);
  if (!partnerKey || !hostOrigin) return { status: 'refused' };
  const result = await send<EmbeddingPartner>({
    path: '/api/einbettung/partner/{partnerKey}',
    pathParams: { partnerKey },
    query: { origin: hostOrigin },
    authenticated: false,
  });
  if (result.ok && result.canceled) return { status: 'failed' };
  if (!result.ok) {
    const status = result.errorStatus;
    // Too many checks (429) is no refusal: a reload later may pass.
    const isRefusal = status !== 'unknown' && status >= 400 && status < 500 && status !== 429;
    return isRefusal ? { status: 'refused' } : { status: 'failed' };
  }
  const partner = result.data;
  // The server answers for the origin we asked about; anything else is not this host.
  if (partner.origin !== hostOrigin || partner.partnerKey !== partnerKey) return { status: 'refused' };
  const connection = await connect({ hostOrigin, handlers, window: win });
  setHostConnection({ connection, partner });
  return { status: 'connected', partner };
}
