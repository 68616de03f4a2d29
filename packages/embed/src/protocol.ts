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
