import { OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { ContractDetails } from './api/contracts-api';
import { ContractDetailsPage } from './contract-details-page';

const paidUp: ContractDetails = {
  versicherungsNummer: '9000000201',
  vertragsArt: 'BHV',
  vertragsstatus: 'LAUFEND',
  versicherungsTyp: 'BHV',
  versicherungsName: 'Betriebshaftpflichtversicherung',
  produktIdentifier: 'BHV_2',
  marke: 'SCHIRM',
  kuendbar: 'VERTRAGSENDE',
  widerrufbar: false,
  dokumente: [],
  versicherungsPraemie: 49.58,
  jahresVersicherungsPraemie: 99.16,
  zahlweise: 'HALBJAEHRLICH',
  antragsdatum: '2025-12-20',
  vertragsBeginn: '2026-01-01',
  hauptfaelligkeit: '2027-01-01',
  wirksamkeitsdatum: '2026-01-01',
  mahnung: false,
  deckungsVarianten: [],
  bankverbindung: { iban: 'DE89 **** **** **** **30 00', kontoinhaber: 'Markus Weber' },
  selbstServices: ['bankverbindung', 'zahlungsweise'],
  vorgemerkteAenderungen: [],
};

const account = {
  kontoinhaber: 'Schirm Versicherung AG',
  iban: 'DE66370501980012345678',
  bic: 'COLSDE33XXX',
  verwendungszweck: '9000000201',
};

const overdue = (items: ContractDetails['ueberfaelligeBeitraege']): ContractDetails => ({
  ...paidUp,
  mahnung: true,
  ueberfaelligeBeitraege: items,
  zahlungsinformationen: account,
});

function renderDetails(contract: ContractDetails | Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => (contract instanceof Response ? contract : Response.json(contract))),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        path: '/kunden/vertraege/:versicherungsNummer',
        element: (
          <OpenFeatureProvider>
            <QueryClientProvider client={client}>
              <ContractDetailsPage />
            </QueryClientProvider>
          </OpenFeatureProvider>
        ),
      },
    ],
    { path: '/kunden/vertraege/9000000201' },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Vertragsdetails: overdue premium', () => {
  it('shows the amount, due date, reminder, what happens next and the account with the reference', async () => {
    renderDetails(
      overdue([
        {
          art: 'FOLGEBEITRAG',
          betrag: 49.58,
          faelligAm: '2026-10-01',
          mahnstufe: 'FRIST_ABGELAUFEN',
          gemahntAm: '2026-10-15',
          zahlungsfristBis: '2026-10-29',
        },
      ]),
    );
    const box = await screen.findByRole('region', { name: 'Zahlung überfällig' });
    expect(box).toHaveTextContent('Für diesen Vertrag ist ein Beitrag von 49,58 EUR noch nicht bezahlt.');
    const items = within(box).getByRole('list', { name: 'Offene Beiträge' });
    expect(items).toHaveTextContent(
      'Fällig am 01.10.2026 (gemahnt am 15.10.2026, Zahlungsfrist bis 29.10.2026)49,58 EUR',
    );
    expect(box).toHaveTextContent(
      'Die Zahlungsfrist aus unserer Mahnung vom 15.10.2026 ist am 29.10.2026 abgelaufen. Für Schäden, die seit dem 30.10.2026 eintreten, haben Sie keinen Versicherungsschutz, bis der Beitrag bezahlt ist, und wir können den Vertrag fristlos kündigen (§ 38 VVG).',
    );
    const facts = Object.fromEntries(
      within(box)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({
      Empfänger: 'Schirm Versicherung AG',
      IBAN: 'DE66 3705 0198 0012 3456 78',
      BIC: 'COLSDE33XXX',
      Verwendungszweck: '9000000201',
      Betrag: '49,58 EUR',
    });
    expect(within(box).getByRole('link', { name: 'Bankverbindung ändern' })).toHaveAttribute(
      'href',
      '/kunden/bankverbindung/?vertrag=9000000201',
    );
  });

  it('before a reminder says that one comes with two weeks to pay, and sums several premiums', async () => {
    renderDetails(
      overdue([
        { art: 'FOLGEBEITRAG', betrag: 49.58, faelligAm: '2026-07-01', mahnstufe: 'NICHT_GEMAHNT' },
        { art: 'FOLGEBEITRAG', betrag: 49.58, faelligAm: '2026-10-01', mahnstufe: 'NICHT_GEMAHNT' },
      ]),
    );
    const box = await screen.findByRole('region', { name: 'Zahlung überfällig' });
    expect(box).toHaveTextContent(
      'Für diesen Vertrag sind 2 Beiträge von zusammen 99,16 EUR noch nicht bezahlt.',
    );
    expect(box).toHaveTextContent('Zahlungsfrist von mindestens zwei Wochen');
    expect(box).toHaveTextContent('Überweisen Sie bitte 99,16 EUR auf unser Konto.');
    expect(box).not.toHaveTextContent('abgelaufen');
  });

  it('names the deadline still running and the first day without cover after it', async () => {
    renderDetails(
      overdue([
        {
          art: 'FOLGEBEITRAG',
          betrag: 49.58,
          faelligAm: '2026-10-01',
          mahnstufe: 'GEMAHNT',
          gemahntAm: '2026-10-15',
          zahlungsfristBis: '2026-10-31',
        },
      ]),
    );
    expect(await screen.findByRole('region', { name: 'Zahlung überfällig' })).toHaveTextContent(
      'Bitte zahlen Sie bis spätestens 31.10.2026. Ist der Beitrag danach noch offen, haben Sie für Schäden ab dem 01.11.2026 keinen Versicherungsschutz',
    );
  });

  it('explains an unpaid first premium (§ 37 VVG) and offers no direct debit where bank details cannot be changed', async () => {
    renderDetails({
      ...overdue([{ art: 'ERSTBEITRAG', betrag: 120, faelligAm: '2026-01-15', mahnstufe: 'ERSTBEITRAG' }]),
      selbstServices: [],
    });
    const box = await screen.findByRole('region', { name: 'Zahlung überfällig' });
    expect(box).toHaveTextContent('Erstbeitrag, fällig am 15.01.2026120,00 EUR');
    expect(box).toHaveTextContent(
      'besteht noch kein Versicherungsschutz, und wir können vom Vertrag zurücktreten (§ 37 VVG)',
    );
    expect(within(box).queryByRole('link')).toBeNull();
    expect(box).toHaveTextContent('DE66 3705 0198 0012 3456 78');
  });

  it('shows nothing about payment when every premium is paid', async () => {
    renderDetails(paidUp);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Betriebshaftpflichtversicherung' }),
    ).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Zahlung überfällig' })).toBeNull();
  });

  it('shows the page error, not a payment box, when the contract cannot be loaded', async () => {
    renderDetails(Response.json({ error: { code: 'INTERNAL_ERROR' } }, { status: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Leider ist etwas schief gelaufen. Bitte versuchen Sie es später nochmal.',
    );
    expect(screen.queryByRole('region', { name: 'Zahlung überfällig' })).toBeNull();
  });
});
