import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, addMonths, formatGermanDate, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { contractOf, previewOf, renderPage, stubApi } from './self-service-test-support';
import { VersicherungssummePage } from './versicherungssumme-page';

// happy-dom fires 'selectionchange' at once, even when the selection does not move; React Aria's
// date segments collapse the selection on that event, which would loop forever here (see
// ui/forms/date-input.test.tsx), so a collapse onto the current position is skipped like in a browser.
const originalCollapse = Selection.prototype.collapse;
beforeAll(() => {
  Selection.prototype.collapse = function collapse(this: Selection, node: Node | null, offset?: number) {
    const isSamePlace = this.anchorNode === node && (this.anchorOffset ?? 0) === (offset ?? 0);
    if (this.isCollapsed && isSamePlace) return;
    originalCollapse.call(this, node, offset);
  };
});
afterAll(() => {
  Selection.prototype.collapse = originalCollapse;
});

// A new sum from three months ahead: inside the range (tomorrow to 12 months ahead).
const START = addMonths(todayInGermany(), 3);

const contract = contractOf({
  versicherungsNummer: '9000000203',
  vertragsArt: 'SI_ALLGEFAHREN',
  versicherungsTyp: 'SI',
  versicherungsName: 'Sachinhaltsversicherung Allgefahren',
  produktIdentifier: 'SI_ALLGEFAHREN',
  zahlweise: 'JAEHRLICH',
  versicherungsSumme: 80_000,
  selbstServices: ['versicherungssumme'],
  vorgemerkteAenderungen: [
    {
      typ: 'versicherungssumme',
      bezeichnung: 'Versicherungssumme: 90.000,00 EUR',
      wirksamkeitsdatum: '2030-01-01',
      neuerBeitrag: 400,
    },
  ],
});
const DETAILS = 'GET /api/vertrag/vertrag/9000000203';
const CHANGE = '/api/vertrag/vertrag/versicherungssumme/9000000203';

const render = () =>
  renderPage(
    'versicherungssumme',
    <VersicherungssummePage />,
    '/kunden/versicherungssumme?vertrag=9000000203',
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

async function typeDate(name: string, digits: string) {
  const [day] = within(screen.getByRole('group', { name })).getAllByRole('spinbutton');
  await userEvent.click(day!);
  await userEvent.keyboard(digits);
}

describe('Versicherungssumme ändern', () => {
  it('sends sum and day, shows the new sum with the premium and replaces the pending change', async () => {
    const preview = {
      ...previewOf('9000000203', 41.5),
      wirksamkeitsdatum: START,
      versicherungssumme: 120_000,
    };
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    render();

    expect(await screen.findByText('Eine Änderung dieser Art ist schon vorgemerkt')).toBeVisible();
    expect(
      screen.getByText(/Sie gilt ab dem 01\.01\.2030\. Wenn Sie jetzt eine neue Änderung speichern/),
    ).toBeVisible();
    const sum = screen.getByRole('textbox', { name: /^Neue Versicherungssumme/ });
    expect(sum).toHaveAccessibleDescription(/Bisher: 80\.000,00\sEUR/);
    const tomorrow = formatGermanDate(addDays(todayInGermany(), 1));
    const latest = formatGermanDate(addMonths(todayInGermany(), 12));
    expect(screen.getByText(`Format: TT.MM.JJJJ, vom ${tomorrow} bis zum ${latest}`)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(
      screen.getByText('Bitte geben Sie die Versicherungssumme in Euro an, mindestens 10.000,00 EUR.'),
    ).toBeVisible();
    expect(
      screen.getByText('Bitte geben Sie an, ab wann die neue Versicherungssumme gelten soll.'),
    ).toBeVisible();

    await userEvent.type(sum, '120000');
    await typeDate('Gültig ab', formatGermanDate(START).replace(/\./g, ''));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));

    expect(
      await screen.findByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' }),
    ).toHaveFocus();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      wirksamkeitsdatum: START,
      value: '120.000,00',
    });
    expect(
      screen.getByText(
        new RegExp(`^Neue Versicherungssumme: 120\\.000,00\\sEUR ab dem ${formatGermanDate(START)}$`),
      ),
    ).toBeVisible();
    const summary = screen.getByLabelText('Beitrag vor und nach der Änderung');
    expect(within(summary).getByText(/^120\.000,00\sEUR$/)).toBeVisible();
    expect(screen.getByText(/^41,50\sEUR monatlich$/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText(new RegExp(`Sie gilt ab dem ${formatGermanDate(START)}`))).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      wirksamkeitsdatum: START,
      value: '120.000,00',
      version: 3,
      erwarteterBeitrag: 41.5,
    });
  });

  it('refuses a day before tomorrow and the current sum before asking the server', async () => {
    const calls = stubApi({ [DETAILS]: [{ body: contract }] });
    render();
    await userEvent.type(await screen.findByRole('textbox', { name: /^Neue Versicherungssumme/ }), '80000');
    await typeDate('Gültig ab', '01012020');
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(
      screen.getByText('Das ist Ihre aktuelle Versicherungssumme. Bitte geben Sie die neue Summe an.'),
    ).toBeVisible();
    const tomorrow = formatGermanDate(addDays(todayInGermany(), 1));
    expect(
      screen.getByText(`Die neue Versicherungssumme kann frühestens ab dem ${tomorrow} gelten.`),
    ).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a sum below the tariff minimum and a day more than 12 months ahead', async () => {
    const calls = stubApi({ [DETAILS]: [{ body: contract }] });
    render();
    await userEvent.type(await screen.findByRole('textbox', { name: /^Neue Versicherungssumme/ }), '12,50');
    const tooLate = addDays(addMonths(todayInGermany(), 12), 1);
    await typeDate('Gültig ab', formatGermanDate(tooLate).replace(/\./g, ''));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(
      screen.getByText('Bitte geben Sie die Versicherungssumme in Euro an, mindestens 10.000,00 EUR.'),
    ).toBeVisible();
    expect(
      screen.getAllByText(new RegExp(formatGermanDate(addMonths(todayInGermany(), 12)))).length,
    ).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows the server’s field message next to the field', async () => {
    stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [
        {
          status: 400,
          body: {
            error: {
              code: 'VALIDATION_FAILED',
              status: 400,
              message: 'Bitte prüfen Sie Ihre Angaben.',
              fieldErrors: [
                { path: 'value', message: 'Bitte geben Sie die Versicherungssumme als Betrag in Euro an.' },
              ],
            },
          },
        },
      ],
    });
    render();
    await userEvent.type(await screen.findByRole('textbox', { name: /^Neue Versicherungssumme/ }), '95000');
    await typeDate('Gültig ab', formatGermanDate(START).replace(/\./g, ''));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(
      await screen.findByText('Bitte geben Sie die Versicherungssumme als Betrag in Euro an.'),
    ).toBeVisible();
  });
});
