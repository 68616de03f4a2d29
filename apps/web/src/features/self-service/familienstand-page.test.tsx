import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FamilienstandPage } from './familienstand-page';
import { agentScope, SelfServiceScopeContext } from './self-service-scope';
import { contractOf, previewOf, renderPage, stubApi } from './self-service-test-support';

const contract = contractOf({
  versicherungsNummer: '9000000301',
  vertragsArt: 'PHV',
  versicherungsTyp: 'PRIVATHAFTPFLICHT',
  versicherungsName: 'Privathaftpflichtversicherung',
  produktIdentifier: 'PRIVATHAFTPFLICHT',
  phv: {
    familienstand: {
      current: 'SINGLE',
      options: [
        { key: 'SINGLE', label: 'Single' },
        { key: 'SINGLE_PLUS_KIND', label: 'Alleinerziehend mit Kind(ern)' },
        { key: 'PAAR', label: 'Paar ohne Kinder' },
        { key: 'FAMILIE', label: 'Familie mit Kind(ern)' },
      ],
    },
  },
  selbstServices: ['familienstand', 'deckung'],
});
const DETAILS = 'GET /api/vertrag/vertrag/9000000301';
const CHANGE = '/api/vertrag/vertrag/beitrag/phv/familienstand/9000000301';

const render = () =>
  renderPage('familienstand', <FamilienstandPage />, '/kunden/familienstand?vertrag=9000000301');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Familienstand ändern', () => {
  it('offers the options the contract names and saves the chosen one', async () => {
    const preview = previewOf('9000000301', 9.1);
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    render();

    expect(await screen.findByRole('radiogroup', { name: 'Neuer Familienstand' })).toBeVisible();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'SingleIhr aktueller Stand',
      'Alleinerziehend mit Kind(ern)',
      'Paar ohne Kinder',
      'Familie mit Kind(ern)',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(screen.getByText('Bitte wählen Sie Ihren Familienstand.')).toBeVisible();

    await userEvent.click(screen.getByRole('radio', { name: 'Familie mit Kind(ern)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByText('Neuer Familienstand: Familie mit Kind(ern)')).toBeVisible();
    expect(screen.queryByText(/nicht mehr mitversichert/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText(/Sie gilt ab dem 01\.12\.2030/)).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      familienstand: 'FAMILIE',
      version: 3,
      erwarteterBeitrag: 9.1,
    });
  });

  const DROPPED =
    'Mit dieser Änderung sind folgende Personen nicht mehr mitversichert: Max Mustermann (Partnerin bzw. Partner), Lena Mustermann (Kind).';
  const family = {
    ...contract,
    phv: { familienstand: { ...contract.phv!.familienstand, current: 'FAMILIE' } },
  };
  const dropping = {
    ...previewOf('9000000301', 5.2),
    nichtMehrMitversichert: [
      { art: 'MITVERSICHERTE_PERSON' as const, vorname: 'Max', name: 'Mustermann' },
      { art: 'MITVERSICHERTES_KIND' as const, vorname: 'Lena', name: 'Mustermann' },
    ],
  };

  it('names the co-insured persons the new status drops before the customer confirms, and once saved', async () => {
    stubApi({
      [DETAILS]: [{ body: family }],
      [`POST ${CHANGE}`]: [{ body: dropping }],
      [`PATCH ${CHANGE}`]: [{ body: { ...dropping, version: 4 } }],
    });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'Single' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByText(DROPPED)).toBeVisible();
    expect(screen.getByText('Nicht mehr mitversichert')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Änderung verbindlich speichern' })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText(/Sie gilt ab dem 01\.12\.2030/)).toBeVisible();
    expect(screen.getByText(DROPPED)).toBeVisible();
  });

  it('names them to the agent acting for the customer in the same words', async () => {
    const BASE = '/api/vermittler/vertraege/aenderung';
    stubApi({
      [`GET ${BASE}/9000000301`]: [{ body: family }],
      [`POST ${BASE}/beitrag/phv/familienstand/9000000301`]: [
        { body: { ...dropping, nichtMehrMitversichert: dropping.nichtMehrMitversichert.slice(1) } },
      ],
    });
    renderPage(
      'familienstand',
      <SelfServiceScopeContext.Provider value={agentScope('9000000301')}>
        <FamilienstandPage />
      </SelfServiceScopeContext.Provider>,
      '/kunden/familienstand',
    );
    await userEvent.click(await screen.findByRole('radio', { name: 'Paar ohne Kinder' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(
      await screen.findByText(
        'Mit dieser Änderung sind folgende Personen nicht mehr mitversichert: Lena Mustermann (Kind).',
      ),
    ).toBeVisible();
  });

  it('says when the contract cannot be found', async () => {
    stubApi({});
    render();
    expect(await screen.findByText('Vertrag nicht gefunden')).toBeVisible();
  });
});
