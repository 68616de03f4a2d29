// The iframe messaging protocol between a host page (parent) and the embedded portal (child),
// spec §3 'Embedding messages' and §7 'Iframe commands'. Shared by the host-side and portal-side SDKs.

/** Commands a party can send (spec §7); each request waits for a reply. */
export const EMBED_COMMANDS = [
  'getTheme',
  'getBrokerInfo',
  'handleGenericError',
  'handleUninsurablePricingResult',
  'handleContractConclusion',
  'resize',
  'scrollTop',
  'scrollCenter',
  'setLocation',
  'getContracts',
  'getAuthToken',
  'getPartnerNumber',
  'getContract',
  'getEmbeddingApplication',
  'createToast',
] as const;
export type EmbedCommand = (typeof EMBED_COMMANDS)[number];

/** How long a request waits for its reply (spec §9). */
export const EMBED_COMMAND_TIMEOUT_MS = 20_000;

export type EmbedParty = 'parent' | 'child';

/** A command message. */
export interface EmbedMessage<P = unknown> {
  id: string;
  sender: EmbedParty;
  receiver: EmbedParty;
  name: EmbedCommand;
  payload: P;
}

/** The reply to a command message. */
export interface EmbedReply<P = unknown> {
  id: string;
  sender: EmbedParty;
  receiver: EmbedParty;
  correspondingCommandId: string;
  payload: P;
}

/** Payload of getBrokerInfo. */
export interface BrokerInfo {
  brokerId: string;
  distributionPath: string;
  name: string;
}

/** Payload of handleContractConclusion. */
export interface ContractConclusion {
  contractId?: string;
  productName: string;
  isCreated: boolean;
}

/** The host's look, answered to getTheme; the portal applies it as CSS variables. */
export interface Theme {
  brand?: string;
  colors?: {
    primary?: string;
    primaryContrast?: string;
    background?: string;
    text?: string;
  };
  fontFamily?: string;
  radius?: string;
}

/** A short notice (spec §3); the portal shows it itself unless the host handles it. */
export interface Toast {
  title: string;
  state: 'positive' | 'warning' | 'neutral' | 'negative' | 'highlight';
  /** Milliseconds; default {@link DEFAULT_TOAST_DURATION_MS}. */
  duration?: number;
}

/** How long a toast stays when it names no duration (spec §3). */
export const DEFAULT_TOAST_DURATION_MS = 3000;

/** A contract of the signed-in customer as the customer area hands it to its host. */
export interface EmbeddedContract {
  contractId: string;
  productName: string;
  status: string;
  /** Start date, yyyy-MM-dd. */
  beginn: string;
  /** Premium per payment period, '12,34 EUR'. */
  beitrag: string;
  zahlweise: string;
}

/** The payload of a command without parameters. */
export type EmptyPayload = Record<string, never>;

/** A command's request and reply payloads. */
export interface CommandTypes<Request, Reply> {
  request: Request;
  reply: Reply;
}

/** Commands the child sends and the host page (parent) answers. */
export interface ParentCommands {
  getTheme: CommandTypes<EmptyPayload, Theme | null>;
  getBrokerInfo: CommandTypes<EmptyPayload, BrokerInfo | null>;
  handleGenericError: CommandTypes<{ errorId?: string; message: string }, { handled: boolean } | null>;
  handleUninsurablePricingResult: CommandTypes<
    { productName: string; reason: string },
    { handled: boolean } | null
  >;
  handleContractConclusion: CommandTypes<ContractConclusion, null>;
  /** The host sets the iframe's height itself. */
  resize: CommandTypes<{ height: number }, null>;
  /** The host scrolls the iframe's top into view itself. */
  scrollTop: CommandTypes<EmptyPayload, null>;
  /** The host scrolls so that this y offset inside the frame is centred. */
  scrollCenter: CommandTypes<{ offsetTop: number }, null>;
  /** The portal's current page, for the host's history or analytics. */
  setLocation: CommandTypes<{ path: string; title: string }, null>;
  getAuthToken: CommandTypes<EmptyPayload, { token: string } | null>;
  getPartnerNumber: CommandTypes<EmptyPayload, { partnerNumber: string } | null>;
  getEmbeddingApplication: CommandTypes<
    EmptyPayload,
    { name: string; version?: string; locale?: string } | null
  >;
  /** `handled: false` or null: the portal shows the toast itself. */
  createToast: CommandTypes<Toast, { handled: boolean } | null>;
}

/** Commands the host page sends and the portal (child) answers. */
export interface ChildCommands {
  getContracts: CommandTypes<EmptyPayload, EmbeddedContract[]>;
  getContract: CommandTypes<{ contractId: string }, EmbeddedContract | null>;
  /** Navigates the frame within its area. */
  setLocation: CommandTypes<{ path: string }, null>;
}

/** The commands each side answers. */
export type CommandsAnsweredBy<P extends EmbedParty> = P extends 'parent' ? ParentCommands : ChildCommands;

/** Which side answers which command (setLocation goes both ways, with different payloads). */
export const EMBED_COMMAND_RECEIVERS: { readonly [C in EmbedCommand]: readonly EmbedParty[] } = {
  getTheme: ['parent'],
  getBrokerInfo: ['parent'],
  handleGenericError: ['parent'],
  handleUninsurablePricingResult: ['parent'],
  handleContractConclusion: ['parent'],
  resize: ['parent'],
  scrollTop: ['parent'],
  scrollCenter: ['parent'],
  setLocation: ['parent', 'child'],
  getContracts: ['child'],
  getAuthToken: ['parent'],
  getPartnerNumber: ['parent'],
  getContract: ['child'],
  getEmbeddingApplication: ['parent'],
  createToast: ['parent'],
};

/** True when `party` answers `command`. */
export function isAnsweredBy(command: EmbedCommand, party: EmbedParty): boolean {
  return EMBED_COMMAND_RECEIVERS[command].includes(party);
}

/**
 * A handler answering one command; undefined counts as null, so a handler of a command answered
 * with null may return nothing (`(c) => console.log(c)`); a value where null is due does not compile.
 */
export type CommandHandler<T extends CommandTypes<unknown, unknown>> = (
  payload: T['request'],
) => T['reply'] | undefined | void | Promise<T['reply'] | undefined | void>;

/** Handlers for the commands a side answers, each optional (none → the reply is null). */
export type CommandHandlers<M> = {
  [K in keyof M]: M[K] extends CommandTypes<unknown, unknown> ? CommandHandler<M[K]> : never;
};

/** The error a request rejects with when no reply arrives in time (spec §8). */
export function timeoutError(command: EmbedCommand): Error {
  return new Error(`Timeout exceeded for command ${command}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isParty(value: unknown): value is EmbedParty {
  return value === 'parent' || value === 'child';
}

/** True when a postMessage payload is a well-formed command message. */
export function isEmbedMessage(value: unknown): value is EmbedMessage {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    isParty(value.sender) &&
    isParty(value.receiver) &&
    (EMBED_COMMANDS as readonly unknown[]).includes(value.name) &&
    'payload' in value
  );
}

/** True when a postMessage payload is a well-formed reply. */
export function isEmbedReply(value: unknown): value is EmbedReply {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    isParty(value.sender) &&
    isParty(value.receiver) &&
    typeof value.correspondingCommandId === 'string' &&
    'payload' in value
  );
}
