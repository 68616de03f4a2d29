import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SelfServiceContract } from './api/self-service-api';
import { contractOf, previewOf, renderPage, stubApi } from './self-service-test-support';
import { VersicherteKostenPage } from './versicherte-kosten-page';

const BASIS = 'SCHIRM_BASISDECKUNG_HAUSRAT';
const GLASBRUCH = 'SCHIRM_GLASBRUCH_HAUSRAT';
const ELEMENTAR = 'SCHIRM_ELEMENTAR_HAUSRAT';

function hausratContract(hausrat: Partial<NonNullable<SelfServiceContract['hausrat']>>) {
  return contractOf({
    versicherungsNummer: '9000000302',
    elementar: false,
    hausrat: {
      plz: '50667',
      wohnflaeche: 45,
      hausratDeckungen: [BASIS],
      elementarEinschliessbar: true,
      ...hausrat,
    },
    selbstServices: ['versicherte-kosten'],
  });
}
const DETAILS = 'GET /api/vertrag/vertrag/9000000302';
const CHANGE = '/api/vertrag/vertrag/deckung/9000000302';

const render = () =>
  renderPage(
    'versicherte-kosten',
    <VersicherteKostenPage />,
    '/kunden/versicherte-kosten?vertrag=9000000302',
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Versicherte Bausteine ändern', () => {
  it('keeps the base cover, adds the ticked covers and saves them', async () => {
    const preview = previewOf('9000000302', 8.75);
    const calls = stubApi({
      [DETAILS]: [{ body: hausratContract({}) }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    render();

    expect(await screen.findByRole('group', { name: 'Bausteine Ihrer Hausratversicherung' })).toBeVisible();
    const basis = screen.getByRole('checkbox', { name: 'Basisdeckung' });
    expect(basis).toBeChecked();
    expect(basis).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Elementarschäden (optional)' })).not.toBeChecked();

    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Das entspricht Ihrem aktuellen Stand\./);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Glasbruch (optional)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByText('Versicherte Bausteine: Basisdeckung, Glasbruch')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ hausratDeckungen: [BASIS, GLASBRUCH] });

    await userEvent.click(screen.getByRole('button', { name: 'Angaben ändern' }));
    expect(screen.getByRole('checkbox', { name: 'Glasbruch (optional)' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die Änderung ist vorgemerkt')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      hausratDeckungen: [BASIS, GLASBRUCH],
      version: 3,
      erwarteterBeitrag: 8.75,
    });
  });

  it('offers elementary cover only where the address allows it, and keeps it where the contract has it', async () => {
    stubApi({ [DETAILS]: [{ body: hausratContract({ elementarEinschliessbar: false }) }] });
    const first = render();
    expect(await screen.findByRole('checkbox', { name: 'Glasbruch (optional)' })).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: /^Elementarschäden/ })).toBeNull();
    first.unmount();

    stubApi({
      [DETAILS]: [
        { body: hausratContract({ elementarEinschliessbar: false, hausratDeckungen: [BASIS, ELEMENTAR] }) },
      ],
    });
    render();
    expect(await screen.findByRole('checkbox', { name: 'Elementarschäden (optional)' })).toBeChecked();
  });
});
