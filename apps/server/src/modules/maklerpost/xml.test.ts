// The Maklerpost's XML writer on a fixed delivery: the exact document, escaping of every special
// character and removal of characters XML 1.0 does not allow.
import { describe, expect, it } from 'vitest';
import type { Lieferung } from './feed';
import { escapeXml, feedPageXml, lieferungDocumentXml } from './xml';

const lieferung: Lieferung = {
  id: 'DO-0b8e6c1a-3f0d-4e7b-9a45-1c2d3e4f5a6b',
  kategorie: 'DOKUMENT',
  bezeichnung: 'Dokument: Nachtrag <1> & "Anlage"',
  vertragsnummer: '9123456789',
  partnernummer: '4711000815',
  kundenname: "O'Brien & Söhne",
  vermittlernummer: '1000000042',
  sparte: 'Privathaftpflicht',
  erstellungsdatum: '2026-01-02T09:15:00.000Z',
  wirksamAb: null,
  betrag: 59.5,
  quittiert: false,
  quittiertAm: null,
  dokument: { id: '0b8e6c1a-3f0d-4e7b-9a45-1c2d3e4f5a6b', name: 'Nachtrag\u0007', url: '/api/x?a=1&b=2' },
};

describe('Maklerpost XML', () => {
  it('escapes the five special characters and drops control characters', () => {
    expect(escapeXml(`a<b>&"c"'d'\u0000\u001f\tok`)).toBe('a&lt;b&gt;&amp;&quot;c&quot;&apos;d&apos;\tok');
  });

  it('writes the exact list document for a fixed page', () => {
    expect(feedPageXml({ lieferungen: [lieferung], naechsterCursor: null, anzahlUngelesen: 3 })).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<Lieferungen xmlns="urn:schirm:maklerpost:1">',
        '  <AnzahlUngelesen>3</AnzahlUngelesen>',
        '  <Lieferung>',
        '    <LieferungsID>DO-0b8e6c1a-3f0d-4e7b-9a45-1c2d3e4f5a6b</LieferungsID>',
        '    <Kategorie>DOKUMENT</Kategorie>',
        '    <Bezeichnung>Dokument: Nachtrag &lt;1&gt; &amp; &quot;Anlage&quot;</Bezeichnung>',
        '    <Vertragsnummer>9123456789</Vertragsnummer>',
        '    <Partnernummer>4711000815</Partnernummer>',
        '    <Kundenname>O&apos;Brien &amp; Söhne</Kundenname>',
        '    <Vermittlernummer>1000000042</Vermittlernummer>',
        '    <Sparte>Privathaftpflicht</Sparte>',
        '    <Erstellungsdatum>2026-01-02T09:15:00.000Z</Erstellungsdatum>',
        '    <Betrag>59.50</Betrag>',
        '    <Quittiert>false</Quittiert>',
        '    <Dokument>',
        '      <DokumentID>0b8e6c1a-3f0d-4e7b-9a45-1c2d3e4f5a6b</DokumentID>',
        '      <Dateiname>Nachtrag</Dateiname>',
        '      <URL>/api/x?a=1&amp;b=2</URL>',
        '    </Dokument>',
        '  </Lieferung>',
        '</Lieferungen>',
        '',
      ].join('\n'),
    );
  });

  it('puts the namespace on a single delivery', () => {
    expect(lieferungDocumentXml(lieferung).split('\n').slice(0, 2)).toEqual([
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<Lieferung xmlns="urn:schirm:maklerpost:1">',
    ]);
  });
});
