// The XML form of the Maklerpost (docs/api/maklerpost.md): a small document with BiPRO-like
// element names, written by hand (no XML library is a dependency). Every text goes through
// escapeXml; characters XML 1.0 does not allow (control characters) are dropped.
import type { FastifyRequest } from 'fastify';
import type { FeedPage, Lieferung } from './feed';

export const MAKLERPOST_XML_NAMESPACE = 'urn:schirm:maklerpost:1';

// XML 1.0 Char: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text for element content and attribute values (double-quoted). */
export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Whether the caller asked for XML: `Accept` names application/xml or text/xml before any JSON. */
export function wantsXml(request: FastifyRequest): boolean {
  const accept = (request.headers.accept ?? '').toLowerCase();
  const ranges = accept
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);
  const xml = ranges.findIndex((range) => range === 'application/xml' || range === 'text/xml');
  const json = ranges.findIndex((range) => range === 'application/json');
  return xml >= 0 && (json < 0 || xml < json);
}

function element(name: string, value: string | number | boolean | null, indent: string): string {
  if (value === null) return '';
  return `${indent}<${name}>${escapeXml(String(value))}</${name}>\n`;
}

function lieferungXml(lieferung: Lieferung, indent: string): string {
  const inner = `${indent}  `;
  const dokument = lieferung.dokument
    ? `${inner}<Dokument>\n` +
      element('DokumentID', lieferung.dokument.id, `${inner}  `) +
      element('Dateiname', lieferung.dokument.name, `${inner}  `) +
      element('URL', lieferung.dokument.url, `${inner}  `) +
      `${inner}</Dokument>\n`
    : '';
  return (
    `${indent}<Lieferung>\n` +
    element('LieferungsID', lieferung.id, inner) +
    element('Kategorie', lieferung.kategorie, inner) +
    element('Bezeichnung', lieferung.bezeichnung, inner) +
    element('Vertragsnummer', lieferung.vertragsnummer, inner) +
    element('Partnernummer', lieferung.partnernummer, inner) +
    element('Kundenname', lieferung.kundenname, inner) +
    element('Vermittlernummer', lieferung.vermittlernummer, inner) +
    element('Sparte', lieferung.sparte, inner) +
    element('Erstellungsdatum', lieferung.erstellungsdatum, inner) +
    element('WirksamAb', lieferung.wirksamAb, inner) +
    element('Betrag', lieferung.betrag === null ? null : lieferung.betrag.toFixed(2), inner) +
    element('Quittiert', lieferung.quittiert, inner) +
    element('QuittiertAm', lieferung.quittiertAm, inner) +
    dokument +
    `${indent}</Lieferung>\n`
  );
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A page of the list as XML. */
export function feedPageXml(page: FeedPage): string {
  return (
    DECLARATION +
    `<Lieferungen xmlns="${MAKLERPOST_XML_NAMESPACE}">\n` +
    element('AnzahlUngelesen', page.anzahlUngelesen, '  ') +
    element('NaechsterCursor', page.naechsterCursor, '  ') +
    page.lieferungen.map((lieferung) => lieferungXml(lieferung, '  ')).join('') +
    '</Lieferungen>\n'
  );
}

/** One delivery as XML (the root carries the namespace). */
export function lieferungDocumentXml(lieferung: Lieferung): string {
  return (
    DECLARATION +
    lieferungXml(lieferung, '').replace('<Lieferung>', `<Lieferung xmlns="${MAKLERPOST_XML_NAMESPACE}">`)
  );
}
