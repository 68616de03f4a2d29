import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SelbstbeteiligungPage } from './selbstbeteiligung-page';
import { contractOf, previewOf, renderPage, stubApi } from './self-service-test-support';

const contract = contractOf({
  versicherungsNummer: '9000000103',
  neueSelbstbeteiligung: 'SB_KEINE',
  selbstBeteiligung: { value: 0, unit: 'ABSOLUT' },
  selbstServices: ['selbstbeteiligung'],
});
const DETAILS = 'GET /api/vertrag/vertrag/9000000103';
const CHANGE = '/api/vertrag/vertrag/beitrag/selbstbeteiligung/9000000103';
const preview = { ...previewOf('9000000103', 6.9), wirksamkeitsdatum: '2030-09-01' };

const render = () =>
  renderPage('selbstbeteiligung', <SelbstbeteiligungPage />, '/kunden/selbstbeteiligung?vertrag=9000000103');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Selbstbeteiligung ändern', () => {
  it('offers the product’s deductibles as money with the current one marked, and saves the chosen one', async () => {
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    render();

    expect(await screen.findByRole('heading', { level: 1, name: 'Selbstbeteiligung ändern' })).toBeVisible();
    const radios = await screen.findAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'ohne SelbstbeteiligungIhr aktueller Stand',
      '250,00 EUR',
      '500,00 EUR',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(screen.getByText('Bitte wählen Sie eine Selbstbeteiligung.')).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: /^ohne Selbstbeteiligung/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(screen.getByText(/^Das entspricht Ihrem aktuellen Stand\./)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.click(screen.getByRole('radio', { name: '500,00 EUR' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByText('Neue Selbstbeteiligung: 500,00 EUR')).toBeVisible();
    expect(screen.getByText(/^6,90\sEUR monatlich$/)).toBeVisible();
    expect(screen.getByText('01.09.2030')).toBeVisible();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ selbstbeteiligung: 'SB_500' });

    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText(/Sie gilt ab dem 01\.09\.2030/)).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      selbstbeteiligung: 'SB_500',
      version: 3,
      erwarteterBeitrag: 6.9,
    });
  });

  it('keeps the choice after “Angaben ändern” and says that a new choice replaces a pending one', async () => {
    stubApi({
      [DETAILS]: [
        {
          body: {
            ...contract,
            vorgemerkteAenderungen: [{ typ: 'selbstbeteiligung', wirksamkeitsdatum: '2030-09-01' }],
          },
        },
      ],
      [`POST ${CHANGE}`]: [{ body: preview }],
    });
    render();
    expect(await screen.findByText('Eine Änderung dieser Art ist schon vorgemerkt')).toBeVisible();
    expect(screen.getByText(/^Sie gilt ab dem 01\.09\.2030\. Wenn Sie jetzt/)).toBeVisible();

    await userEvent.click(screen.getByRole('radio', { name: '250,00 EUR' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Angaben ändern' }));
    expect(screen.getByRole('radio', { name: '250,00 EUR' })).toBeChecked();
  });

  it('shows the server’s field message when it refuses the deductible', async () => {
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
                { path: 'selbstbeteiligung', message: 'Bitte wählen Sie eine Selbstbeteiligung.' },
              ],
            },
          },
        },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: '250,00 EUR' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte wählen Sie eine Selbstbeteiligung.');
  });
});
