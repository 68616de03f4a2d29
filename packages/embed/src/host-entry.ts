// Entry of the served host scripts: /embed/v1/schirm-embed.js (IIFE, global SchirmEmbed) and
// /embed/v1/schirm-embed.mjs (ES module).
export { embed, embedUrl } from './host';
export type { EmbedChannel, EmbedHandle, EmbedOptions, HostHandlers } from './host';
export { EMBED_COMMAND_TIMEOUT_MS } from './protocol';
export type {
  BrokerInfo,
  ContractConclusion,
  EmbeddedContract,
  ParentCommands,
  ChildCommands,
  Theme,
  Toast,
} from './protocol';
