import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangePreview } from './api/self-service-api';
import { BankverbindungPage } from './bankverbindung-page';
import { contractOf, monthly, renderPage, stubApi } from './self-service-test-support';

const contract = contractOf({
  versicherungsNummer: '9000000301',
  versicherungsName: 'Privathaftpflichtversicherung',
  bankverbindung: {
    iban: 'DE** **** **** **** **88 45',
    swiftBic: 'DUSSDEDDXXX',
    kontoinhaber: 'Jonas Becker',
  },
  selbstServices: ['bankverbindung'],
});
const DETAILS = 'GET /api/vertrag/vertrag/9000000301';
const CHANGE = '/api/vertrag/vertrag/bankverbindung/9000000301';
const IBAN = 'DE39500105175407324924';
const LOOKUP = `GET /api/openiban-validator/validate/${IBAN}?getBIC=true`;

const mandate = {
  glaeubigerId: 'DE98ZZZ09999999999',
  erteiltAm: '2026-11-22',
  kontoinhaber: 'Jonas Becker',
  iban: IBAN,
  bic: 'INGDDEFFXXX',
  bank: 'ING-DiBa',
  vertraege: [
    { versicherungsNummer: '9000000301', versicherungsName: 'Privathaftpflichtversicherung' },
    { versicherungsNummer: '9000000302', versicherungsName: 'Hausratversicherung' },
  ],
};
const preview: ChangePreview = {
  versicherungsNummer: '9000000301',
  version: 5,
  wirksamkeitsdatum: '2026-11-22',
  bisherigerBeitrag: monthly(7.5),
  zeitplan: [],
  ersetzteVormerkungen: [],
  ruecknahme: false,
  sepaMandat: mandate,
};
const saved: ChangePreview = {
  ...preview,
  version: 6,
  sepaMandat: { ...mandate, mandatsreferenz: 'SCHIRM-9000000301-20261122203000' },
  dokument: {
    id: 'doc-1',
    name: 'SEPA-Lastschriftmandat',
    typ: 'default',
    url: '/api/dokument/download-bereich/dokumente/doc-1',
  },
};

const render = () =>
  renderPage('bankverbindung', <BankverbindungPage />, '/kunden/bankverbindung?vertrag=9000000301');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Bankverbindung ändern', () => {
  it(
    'looks up the bank, shows the new mandate with its wording, and offers the mandate PDF once saved',
    { timeout: 30_000 },
    async () => {
      const calls = stubApi({
        [DETAILS]: [{ body: contract }],
        [LOOKUP]: [
          {
            body: {
              valid: true,
              iban: IBAN,
              messages: [],
              bankData: { bankCode: '50010517', name: 'ING-DiBa', bic: 'INGDDEFFXXX' },
            },
          },
        ],
        [`POST ${CHANGE}`]: [{ body: preview }],
        [`PATCH ${CHANGE}`]: [{ body: saved }],
      });
      render();

      expect(await screen.findByRole('heading', { level: 1, name: 'Bankverbindung ändern' })).toBeVisible();
      expect(screen.getByText('DE** **** **** **** **88 45, Jonas Becker')).toBeVisible();
      const holder = screen.getByRole('textbox', { name: /Kontoinhaberin oder Kontoinhaber/ });
      expect(holder).toHaveValue('Jonas Becker');

      await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Prüfung' }));
      expect(screen.getByText('Bitte geben Sie Ihre IBAN an.')).toBeVisible();
      await userEvent.type(screen.getByRole('textbox', { name: /IBAN/ }), 'DE39 5001 0517 5407 3249 25');
      await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Prüfung' }));
      expect(screen.getByRole('alert')).toHaveTextContent(/Prüfziffer|IBAN/);
      expect(calls.some((c) => c.method === 'POST')).toBe(false);

      const ibanField = screen.getByRole('textbox', { name: /IBAN/ });
      await userEvent.clear(ibanField);
      await userEvent.type(ibanField, IBAN);
      await userEvent.tab();
      expect(await screen.findByText(/ING-DiBa/)).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Prüfung' }));

      expect(
        await screen.findByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' }),
      ).toHaveFocus();
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        iban: IBAN,
        kontoinhaber: 'Jonas Becker',
      });
      expect(
        screen.getByText('Neue Bankverbindung: DE39 5001 0517 5407 3249 24, Kontoinhaber/in: Jonas Becker'),
      ).toBeVisible();
      expect(screen.getByText('Ihr Beitrag ändert sich nicht.')).toBeVisible();
      const mandateSection = screen.getByRole('region', { name: 'Ihr neues SEPA-Lastschriftmandat' });
      expect(mandateSection).toHaveTextContent('DE98ZZZ09999999999');
      expect(mandateSection).toHaveTextContent('wird beim Speichern vergeben');
      expect(mandateSection).toHaveTextContent('INGDDEFFXXX');
      expect(mandateSection).toHaveTextContent(/Ich ermächtige die Schirm Versicherung AG/);
      expect(mandateSection).toHaveTextContent(/innerhalb von acht Wochen/);
      const covered = screen.getByRole('region', { name: 'Gilt sofort für diese Verträge' });
      expect(
        within(covered)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Privathaftpflichtversicherung, Nr. 9000000301', 'Hausratversicherung, Nr. 9000000302']);
      expect(screen.getByText(/Sie gilt dann sofort\.$/)).toBeVisible();

      await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
      expect(await screen.findByText('Die Änderung gilt ab sofort')).toBeVisible();
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        iban: IBAN,
        kontoinhaber: 'Jonas Becker',
        version: 5,
      });
      expect(screen.getByText('SCHIRM-9000000301-20261122203000')).toBeVisible();
      expect(
        screen.getByRole('button', { name: 'SEPA-Lastschriftmandat herunterladen (PDF)' }),
      ).toBeVisible();
    },
  );

  it('shows the server’s field message at the field', { timeout: 30_000 }, async () => {
    stubApi({
      [DETAILS]: [{ body: contract }],
      [LOOKUP]: [{ body: { valid: true, iban: IBAN, messages: [] } }],
      [`POST ${CHANGE}`]: [
        {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_FAILED',
              status: 400,
              message: 'Bitte prüfen Sie Ihre Angaben.',
              fieldErrors: [
                { path: 'kontoinhaber', message: 'Der Name ist zu lang (höchstens 70 Zeichen).' },
              ],
            },
          },
        },
      ],
    });
    render();
    await userEvent.type(await screen.findByRole('textbox', { name: /IBAN/ }), IBAN);
    await userEvent.click(screen.getByRole('button', { name: 'Weiter zur Prüfung' }));
    expect(await screen.findByText('Der Name ist zu lang (höchstens 70 Zeichen).')).toBeVisible();
    expect(screen.getByRole('textbox', { name: /Kontoinhaberin oder Kontoinhaber/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });
});
