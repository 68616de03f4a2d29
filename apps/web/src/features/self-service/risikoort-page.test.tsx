import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ChangePreview } from './api/self-service-api';
import { RisikoortPage } from './risikoort-page';
import { addMonths, formatGermanDate, todayInGermany } from '@schirm/domain/dates/calendar-date';
import { contractOf, monthly, renderPage, stubApi } from './self-service-test-support';

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

// A move two months ahead: inside the range a move can be dated (3 months back to 12 ahead).
const MOVE = addMonths(todayInGermany(), 2);
const digitsOf = (date: string) => formatGermanDate(date).replace(/\./g, '');

const contract = contractOf({
  versicherungsNummer: '9000000103',
  risikoOrt: { plz: '50823', ort: 'Köln', strasse: 'Venloer Straße', hausnummer: '241' },
  selbstServices: ['risikoort'],
  vorgemerkteAenderungen: [
    {
      typ: 'risikoort',
      bezeichnung: 'Versicherungsort: Hohe Straße 8, 50667 Köln',
      wirksamkeitsdatum: '2030-05-01',
      neuerBeitrag: 8.1,
    },
  ],
});
const DETAILS = 'GET /api/vertrag/vertrag/9000000103';
const CHANGE = '/api/vertrag/vertrag/beitrag/risikoort/9000000103';
const preview: ChangePreview = {
  versicherungsNummer: '9000000103',
  version: 7,
  wirksamkeitsdatum: MOVE,
  bisherigerBeitrag: monthly(7.5),
  zeitplan: [],
  ersetzteVormerkungen: [],
  ruecknahme: false,
  neuerBeitrag: monthly(8.4),
  zuersKlasse: 3,
  elementarEinschliessbar: true,
};

const place = (plz: string, ort: string, strassenVorhanden: boolean) => ({
  plz,
  ort,
  zuersKlasse: 2,
  basis: 'ORT',
  strassenVorhanden,
});

const render = () => renderPage('risikoort', <RisikoortPage />, '/kunden/risikoort?vertrag=9000000103');

async function typeDate(digits: string) {
  const [day] = within(screen.getByRole('group', { name: /Umzugsdatum/ })).getAllByRole('spinbutton');
  await userEvent.click(day!);
  await userEvent.keyboard(digits);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Versicherungsort ändern', () => {
  // Many fields typed key by key: slow on a busy machine.
  it(
    'takes the town of the postcode, a street from the list, and shows the new home’s flood class',
    { timeout: 30_000 },
    async () => {
      const calls = stubApi({
        [DETAILS]: [{ body: contract }],
        ['GET /api/fragebogen/validate/zip/50667']: [{ body: { valid: true } }],
        ['GET /api/zuers/zuers/orte/50667']: [{ body: [place('50667', 'Köln', true)] }],
        ['GET /api/zuers/zuers/strassen?plz=50667&ort=K%C3%B6ln&pattern=Heu']: [
          { body: [{ plz: '50667', ort: 'Köln', strasse: 'Heumarkt', abschnitte: [] }] },
        ],
        [`POST ${CHANGE}`]: [{ body: preview }],
        [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 8 } }],
      });
      render();

      expect(await screen.findByRole('heading', { level: 1, name: 'Versicherungsort ändern' })).toBeVisible();
      expect(screen.getByText('Bisher versichert: Venloer Straße 241, 50823 Köln')).toBeVisible();
      expect(screen.getByText('Eine Änderung dieser Art ist schon vorgemerkt')).toBeVisible();
      // The move date's range is the server's: at most 3 months back, at most 12 months ahead.
      const today = todayInGermany();
      const [earliest, latest] = [addMonths(today, -3), addMonths(today, 12)].map(formatGermanDate);
      expect(
        screen.getByText(new RegExp(`^Format: TT\\.MM\\.JJJJ, vom ${earliest} bis zum ${latest}\\. `)),
      ).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
      expect(screen.getByText('Bitte geben Sie die Postleitzahl der neuen Anschrift ein.')).toBeVisible();
      expect(screen.getByText('Bitte geben Sie die Straße an.')).toBeVisible();
      expect(screen.getByText('Bitte geben Sie die Hausnummer an.')).toBeVisible();
      expect(screen.getByText('Bitte geben Sie das Umzugsdatum an.')).toBeVisible();

      await userEvent.type(screen.getByRole('textbox', { name: /Postleitzahl/ }), '50667');
      // The postcode's only town is taken at once.
      const town = await screen.findByRole('button', { name: /Ort/ });
      await vi.waitFor(() => expect(town).toHaveTextContent('Köln'), { timeout: 5000 });

      await userEvent.type(screen.getByRole('combobox', { name: /Straße/ }), 'Heu');
      await userEvent.click(await screen.findByRole('option', { name: 'Heumarkt' }));
      const number = screen.getByRole('textbox', { name: /Hausnummer/ });
      await userEvent.type(number, '12 x 3');
      await typeDate(digitsOf(MOVE));
      await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
      expect(screen.getByText(/gültige Hausnummer/)).toBeVisible();
      expect(calls.some((c) => c.method === 'POST')).toBe(false);

      await userEvent.clear(number);
      await userEvent.type(number, '12');
      await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));

      expect(
        await screen.findByText(`Neue Anschrift: Heumarkt 12, 50667 Köln, ab dem ${formatGermanDate(MOVE)}`),
      ).toBeVisible();
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        risikoOrt: { plz: '50667', ort: 'Köln', strasse: 'Heumarkt', hausnummer: '12' },
        wunschdatum: MOVE,
      });
      expect(screen.getByText(/^8,40\sEUR monatlich$/)).toBeVisible();
      expect(screen.getByText(formatGermanDate(MOVE))).toBeVisible();
      expect(screen.getByText('Gefährdungsklasse (ZÜRS): GK 3 von 4.')).toBeVisible();
      expect(screen.getByText(/Elementarschutz .* ist an der neuen Anschrift möglich/)).toBeVisible();

      await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
      expect(await screen.findByText('Die Änderung ist vorgemerkt')).toBeVisible();
      expect(screen.getByText(new RegExp(`Sie gilt ab dem ${formatGermanDate(MOVE)}`))).toBeVisible();
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
        risikoOrt: { plz: '50667', ort: 'Köln', strasse: 'Heumarkt', hausnummer: '12' },
        wunschdatum: MOVE,
        version: 7,
        erwarteterBeitrag: 8.4,
      });
    },
  );

  it(
    'chooses one of several towns, takes the street as free text, and shows the server’s check at the field',
    { timeout: 30_000 },
    async () => {
      stubApi({
        [DETAILS]: [{ body: contract }],
        ['GET /api/fragebogen/validate/zip/53340']: [{ body: { valid: true } }],
        ['GET /api/zuers/zuers/orte/53340']: [
          { body: [place('53340', 'Meckenheim', false), place('53340', 'Merl', false)] },
        ],
        [`POST ${CHANGE}`]: [
          {
            status: 400,
            body: {
              error: {
                code: 'PLACE_NOT_IN_POSTCODE',
                status: 400,
                message: 'Bitte prüfen Sie Ihre Angaben.',
                fieldErrors: [
                  {
                    path: 'risikoOrt.ort',
                    message: 'Bitte wählen Sie einen Ort zur Postleitzahl: Meckenheim.',
                  },
                ],
              },
            },
          },
        ],
      });
      render();
      await userEvent.type(await screen.findByRole('textbox', { name: /Postleitzahl/ }), '53340');
      const town = await screen.findByRole('button', { name: /Ort/ });
      await vi.waitFor(() => expect(town).not.toHaveAttribute('data-disabled'), { timeout: 5000 });
      await userEvent.click(town);
      await userEvent.click(await screen.findByRole('option', { name: 'Merl' }));
      await userEvent.type(screen.getByRole('textbox', { name: /Straße/ }), 'Hauptstraße');
      await userEvent.type(screen.getByRole('textbox', { name: /Hausnummer/ }), '3a');
      await typeDate(digitsOf(addMonths(todayInGermany(), 3)));
      await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
      expect(
        await screen.findByText('Bitte wählen Sie einen Ort zur Postleitzahl: Meckenheim.'),
      ).toBeVisible();
    },
  );

  it('says when the postcode does not exist', async () => {
    stubApi({
      [DETAILS]: [{ body: contract }],
      ['GET /api/fragebogen/validate/zip/99999']: [{ body: { valid: false } }],
    });
    render();
    await userEvent.type(await screen.findByRole('textbox', { name: /Postleitzahl/ }), '99999');
    expect(await screen.findByRole('alert')).toHaveTextContent(/Postleitzahl/);
    expect(screen.getByRole('button', { name: /Ort/ })).toHaveTextContent('Bitte wählen');
  });
});
