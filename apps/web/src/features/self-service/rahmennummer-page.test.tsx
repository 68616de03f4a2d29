import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangePreview } from './api/self-service-api';
import { RahmennummerPage } from './rahmennummer-page';
import { contractOf, monthly, renderPage, stubApi } from './self-service-test-support';

const contract = contractOf({
  versicherungsNummer: '9000000104',
  versicherungsName: 'Fahrradversicherung',
  fahrrad: {
    hersteller: 'Riese & Müller',
    rahmennummer: 'WRM-2026-118734',
    typ: 'SONSTIGES_RAD',
    versicherteRisiken: {
      diebstahl: true,
      reparatur: false,
      reparaturOhneVerschleiss: true,
      schutzbrief: false,
    },
  },
  selbstServices: ['rahmennummer'],
});
const DETAILS = 'GET /api/vertrag/vertrag/9000000104';
const CHANGE = '/api/vertrag/vertrag/fahrrad/9000000104';
const preview: ChangePreview = {
  versicherungsNummer: '9000000104',
  version: 2,
  wirksamkeitsdatum: '2026-11-22',
  bisherigerBeitrag: monthly(9.9),
  zeitplan: [],
  ersetzteVormerkungen: [],
  ruecknahme: false,
};

const render = () =>
  renderPage('rahmennummer', <RahmennummerPage />, '/kunden/rahmennummer?vertrag=9000000104');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Rahmennummer ändern', () => {
  it('names the bike, checks the number, and saves it to apply at once', { timeout: 30_000 }, async () => {
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 3 } }],
    });
    render();

    expect(await screen.findByRole('heading', { level: 1, name: 'Rahmennummer ändern' })).toBeVisible();
    expect(screen.getByText('Riese & Müller, Sonstiges Rad')).toBeVisible();
    expect(screen.getByText('WRM-2026-118734')).toBeVisible();

    const field = screen.getByRole('textbox', { name: /Neue Rahmennummer/ });
    const submit = screen.getByRole('button', { name: 'Weiter zur Prüfung' });
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte geben Sie die Rahmennummer an.');
    await userEvent.type(field, '#1');
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(/gültige Rahmennummer/);
    await userEvent.clear(field);
    await userEvent.type(field, 'WRM-2026-118734');
    await userEvent.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Das ist bereits die gespeicherte Rahmennummer.');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(field);
    await userEvent.type(field, ' WRM-2026-999001 ');
    await userEvent.click(submit);
    expect(await screen.findByText('Neue Rahmennummer: WRM-2026-999001')).toBeVisible();
    expect(screen.getByText('Ihr Beitrag ändert sich nicht.')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ rahmennummer: 'WRM-2026-999001' });

    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die Änderung gilt ab sofort')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      rahmennummer: 'WRM-2026-999001',
      version: 2,
    });
  });

  it('explains when the contract has no bike to change', async () => {
    stubApi({ [DETAILS]: [{ body: { ...contract, selbstServices: [] } }] });
    render();
    expect(
      await screen.findByText('Diese Änderung ist für diesen Vertrag online nicht möglich'),
    ).toBeVisible();
    expect(screen.queryByRole('textbox', { name: /Neue Rahmennummer/ })).toBeNull();
  });
});
