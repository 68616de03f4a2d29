import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangePreview, SelfServiceContract } from './api/self-service-api';
import { renderPage, stubApi } from './self-service-test-support';
import { ZahlungsweisePage } from './zahlungsweise-page';

const contract: SelfServiceContract = {
  versicherungsNummer: '9000000101',
  vertragsArt: 'PHV',
  vertragsstatus: 'LAUFEND',
  versicherungsTyp: 'PRIVATHAFTPFLICHT',
  versicherungsName: 'Privathaftpflicht',
  produktIdentifier: 'PRIVATHAFTPFLICHT',
  marke: 'SCHIRM',
  kuendbar: 'VERTRAGSENDE',
  widerrufbar: false,
  dokumente: [],
  versicherungsPraemie: 7.5,
  jahresVersicherungsPraemie: 90,
  zahlweise: 'MONATLICH',
  antragsdatum: '2023-10-20',
  vertragsBeginn: '2023-11-01',
  wirksamkeitsdatum: '2023-11-01',
  mahnung: false,
  deckungsVarianten: [],
  selbstServices: ['zahlungsweise'],
  vorgemerkteAenderungen: [],
};

const premium = (zahlweise: 'MONATLICH' | 'JAEHRLICH', brutto: number, netto: number) => ({
  zahlweise,
  nettoProPeriode: netto,
  versicherungsteuerProPeriode: Math.round((brutto - netto) * 100) / 100,
  beitragProPeriode: brutto,
  jahresbeitrag: zahlweise === 'MONATLICH' ? brutto * 12 : brutto,
});

// The next main due date lies ahead on whatever day the suite runs: 1 November of next year.
const mainDueYear = new Date().getFullYear() + 1;
const mainDue = { iso: `${mainDueYear}-11-01`, german: `01.11.${mainDueYear}` };

const preview: ChangePreview = {
  versicherungsNummer: '9000000101',
  version: 3,
  wirksamkeitsdatum: mainDue.iso,
  zeitplan: [],
  ersetzteVormerkungen: [],
  ruecknahme: false,
  bisherigerBeitrag: premium('MONATLICH', 7.5, 6.3),
  neuerBeitrag: premium('JAEHRLICH', 87.76, 73.75),
};

const renderAt = (path: string) => renderPage('zahlungsweise', <ZahlungsweisePage />, path);

afterEach(() => {
  vi.unstubAllGlobals();
});

const DETAILS = 'GET /api/vertrag/vertrag/9000000101';
const CHANGE = '/api/vertrag/vertrag/beitrag/zahlweise/9000000101';

describe('Zahlweise ändern', () => {
  it('calculates first, saves only on confirmation, and then says from when the change applies', async () => {
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    renderAt('/kunden/zahlungsweise?vertrag=9000000101');

    expect(await screen.findByRole('heading', { level: 1, name: 'Zahlweise ändern' })).toBeVisible();
    expect(await screen.findByText(/^7,50\sEUR monatlich$/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(screen.getByText('Bitte wählen Sie eine Zahlweise.')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('radio', { name: 'Jährlich' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));

    expect(
      await screen.findByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' }),
    ).toHaveFocus();
    expect(screen.getByText(/^87,76\sEUR jährlich$/)).toBeVisible();
    expect(
      screen.getByText(/^darin 14,01\sEUR Versicherungsteuer \(19 %\) auf 73,75\sEUR Nettobeitrag$/),
    ).toBeVisible();
    expect(screen.getByText(mainDue.german)).toBeVisible();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die Änderung ist vorgemerkt')).toBeVisible();
    expect(screen.getByText(`Sie gilt ab dem ${mainDue.german}`, { exact: false })).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      zahlweise: 'JAEHRLICH',
      version: 3,
      erwarteterBeitrag: 87.76,
    });
  });

  it('offers to calculate again when the contract changed since the calculation', async () => {
    stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [
        {
          status: 409,
          body: {
            error: {
              code: 'CONTRACT_CHANGED',
              status: 409,
              message:
                'Der Vertrag wurde inzwischen geändert. Bitte prüfen Sie die neue Berechnung und bestätigen Sie erneut.',
            },
          },
        },
      ],
    });
    renderAt('/kunden/zahlungsweise?vertrag=9000000101');
    await userEvent.click(await screen.findByRole('radio', { name: 'Jährlich' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Vertrag wurde inzwischen geändert.');
    expect(screen.getByRole('button', { name: 'Neu berechnen' })).toBeVisible();
  });

  it('explains when the contract does not offer the change, and when no contract is chosen', async () => {
    stubApi({ [DETAILS]: [{ body: { ...contract, selbstServices: [] } }] });
    renderAt('/kunden/zahlungsweise?vertrag=9000000101');
    expect(
      await screen.findByText('Diese Änderung ist für diesen Vertrag online nicht möglich'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Neuen Beitrag berechnen' })).toBeNull();
  });

  it('asks to choose a contract when the address names none', async () => {
    stubApi({});
    renderAt('/kunden/zahlungsweise');
    expect(await screen.findByText('Kein Vertrag ausgewählt')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zu meinen Verträgen' })).toHaveAttribute(
      'href',
      '/kunden/vertraege/',
    );
  });

  it('shows the server’s message when the calculation is refused', async () => {
    stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [
        {
          status: 409,
          body: {
            error: {
              code: 'CONTRACT_NOT_CHANGEABLE',
              status: 409,
              message: 'Dieser Vertrag kann nicht mehr geändert werden.',
            },
          },
        },
      ],
    });
    renderAt('/kunden/zahlungsweise?vertrag=9000000101');
    await userEvent.click(await screen.findByRole('radio', { name: 'Jährlich' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Vertrag kann nicht mehr geändert werden.',
    );
  });

  it('takes back a pending yearly payment when the customer chooses monthly again, and says so (issue 12)', async () => {
    const pending: SelfServiceContract = {
      ...contract,
      vorgemerkteAenderungen: [
        {
          typ: 'zahlweise',
          bezeichnung: 'Zahlweise: jährlich',
          wirksamkeitsdatum: mainDue.iso,
          neuerBeitrag: 87.76,
          zahlweise: 'JAEHRLICH',
        },
      ],
      geplanterStand: { ...contract, zahlweise: 'JAEHRLICH', versicherungsPraemie: 87.76 },
    };
    const withdrawal: ChangePreview = {
      ...preview,
      neuerBeitrag: premium('MONATLICH', 7.5, 6.3),
      beitragOhneAenderung: premium('JAEHRLICH', 87.76, 73.75),
      ruecknahme: true,
      ersetzteVormerkungen: [
        { typ: 'zahlweise', bezeichnung: 'Zahlweise: jährlich', wirksamkeitsdatum: mainDue.iso },
      ],
    };
    const calls = stubApi({
      [DETAILS]: [{ body: pending }],
      [`POST ${CHANGE}`]: [{ body: withdrawal }],
      [`PATCH ${CHANGE}`]: [{ body: { ...withdrawal, version: 4 } }],
    });
    renderAt('/kunden/zahlungsweise?vertrag=9000000101');

    // The form starts from the planned yearly payment, so monthly (today's) can be chosen.
    expect(await screen.findByText('Bisher zahlen Sie monatlich; vorgemerkt ist jährlich.')).toBeVisible();
    expect(screen.queryByRole('radio', { name: 'Jährlich' })).toBeNull();
    await userEvent.click(screen.getByRole('radio', { name: 'Monatlich' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));

    const box = (await screen.findByText('Sie nehmen eine vorgemerkte Änderung zurück')).closest(
      '[role="note"]',
    );
    expect(box).toHaveTextContent(`Zahlweise: jährlich ab ${mainDue.german}`);
    // A withdrawal needs no confirmation of a replacement: it is the customer's own choice here.
    expect(screen.queryByText('Diese Änderung ersetzt eine vorgemerkte Änderung')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die vorgemerkte Änderung ist zurückgenommen')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      zahlweise: 'MONATLICH',
      version: 3,
      erwarteterBeitrag: 7.5,
    });
  });
});
