import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JahresumsatzPage } from './jahresumsatz-page';
import { contractOf, monthly, previewOf, renderPage, stubApi } from './self-service-test-support';

const contract = contractOf({
  versicherungsNummer: '9000000201',
  vertragsArt: 'BHV',
  versicherungsTyp: 'BHV',
  versicherungsName: 'Betriebshaftpflichtversicherung',
  produktIdentifier: 'BHV_2',
  jahresumsatz: { value: 480_000, isAdjustable: true },
  selbstServices: ['jahresumsatz'],
});
const DETAILS = 'GET /api/vertrag/vertrag/9000000201';
const CHANGE = '/api/vertrag/vertrag/jahresumsatz/9000000201';
const CONFIRM = 'POST /api/vertrag/vertrag/jahresumsatz/9000000201/bestaetigen';

const render = () =>
  renderPage('jahresumsatz', <JahresumsatzPage />, '/kunden/jahresumsatz?vertrag=9000000201');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Jahresumsatz melden', () => {
  it('sends the new revenue as a German amount, shows the premium and saves it after confirmation', async () => {
    const preview = previewOf('9000000201', 9.8);
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    render();

    const field = await screen.findByRole('textbox', { name: /^Neuer Jahresumsatz/ });
    expect(field).toHaveAccessibleDescription(/Zuletzt gemeldet: 480\.000,00\sEUR/);
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    const minimum = 'Bitte geben Sie Ihren Jahresumsatz in Euro an, mindestens 1.000,00 EUR.';
    expect(screen.getByText(minimum)).toBeVisible();

    // An implausible revenue is refused before the calculation, naming the minimum.
    await userEvent.type(field, '12,5');
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(screen.getByText(minimum)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '480000');
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(screen.getByText(/^Das ist Ihr zuletzt gemeldeter Jahresumsatz/)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, '410000');
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(
      await screen.findByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' }),
    ).toHaveFocus();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ jahresumsatz: '410.000,00' });
    expect(screen.getByText(/^Neuer Jahresumsatz: 410\.000,00\sEUR$/)).toBeVisible();
    expect(screen.getByText(/^9,80\sEUR monatlich$/)).toBeVisible();
    expect(screen.getByText('01.12.2030')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die Änderung ist vorgemerkt')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      jahresumsatz: '410.000,00',
      version: 3,
      erwarteterBeitrag: 9.8,
    });
  });

  it('shows the tariff’s reason when the revenue cannot be insured online, and stays on the form', async () => {
    stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [
        {
          body: {
            versicherungsNummer: '9000000201',
            version: 3,
            wirksamkeitsdatum: '2030-12-01',
            bisherigerBeitrag: monthly(7.5),
            fehlermeldung: 'Ab 5 Mio. EUR Jahresumsatz berät Sie Ihre Vermittlerin oder Ihr Vermittler.',
          },
        },
      ],
    });
    render();
    await userEvent.type(await screen.findByRole('textbox', { name: /^Neuer Jahresumsatz/ }), '90000000');
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByText('Online leider nicht möglich')).toBeVisible();
    expect(
      screen.getByText('Ab 5 Mio. EUR Jahresumsatz berät Sie Ihre Vermittlerin oder Ihr Vermittler.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Änderung verbindlich speichern' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /^Neuer Jahresumsatz/ })).toHaveValue('90.000.000,00');
  });

  it('confirms the revenue unchanged without a new premium and says so', async () => {
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [CONFIRM]: [
        {
          body: {
            versicherungsNummer: '9000000201',
            version: 4,
            jahresumsatz: 480_000,
            jahresumsatzGemeldetAm: '2026-11-22',
          },
        },
      ],
    });
    render();
    expect(
      await screen.findByText(
        /Dann bestätigen Sie uns einfach den zuletzt gemeldeten Jahresumsatz von 480\.000,00\sEUR/,
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Umsatz unverändert bestätigen' }));
    expect(await screen.findByText('Vielen Dank für Ihre Bestätigung')).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      /Jahresumsatz von 480\.000,00\sEUR am 22\.11\.2026 als unverändert vermerkt/,
    );
    expect(screen.queryByRole('button', { name: 'Umsatz unverändert bestätigen' })).toBeNull();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/vertrag/vertrag/jahresumsatz/9000000201/bestaetigen',
    ]);
  });

  it('says why a confirmation failed', async () => {
    stubApi({
      [DETAILS]: [{ body: contract }],
      [CONFIRM]: [
        {
          status: 409,
          body: {
            error: {
              code: 'CONTRACT_CHANGED',
              status: 409,
              message:
                'Der Vertrag wurde gerade anderweitig geändert. Bitte laden Sie die Seite neu und versuchen Sie es erneut.',
            },
          },
        },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Umsatz unverändert bestätigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der Vertrag wurde gerade anderweitig geändert.',
    );
    expect(screen.getByRole('button', { name: 'Umsatz unverändert bestätigen' })).toBeVisible();
  });

  it('explains when the revenue cannot be changed online', async () => {
    stubApi({
      [DETAILS]: [
        { body: { ...contract, jahresumsatz: { value: 480_000, isAdjustable: false }, selbstServices: [] } },
      ],
    });
    render();
    expect(
      await screen.findByText('Diese Änderung ist für diesen Vertrag online nicht möglich'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Umsatz unverändert bestätigen' })).toBeNull();
  });
});
