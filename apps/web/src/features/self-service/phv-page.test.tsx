import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhvPage } from './phv-page';
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
const CHANGE = '/api/vertrag/vertrag/beitrag/phv/9000000206';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Privathaftpflicht in der Vermögensschadenhaftpflicht ändern', () => {
  it('offers none to three persons and saves the chosen count', async () => {
    const preview = previewOf('9000000206', 21.4);
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    renderPage('phv', <PhvPage />, '/kunden/phv?vertrag=9000000206');

    expect(
      await screen.findByRole('radiogroup', { name: 'Privathaftpflicht mitversichern für' }),
    ).toBeVisible();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Keine PersonIhr aktueller Stand',
      '1 Person',
      '2 Personen',
      '3 Personen',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(
      screen.getByText('Bitte wählen Sie, für wie viele Personen die Privathaftpflicht gelten soll.'),
    ).toBeVisible();

    await userEvent.click(screen.getByRole('radio', { name: '2 Personen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByText('Privathaftpflicht mitversichert für: 2 Personen')).toBeVisible();
    expect(screen.getByText(/^21,40\sEUR monatlich$/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText(/Sie gilt ab dem 01\.12\.2030/)).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      phvAnzahl: 'ZWEI',
      version: 3,
      erwarteterBeitrag: 21.4,
    });
  });

  it('explains when the contract does not offer the change', async () => {
    stubApi({ [DETAILS]: [{ body: { ...contract, selbstServices: [] } }] });
    renderPage('phv', <PhvPage />, '/kunden/phv?vertrag=9000000206');
    expect(
      await screen.findByText('Diese Änderung ist für diesen Vertrag online nicht möglich'),
    ).toBeVisible();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});
