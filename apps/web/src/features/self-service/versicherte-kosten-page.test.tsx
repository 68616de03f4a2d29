import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SelfServiceContract } from './api/self-service-api';
import { contractOf, monthly, previewOf, renderPage, stubApi } from './self-service-test-support';
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

  it('starts from the pending elementary cover, names the pending change it replaces and saves only after confirmation (issue 12)', async () => {
    const today = hausratContract({ hausratDeckungen: [BASIS, GLASBRUCH] });
    const pending = {
      typ: 'elementar' as const,
      bezeichnung: 'Elementarschutz: eingeschlossen',
      wirksamkeitsdatum: '2030-12-01',
      neuerBeitrag: 9.1,
      zahlweise: 'MONATLICH' as const,
    };
    const contract: SelfServiceContract = {
      ...today,
      vorgemerkteAenderungen: [pending],
      geplanterStand: {
        ...today,
        versicherungsPraemie: 9.1,
        hausrat: { ...today.hausrat!, hausratDeckungen: [BASIS, GLASBRUCH, ELEMENTAR] },
      },
    };
    const preview = {
      ...previewOf('9000000302', 8.2),
      beitragOhneAenderung: monthly(9.1),
      zeitplan: [
        {
          art: 'diese' as const,
          typ: 'deckung' as const,
          bezeichnung: 'Versicherte Bausteine: Basisdeckung, Elementarschäden',
          wirksamkeitsdatum: '2030-12-01',
          beitrag: monthly(8.2),
        },
      ],
      ersetzteVormerkungen: [
        { typ: 'elementar' as const, bezeichnung: pending.bezeichnung, wirksamkeitsdatum: '2030-12-01' },
      ],
    };
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    render();

    // The form says it starts from the contract with its pending changes, and shows them ticked.
    const note = (
      await screen.findByText('Diese Seite zeigt Ihren Vertrag mit den vorgemerkten Änderungen')
    ).closest('[role="note"]');
    expect(note).toHaveTextContent('Elementarschutz: eingeschlossen ab 01.12.2030');
    expect(screen.getByText('Beitrag nach den vorgemerkten Änderungen')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Elementarschäden (optional)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Glasbruch (optional)' })).toBeChecked();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Glasbruch (optional)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ hausratDeckungen: [BASIS, ELEMENTAR] });

    // Today's premium, the plan without this change and with it, each per month.
    expect(await screen.findByText('Beitrag heute')).toBeVisible();
    expect(screen.getByText('Nach den schon vorgemerkten Änderungen, ohne diese')).toBeVisible();
    expect(screen.getByText('Neuer Beitrag mit dieser Änderung')).toBeVisible();
    const figures = document.querySelector('dl[aria-label="Beitrag vor und nach der Änderung"]');
    expect(figures).toHaveTextContent(
      /Beitrag heute\s*7,50 EUR monatlich.*ohne diese\s*9,10 EUR monatlich.*mit dieser Änderung\s*8,20 EUR monatlich/,
    );

    // Replacing the pending change needs a confirmation; without it nothing is sent.
    const warning = screen
      .getByText('Diese Änderung ersetzt eine vorgemerkte Änderung')
      .closest('[role="note"]');
    expect(warning).toHaveTextContent('Elementarschutz: eingeschlossen ab 01.12.2030');
    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(
      await screen.findByText('Bitte bestätigen Sie, dass die vorgemerkte Änderung ersetzt werden soll.'),
    ).toBeVisible();
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);

    await userEvent.click(
      screen.getByRole('checkbox', {
        name: 'Ja, die genannte vorgemerkte Änderung soll durch diese Änderung ersetzt werden.',
      }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die Änderung ist vorgemerkt')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      hausratDeckungen: [BASIS, ELEMENTAR],
      version: 3,
      vormerkungenErsetzen: true,
      erwarteterBeitrag: 8.2,
    });
  });
});
