// A self-service page opened by its address for a change the contract no longer offers (issue 12
// item 3): after a cancellation, and once the contract has ended, the page says why in German and
// shows no form to fill in.
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FamilienstandPage } from './familienstand-page';
import { contractOf, renderPage, stubApi } from './self-service-test-support';
import { ZahlungsweisePage } from './zahlungsweise-page';

const DETAILS = 'GET /api/vertrag/vertrag/9000000101';

/** Anna's PHV after her cancellation to 31.12.2030: only the bank details remain changeable. */
const cancelled = contractOf({
  versicherungsNummer: '9000000101',
  vertragsArt: 'PHV',
  versicherungsTyp: 'PRIVATHAFTPFLICHT',
  versicherungsName: 'Privathaftpflichtversicherung',
  produktIdentifier: 'PRIVATHAFTPFLICHT',
  vertragsstatus: 'AUSLAUFEND',
  kuendbar: 'NEIN',
  beendigungsdatum: '2030-12-31',
  ablaufdatum: '2030-12-31',
  selbstServices: ['bankverbindung'],
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a change page the contract does not offer', () => {
  it.each([
    ['familienstand', <FamilienstandPage key="f" />],
    ['zahlungsweise', <ZahlungsweisePage key="z" />],
  ])('says after a cancellation why %s cannot be changed, without a form', async (slug, page) => {
    stubApi({ [DETAILS]: [{ body: cancelled }] });
    renderPage(slug, page, `/kunden/${slug}?vertrag=9000000101`);

    expect(
      await screen.findByText('Diese Änderung ist für diesen Vertrag online nicht möglich'),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Ihr Vertrag endet zum 31.12.2030. Bis dahin können Beitrag und Versicherungsschutz nicht mehr geändert werden.',
      ),
    ).toBeVisible();
    expect(
      screen.getByText(/Bitte wenden Sie sich an Ihre Vermittlerin oder Ihren Vermittler/),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Neuen Beitrag berechnen' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Zurück zum Vertrag' })).toHaveAttribute(
      'href',
      '/kunden/vertraege/9000000101/',
    );
  });

  it('says that an ended contract can no longer be changed', async () => {
    stubApi({ [DETAILS]: [{ body: { ...cancelled, vertragsstatus: 'BEENDET', selbstServices: [] } }] });
    renderPage('zahlungsweise', <ZahlungsweisePage />, '/kunden/zahlungsweise?vertrag=9000000101');
    expect(
      await screen.findByText('Ihr Vertrag ist beendet und kann nicht mehr geändert werden.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Neuen Beitrag berechnen' })).toBeNull();
  });
});
