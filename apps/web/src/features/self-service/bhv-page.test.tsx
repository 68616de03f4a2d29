import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BhvPage } from './bhv-page';
import { contractOf, previewOf, renderPage, stubApi } from './self-service-test-support';

const contract = contractOf({
  versicherungsNummer: '9000000206',
  vertragsArt: 'VH',
  versicherungsTyp: 'VH',
  versicherungsName: 'Vermögensschadenhaftpflichtversicherung',
  produktIdentifier: 'VH_2',
  phvAnzahl: 'KEINE',
  buerohaftpflicht: false,
  selbstServices: ['phv', 'bhv'],
});
const DETAILS = 'GET /api/vertrag/vertrag/9000000206';
const CHANGE = '/api/vertrag/vertrag/beitrag/buerohaftpflicht/9000000206';

const render = () => renderPage('bhv', <BhvPage />, '/kunden/bhv?vertrag=9000000206');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Bürohaftpflicht ändern', () => {
  it('includes the office liability after the preview', async () => {
    const preview = previewOf('9000000206', 18.2);
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    render();

    expect(await screen.findByRole('heading', { level: 1, name: 'Bürohaftpflicht ändern' })).toBeVisible();
    await userEvent.click(await screen.findByRole('radio', { name: /^Ohne Bürohaftpflicht/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(screen.getByText(/^Das entspricht Ihrem aktuellen Stand\./)).toBeVisible();

    await userEvent.click(screen.getByRole('radio', { name: 'Mit Bürohaftpflicht' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByText('Bürohaftpflicht: wird eingeschlossen')).toBeVisible();
    expect(screen.getByText(/^18,20\sEUR monatlich$/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die Änderung ist vorgemerkt')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      buerohaftpflicht: true,
      version: 3,
      erwarteterBeitrag: 18.2,
    });
  });

  it('offers to calculate again when the premium changed since the calculation', async () => {
    stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: previewOf('9000000206', 18.2) }],
      [`PATCH ${CHANGE}`]: [
        {
          status: 409,
          body: {
            error: {
              code: 'PREVIEW_OUTDATED',
              status: 409,
              message: 'Der Beitrag hat sich seit der Berechnung geändert. Bitte berechnen Sie ihn neu.',
            },
          },
        },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'Mit Bürohaftpflicht' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Beitrag hat sich seit der Berechnung');
    expect(screen.getByRole('button', { name: 'Neu berechnen' })).toBeVisible();
  });
});
