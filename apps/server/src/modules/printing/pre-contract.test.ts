import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PRODUCT_CATALOGUE } from '@schirm/domain/products/catalogue';
import type { ProductKey } from '@schirm/domain/products/enums';
import { renderPdf } from '../documents/pdf';
import { pdfFontsEmbedded, pdfPageCount, pdfText } from '../documents/pdf-text.test-helper';
import { leistungsuebersicht, mischbetriebslogik, STATIC_DOCUMENT_NAMES, staticDocument } from './overviews';
import { IPID_HEADINGS, preContractDocuments, render, type OfferFacts } from './pre-contract';
import { KUNDENINFORMATION_CODES, TEXTS_BY_CODE } from './products';

const PRODUCTS: readonly ProductKey[] = [
  'BHV',
  'VH',
  'SI_ALLGEFAHREN',
  'SI_MEHRGEFAHREN',
  'FAHRRAD',
  'TIERHALTERHAFTPFLICHT',
  'PRIVATHAFTPFLICHT',
  'HAUSRAT',
  'REISE',
  'KFZ',
];

const OFFER: OfferFacts = {
  variantName: 'Komfort',
  zahlweise: 'MONATLICH',
  bruttoCents: 1_234,
  nettoCents: 1_037,
  versicherungsteuerCents: 197,
  versicherungsbeginn: '2026-12-01',
  versicherungssummeCents: 250_000,
};

describe('pre-contract documents', () => {
  it.each(PRODUCTS)(
    '%s: Kundeninformation, IPID and AVB open, embed their fonts and carry real German text',
    async (productKey) => {
      const documents = await preContractDocuments({ productKey });
      expect(documents.map((document) => document.typ)).toEqual(['KUNDENINFORMATION', 'IPID', 'AVB']);
      const productName = PRODUCT_CATALOGUE.find((entry) => entry.productKey === productKey)?.name ?? '';
      for (const document of documents) {
        expect(document.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(document.pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
        expect(pdfFontsEmbedded(document.pdf)).toBe(true);
        expect(document.sha256).toBe(createHash('sha256').update(document.pdf).digest('hex'));
        expect(document.fileName).toMatch(/^[A-Za-z-]+-2026-11\.pdf$/);
        const text = pdfText(document.pdf);
        expect(text).toContain('Schirm Versicherung AG');
        expect(text).toContain(productName);
        expect(text).toMatch(/[äöüß]/);
        expect(text).not.toMatch(/lorem/i);
      }
      expect(documents.map((document) => document.name)).toEqual([
        'Kundeninformation mit Widerrufsbelehrung',
        'Produktinformationsblatt (IPID)',
        'Allgemeine Versicherungsbedingungen (AVB)',
      ]);
    },
  );

  it.each(PRODUCTS)(
    '%s: the IPID has the nine headings of DVO (EU) 2017/1469 in order, on at most three pages',
    async (productKey) => {
      const [, ipid] = await preContractDocuments({ productKey });
      if (!ipid) throw new Error('no IPID');
      const text = pdfText(ipid.pdf);
      expect(text).toContain('Informationsblatt zu Versicherungsprodukten');
      const positions = IPID_HEADINGS.map((heading) => text.indexOf(heading));
      expect(positions.every((position) => position >= 0)).toBe(true);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      expect(pdfPageCount(ipid.pdf)).toBeLessThanOrEqual(3);
    },
  );

  it('the IPID names product-specific covers and sums from the catalogue', async () => {
    const [, phv] = await preContractDocuments({ productKey: 'PRIVATHAFTPFLICHT' });
    expect(pdfText(phv?.pdf ?? Buffer.alloc(0))).toContain('Premium 50 Mio. EUR');
    const [, fahrrad] = await preContractDocuments({ productKey: 'FAHRRAD' });
    const fahrradText = pdfText(fahrrad?.pdf ?? Buffer.alloc(0));
    expect(fahrradText).toContain('Reparatur ohne Verschleiß');
    expect(fahrradText).toContain('Schutzbrief');
  });

  it('the Kundeninformation contains the Widerrufsbelehrung and the insurer facts of VVG-InfoV § 1', async () => {
    const [kundeninformation] = await preContractDocuments({ productKey: 'HAUSRAT' });
    const text = pdfText(kundeninformation?.pdf ?? Buffer.alloc(0));
    expect(text).toContain('Widerrufsbelehrung');
    expect(text).toContain('innerhalb einer Frist von 14 Tagen ohne Angabe von Gründen in Textform');
    expect(text).toContain('Widerrufsfolgen');
    expect(text).toContain('Hohenzollernring 54, 50672 Köln');
    expect(text).toContain('Versicherungsombudsmann e.V.');
    expect(text).toContain('BaFin');
    expect(text).toContain('deutsches Recht');
  });

  it("the Kundeninformation shows the offer's premium in German format", async () => {
    const [kundeninformation] = await preContractDocuments({ productKey: 'FAHRRAD', offer: OFFER });
    const text = pdfText(kundeninformation?.pdf ?? Buffer.alloc(0));
    expect(text).toContain('12,34 EUR monatlich');
    expect(text).toContain('1,97 EUR');
    expect(text).toContain('10,37 EUR');
    expect(text).toContain('01.12.2026');
    expect(text).toContain('2.500,00 EUR');
    // 12,34 EUR × 12 / 360 = 0,41 EUR a day kept on revocation.
    expect(text).toContain('0,41 EUR je Tag');
    const [withoutOffer] = await preContractDocuments({ productKey: 'FAHRRAD' });
    expect(pdfText(withoutOffer?.pdf ?? Buffer.alloc(0))).not.toContain('12,34 EUR');
  });

  it('gives the same bytes and hashes for the same input, other bytes for another offer', async () => {
    const first = await preContractDocuments({
      productKey: 'REISE',
      offer: { ...OFFER, zahlweise: 'EINMALIG' },
    });
    const second = await preContractDocuments({
      productKey: 'REISE',
      offer: { ...OFFER, zahlweise: 'EINMALIG' },
    });
    expect(second.map((document) => document.sha256)).toEqual(first.map((document) => document.sha256));
    expect(Buffer.compare(second[0]?.pdf ?? Buffer.alloc(0), first[0]?.pdf ?? Buffer.alloc(1))).toBe(0);
    const other = await preContractDocuments({
      productKey: 'REISE',
      offer: { ...OFFER, zahlweise: 'EINMALIG', bruttoCents: 1_235 },
    });
    expect(other[0]?.sha256).not.toBe(first[0]?.sha256);
    // IPID and AVB do not depend on the offer.
    expect(other[1]?.sha256).toBe(first[1]?.sha256);
  });

  it('a kept Kundeninformation is the one rendered afresh, and every fact of the offer makes its own', async () => {
    const offer: OfferFacts = { ...OFFER, bruttoCents: 2_468 };
    const [kept] = await preContractDocuments({ productKey: 'HAUSRAT', offer });
    const [again] = await preContractDocuments({ productKey: 'HAUSRAT', offer });
    const fresh = await render('KUNDENINFORMATION', 'HRV', offer);
    expect(again?.sha256).toBe(kept?.sha256);
    expect(fresh.sha256).toBe(kept?.sha256);
    expect(Buffer.compare(fresh.pdf, kept?.pdf ?? Buffer.alloc(0))).toBe(0);
    const variations: OfferFacts[] = [
      { ...offer, variantName: 'Premium' },
      { ...offer, zahlweise: 'JAEHRLICH' },
      { ...offer, bruttoCents: 2_469 },
      { ...offer, nettoCents: 1_038 },
      { ...offer, versicherungsteuerCents: 198 },
      { ...offer, versicherungsbeginn: '2026-12-02' },
      { ...offer, versicherungssummeCents: 250_100 },
    ];
    const hashes = new Set([kept?.sha256]);
    for (const variation of variations) {
      const [document] = await preContractDocuments({ productKey: 'HAUSRAT', offer: variation });
      hashes.add(document?.sha256);
    }
    expect(hashes.size).toBe(variations.length + 1);
    // Another product with the same facts has its own text.
    const [other] = await preContractDocuments({ productKey: 'PRIVATHAFTPFLICHT', offer });
    expect(other?.sha256).not.toBe(kept?.sha256);
  });

  it('names the exact text version of each document', async () => {
    const documents = await preContractDocuments({ productKey: 'TIERHALTERHAFTPFLICHT' });
    expect(documents.map((document) => document.textVersion)).toEqual([
      'KUNDENINFORMATION-THV-2026-11',
      'IPID-THV-2026-11',
      'AVB-THV-2026-11',
    ]);
    const wechsel = await preContractDocuments({ productKey: 'BHV', wechseltarif: true });
    expect(wechsel[0]?.textVersion).toBe('KUNDENINFORMATION-BHV_WECHSELTARIF-2026-11');
    expect(pdfText(wechsel[0]?.pdf ?? Buffer.alloc(0))).toContain('Wechseltarif');
  });
});

describe('overviews', () => {
  it('every product text compares as many values as the catalogue has variants', () => {
    for (const code of KUNDENINFORMATION_CODES) {
      const texts = TEXTS_BY_CODE[code];
      for (const row of texts.features)
        expect(row.values, `${code}: ${row.label}`).toHaveLength(texts.variants.length);
    }
  });

  it('the Leistungsübersicht puts the variants side by side', async () => {
    const pdf = await leistungsuebersicht('THV');
    const text = pdfText(pdf);
    expect(pdfFontsEmbedded(pdf)).toBe(true);
    expect(text).toContain('Leistungsübersicht');
    expect(text).toContain('Basis');
    expect(text).toContain('Premium');
    expect(text).toContain('20 Mio. EUR');
  });

  it('the Mischbetriebslogik explains the highest-class rule with examples priced by the tariffs', async () => {
    const text = pdfText(await mischbetriebslogik());
    expect(text).toContain('höchsten Gefahrenklasse');
    expect(text).toContain('Nebengewerbe');
    // BHV_2 Basis: Textil (class 1) alone 140,00 + 300 × 0,35 = 245,00; with Café class 2:
    // (210,00 + 300 × 0,70) × 1,10 = 462,00 (docs/tariffs/bhv.md).
    expect(text).toContain('245,00 EUR netto im Jahr');
    expect(text).toContain('462,00 EUR netto im Jahr');
  });

  it.each(STATIC_DOCUMENT_NAMES)('the static document %s opens with real text', async (name) => {
    const pdf = await staticDocument(name);
    expect(pdfFontsEmbedded(pdf)).toBe(true);
    const text = pdfText(pdf);
    expect(text).toContain('Schirm Versicherung AG');
    expect(text.length).toBeGreaterThan(1_000);
  });
});

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz ÄÖÜ äöü ß 0123456789 € § „“ –';

describe('letters (documents/pdf.ts)', () => {
  it('embed the fonts too, so policy and receipts are self-contained', async () => {
    const pdf = await renderPdf({
      title: 'Versicherungsschein',
      recipient: ['Jürgen Weiß', 'Königstraße 5', '50672 Köln'],
      dateLine: 'Köln, 26.11.2026',
      intro: ['Sehr geehrter Herr Weiß, anbei Ihr Versicherungsschein.'],
      sections: [
        { headline: 'Beitrag', facts: [{ label: 'Gesamtbeitrag', value: '12,34 EUR monatlich (€)' }] },
      ],
      closing: ['Mit freundlichen Grüßen', ALPHABET],
    });
    expect(pdfFontsEmbedded(pdf)).toBe(true);
    expect(pdf.toString('latin1')).not.toContain('/Helvetica');
    const text = pdfText(pdf);
    expect(text).toContain('Jürgen Weiß');
    expect(text).toContain('12,34 EUR monatlich (€)');
    expect(text).toContain('Mit freundlichen Grüßen');
    // Every letter reads back as written (the ToUnicode map spans several ranges).
    expect(text).toContain(ALPHABET);
  });
});
