// The code a partner copies from the quickstart (issue 16): the same embed() call as a classic
// script tag (global SchirmEmbed from /embed/v1/schirm-embed.js) and as an ES module
// (/embed/v1/schirm-embed.mjs). Every value is checked before it gets here (slugs, digits, a brand
// of the list) and written as a JSON string literal.
import type { EmbedChannel } from '../../lib/embed-options';

export interface EmbedConfig {
  partner: string;
  channel: EmbedChannel;
  /** Product slug; ignored for the customer area. */
  product: string;
  /** '' = no brand of its own. */
  brand: string;
  /** '' = none (the partner's configured broker applies). */
  vermittlernummer: string;
}

export interface Snippets {
  script: string;
  module: string;
}

/** The options object of embed() as the partner writes it, indented for the snippet. */
function optionsOf(config: EmbedConfig, portalOrigin: string, indent: string): string {
  const value = (text: string) => JSON.stringify(text);
  const lines = [`origin: ${value(portalOrigin)},`, `partner: ${value(config.partner)},`];
  if (config.channel !== 'kunden') lines.push(`product: ${value(config.product)},`);
  lines.push(`channel: ${value(config.channel)},`);
  if (config.brand) lines.push(`brand: ${value(config.brand)},`);
  if (config.vermittlernummer && config.channel !== 'kunden') {
    lines.push(`vermittlernummer: ${value(config.vermittlernummer)},`);
  }
  lines.push('handlers: {');
  if (config.channel === 'kunden') {
    lines.push(
      '  // Ihr Server tauscht Partnerschlüssel und Secret gegen ein Einmal-Token (POST /api/einbettung/token).',
      "  getAuthToken: () => fetch('/ihr-server/schirm-token', { method: 'POST' }).then((r) => r.json()),",
      '  getPartnerNumber: () => ({ partnerNumber: angemeldeterKunde.partnernummer }),',
    );
  } else {
    lines.push(
      '  handleContractConclusion: (abschluss) => {',
      '    // z. B. Danke-Seite, Analytics: abschluss.productName, abschluss.contractId',
      '    return null;',
      '  },',
    );
  }
  lines.push('  onError: (fehler) => console.warn(fehler),', '},');
  return lines.map((line) => `${indent}${line}`).join('\n');
}

const CONTAINER_ID = 'schirm-versicherung';

/** Both variants of the snippet for this configuration and the portal's origin. */
export function buildSnippets(config: EmbedConfig, portalOrigin: string): Snippets {
  const container = `<div id="${CONTAINER_ID}"></div>`;
  const call = (fn: string) =>
    [
      `  ${fn}(document.getElementById('${CONTAINER_ID}'), {`,
      optionsOf(config, portalOrigin, '    '),
      '  });',
    ].join('\n');
  return {
    script: [
      container,
      `<script src="${portalOrigin}/embed/v1/schirm-embed.js"></script>`,
      '<script>',
      call('SchirmEmbed.embed'),
      '</script>',
    ].join('\n'),
    module: [
      container,
      '<script type="module">',
      `  import { embed } from '${portalOrigin}/embed/v1/schirm-embed.mjs';`,
      '',
      call('embed'),
      '</script>',
    ].join('\n'),
  };
}

/** The commands of spec §7 with their direction, payload and answer (issue 16 design). */
export const COMMAND_REFERENCE = [
  { name: 'getTheme', direction: 'toHost', payload: '{}', answer: 'Theme | null' },
  { name: 'getBrokerInfo', direction: 'toHost', payload: '{}', answer: 'BrokerInfo | null' },
  {
    name: 'handleGenericError',
    direction: 'toHost',
    payload: '{ errorId?: string; message: string }',
    answer: '{ handled: boolean }',
  },
  {
    name: 'handleUninsurablePricingResult',
    direction: 'toHost',
    payload: '{ productName: string; reason: string }',
    answer: '{ handled: boolean }',
  },
  {
    name: 'handleContractConclusion',
    direction: 'toHost',
    payload: '{ contractId?: string; productName: string; isCreated: boolean }',
    answer: 'null',
  },
  { name: 'resize', direction: 'toHost', payload: '{ height: number }', answer: 'null' },
  { name: 'scrollTop', direction: 'toHost', payload: '{}', answer: 'null' },
  { name: 'scrollCenter', direction: 'toHost', payload: '{ offsetTop: number }', answer: 'null' },
  {
    name: 'setLocation',
    direction: 'both',
    payload: '{ path: string; title: string } · { path: string }',
    answer: 'null',
  },
  { name: 'getContracts', direction: 'toPortal', payload: '{}', answer: 'EmbeddedContract[]' },
  { name: 'getAuthToken', direction: 'toHost', payload: '{}', answer: '{ token: string } | null' },
  {
    name: 'getPartnerNumber',
    direction: 'toHost',
    payload: '{}',
    answer: '{ partnerNumber: string } | null',
  },
  {
    name: 'getContract',
    direction: 'toPortal',
    payload: '{ contractId: string }',
    answer: 'EmbeddedContract | null',
  },
  {
    name: 'getEmbeddingApplication',
    direction: 'toHost',
    payload: '{}',
    answer: '{ name: string; version?: string; locale?: string } | null',
  },
  {
    name: 'createToast',
    direction: 'toHost',
    payload:
      "{ title: string; state: 'positive' | 'warning' | 'neutral' | 'negative' | 'highlight'; duration?: number }",
    answer: '{ handled: boolean }',
  },
] as const;

export type CommandDirection = (typeof COMMAND_REFERENCE)[number]['direction'];
