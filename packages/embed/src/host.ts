// The host side of the embedding (partner pages): embed(element, options) puts the portal into an
// iframe and answers the portal's commands (spec §3, §7). Loaded by partners as
// /embed/v1/schirm-embed.js (global SchirmEmbed) or /embed/v1/schirm-embed.mjs.
import { createMessenger } from './messenger';
import type {
  ChildCommands,
  CommandHandlers,
  EmbedCommand,
  EmbeddedContract,
  ParentCommands,
} from './protocol';

/** The host's answers to the portal's commands, each optional; onError gets handler failures. */
export type HostHandlers = CommandHandlers<ParentCommands> & {
  onError: (error: unknown) => void;
};

export type EmbedChannel = 'antrag' | 'beratung' | 'kunden';

export interface EmbedOptions {
  /** The portal origin, e.g. 'https://portal.schirm.de'. */
  origin: string;
  /** The partner key the portal knows this site by. */
  partner: string;
  /** Product slug (fahrrad, hausrat, …, kfz); needed for the channels antrag and beratung. */
  product?: string;
  /** Default 'antrag'; 'kunden' is the customer area. */
  channel?: EmbedChannel;
  brand?: string;
  vermittlernummer?: string;
  vmr?: string;
  /** The iframe's title (default 'Versicherung abschließen' or 'Kundenbereich'). */
  title?: string;
  handlers?: Partial<HostHandlers>;
  /** How long a request waits for its reply; default 20,000 ms. */
  timeoutMs?: number;
}

export interface EmbedHandle {
  iframe: HTMLIFrameElement;
  request<K extends keyof ChildCommands>(
    name: K,
    payload: ChildCommands[K]['request'],
  ): Promise<ChildCommands[K]['reply']>;
  getContracts(): Promise<EmbeddedContract[]>;
  getContract(contractId: string): Promise<EmbeddedContract | null>;
  /** Removes the iframe and the listener; pending requests reject. */
  destroy(): void;
}

const SLUG = /^[a-z0-9][a-z0-9-]*$/;

function slug(value: string, what: string): string {
  if (!SLUG.test(value)) throw new Error(`SchirmEmbed: invalid ${what} '${value}'`);
  return value;
}

const MOTOR = 'kfz';
const MOTOR_APPLICATION = '/antrag/allgemeine-versicherungsdaten/';

/** The iframe's address for these options. */
export function embedUrl(options: EmbedOptions): string {
  const origin = new URL(options.origin).origin;
  const channel = options.channel ?? 'antrag';
  let path = '/kunden/';
  if (channel !== 'kunden') {
    if (!options.product) throw new Error(`SchirmEmbed: the channel '${channel}' needs a product`);
    const product = slug(options.product, 'product');
    if (product === MOTOR) {
      // Motor has its own application below /antrag/ and no advice channel (spec §2).
      if (channel === 'beratung') throw new Error(`SchirmEmbed: '${MOTOR}' has no channel 'beratung'`);
      path = MOTOR_APPLICATION;
    } else path = `/${product}/${channel === 'beratung' ? 'beratung' : 'antrag'}/`;
  }
  const query = new URLSearchParams({ embedded: 'true', partner: slug(options.partner, 'partner') });
  if (options.brand) query.set('brand', options.brand);
  if (options.vermittlernummer) query.set('vermittlernummer', options.vermittlernummer);
  else if (options.vmr) query.set('vmr', options.vmr);
  return `${origin}${path}?${query.toString()}`;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Puts the portal into `element` and answers its commands. */
export function embed(element: HTMLElement, options: EmbedOptions): EmbedHandle {
  const portalOrigin = new URL(options.origin).origin;
  const handlers: Partial<HostHandlers> = options.handlers ?? {};
  const doc = element.ownerDocument;
  const view = doc.defaultView;
  if (!view) throw new Error('SchirmEmbed: the element is not in a window');
  const iframe = doc.createElement('iframe');
  iframe.src = embedUrl(options);
  iframe.title =
    options.title ?? (options.channel === 'kunden' ? 'Kundenbereich' : 'Versicherung abschließen');
  iframe.style.width = '100%';
  iframe.style.border = '0';
  iframe.style.display = 'block';

  const builtIn = (name: EmbedCommand, payload: unknown) => {
    const data = (payload ?? {}) as Record<string, unknown>;
    if (name === 'resize' && isFiniteNumber(data.height) && data.height >= 0) {
      iframe.style.height = `${Math.ceil(data.height)}px`;
    } else if (name === 'scrollTop') {
      iframe.scrollIntoView({ block: 'start', behavior: 'smooth' });
    } else if (name === 'scrollCenter' && isFiniteNumber(data.offsetTop)) {
      const top = iframe.getBoundingClientRect().top + view.scrollY + data.offsetTop - view.innerHeight / 2;
      view.scrollTo({ top: Math.max(0, top), behavior: 'smooth' });
    } else {
      return false;
    }
    return true;
  };

  const messenger = createMessenger({
    self: 'parent',
    listenOn: view,
    peer: () => iframe.contentWindow,
    peerOrigin: portalOrigin,
    timeoutMs: options.timeoutMs,
    // Until the portal has loaded and spoken, the iframe holds another page: requests wait.
    holdUntilPeerSpeaks: true,
    onError: (error) => handlers.onError?.(error),
    answer: (name, payload) => {
      const handled = builtIn(name, payload);
      const handler = (handlers as Record<string, ((payload: unknown) => unknown) | undefined>)[name];
      if (typeof handler !== 'function') return null;
      const result = handler(payload);
      // resize and the scrolls are done here; a handler of the page only hears of them.
      return handled ? Promise.resolve(result).then(() => null) : result;
    },
  });

  element.appendChild(iframe);

  const request = <K extends keyof ChildCommands>(name: K, payload: ChildCommands[K]['request']) =>
    messenger.request(name, payload) as Promise<ChildCommands[K]['reply']>;

  return {
    iframe,
    request,
    getContracts: () => request('getContracts', {}),
    getContract: (contractId) => request('getContract', { contractId }),
    destroy() {
      messenger.destroy();
      iframe.remove();
    },
  };
}
