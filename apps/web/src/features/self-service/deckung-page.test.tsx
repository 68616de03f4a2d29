import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeckungPage } from './deckung-page';
import { contractOf, previewOf, renderPage, stubApi } from './self-service-test-support';

const contract = contractOf({
  versicherungsNummer: '9000000301',
  vertragsArt: 'PHV',
  versicherungsTyp: 'PRIVATHAFTPFLICHT',
  versicherungsName: 'Privathaftpflichtversicherung',
  produktIdentifier: 'PRIVATHAFTPFLICHT',
  deckungsIdentifier: 'PHV_BASIS',
  deckungsVarianten: [
    {
      deckungsVarianteIdentifier: 'PHV_BASIS',
      deckungsVarianteName: 'Basis',
      versicherungssumme: 10_000_000,
    },
  ],
  selbstServices: ['familienstand', 'deckung'],
});
const DETAILS = 'GET /api/vertrag/vertrag/9000000301';
const CHANGE = '/api/vertrag/vertrag/deckung/9000000301';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Deckung ändern', () => {
  it('lists the product’s variants with their insured sums and saves the chosen one', async () => {
    const preview = previewOf('9000000301', 8.6);
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    renderPage('deckung', <DeckungPage />, '/kunden/deckung?vertrag=9000000301');

    expect(await screen.findByRole('radiogroup', { name: 'Neue Deckungsvariante' })).toBeVisible();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'BasisVersicherungssumme 10 Mio. EUR · Ihr aktueller Stand',
      'KomfortVersicherungssumme 20 Mio. EUR',
      'PremiumVersicherungssumme 50 Mio. EUR',
    ]);
    await userEvent.click(screen.getByRole('radio', { name: /^Komfort/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByText('Neue Deckungsvariante: Komfort')).toBeVisible();
    expect(screen.getByText(/^8,60\sEUR monatlich$/)).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ deckungsVariante: 'PHV_KOMFORT' });

    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die Änderung ist vorgemerkt')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      deckungsVariante: 'PHV_KOMFORT',
      version: 3,
      erwarteterBeitrag: 8.6,
    });
  });

  const BASIS = 'BasisVersicherungssumme 250.000,00 EUR · Ihr aktueller Stand';
  const KOMFORT = 'KomfortVersicherungssumme 500.000,00 EUR';
  it.each([
    // Generation 1 ended at 500.000 EUR: the server refuses Premium (1 Mio. EUR) with 422.
    ['VH', [BASIS, KOMFORT]],
    ['VH_2', [BASIS, KOMFORT, 'PremiumVersicherungssumme 1 Mio. EUR']],
  ] as const)(
    'offers a %s contract only the variants its tariff generation prices',
    async (produkt, labels) => {
      const vh = contractOf({
        versicherungsNummer: '9000000401',
        vertragsArt: 'VH',
        versicherungsTyp: 'VH',
        versicherungsName: 'Vermögensschadenhaftpflichtversicherung',
        produktIdentifier: produkt,
        deckungsIdentifier: 'VH_250',
        selbstServices: ['deckung'],
      });
      stubApi({ ['GET /api/vertrag/vertrag/9000000401']: [{ body: vh }] });
      renderPage('deckung', <DeckungPage />, '/kunden/deckung?vertrag=9000000401');

      expect(await screen.findByRole('radiogroup', { name: 'Neue Deckungsvariante' })).toBeVisible();
      expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(
        labels,
      );
    },
  );

  it.each([
    ['FAHRRAD', 'FAHRRAD_BASIS', ['BasisBausteine: Diebstahl · Ihr aktueller Stand']],
    [
      'FAHRRAD_2',
      'FAHRRAD_KOMFORT',
      [
        'BasisBausteine: Diebstahl',
        'KomfortBausteine: Diebstahl, Reparatur ohne Verschleiß · Ihr aktueller Stand',
        'PremiumBausteine: Diebstahl, Reparatur inklusive Verschleiß, Schutzbrief',
      ],
    ],
  ] as const)('shows a %s contract the covers each package brings', async (produkt, current, labels) => {
    const fahrrad = contractOf({
      versicherungsNummer: '9000000104',
      vertragsArt: 'FAHRRAD',
      versicherungsTyp: 'FAHRRAD',
      versicherungsName: 'Fahrrad- und E-Bike-Versicherung',
      produktIdentifier: produkt,
      deckungsIdentifier: current,
      selbstServices: ['deckung'],
    });
    stubApi({ ['GET /api/vertrag/vertrag/9000000104']: [{ body: fahrrad }] });
    renderPage('deckung', <DeckungPage />, '/kunden/deckung?vertrag=9000000104');

    expect(await screen.findByRole('radiogroup', { name: 'Neue Deckungsvariante' })).toBeVisible();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(labels);
  });

  it('asks to choose a contract when the address names none', async () => {
    stubApi({});
    renderPage('deckung', <DeckungPage />, '/kunden/deckung');
    expect(await screen.findByText('Kein Vertrag ausgewählt')).toBeVisible();
  });
});
