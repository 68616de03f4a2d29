import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ElementarPage } from './elementar-page';
import { contractOf, previewOf, renderPage, stubApi } from './self-service-test-support';

const contract = contractOf({
  versicherungsNummer: '9000000302',
  elementar: false,
  hausrat: {
    plz: '50667',
    wohnflaeche: 45,
    hausratDeckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT'],
    elementarEinschliessbar: true,
  },
  selbstServices: ['elementar'],
});
const DETAILS = 'GET /api/vertrag/vertrag/9000000302';
const CHANGE = '/api/vertrag/vertrag/beitrag/elementar/9000000302';

const render = () => renderPage('elementar', <ElementarPage />, '/kunden/elementar?vertrag=9000000302');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Elementarschutz ändern', () => {
  it('explains what the cover includes and includes it after the preview', async () => {
    const preview = previewOf('9000000302', 9.8);
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    render();

    expect(
      await screen.findByRole('heading', { level: 3, name: 'Was der Elementarschutz abdeckt' }),
    ).toBeVisible();
    const explanation = screen.getByText(/^Elementarschäden sind Schäden an Ihrem Hausrat/);
    for (const peril of [
      'Überschwemmung',
      'Starkregen',
      'Erdbeben',
      'Erdsenkung',
      'Erdrutsch',
      'Schneedruck',
      'Lawinen',
      'Vulkanausbruch',
    ]) {
      expect(explanation).toHaveTextContent(peril);
    }
    expect(screen.getByRole('radio', { name: /^Ohne Elementarschutz/ }).closest('label')).toHaveTextContent(
      'Ihr aktueller Stand',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(screen.getByText('Bitte wählen Sie, ob Elementarschäden versichert sein sollen.')).toBeVisible();

    await userEvent.click(screen.getByRole('radio', { name: 'Mit Elementarschutz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByText('Elementarschutz: wird eingeschlossen')).toBeVisible();
    expect(screen.getByText(/^9,80\sEUR monatlich$/)).toBeVisible();
    expect(screen.getByText('01.12.2030')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die Änderung ist vorgemerkt')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      elementar: true,
      version: 3,
      erwarteterBeitrag: 9.8,
    });
  });

  it('shows the tariff’s refusal', async () => {
    stubApi({
      [DETAILS]: [{ body: { ...contract, elementar: true } }],
      [`POST ${CHANGE}`]: [
        {
          status: 422,
          body: {
            error: {
              code: 'CHANGE_NOT_APPLICABLE',
              status: 422,
              message: 'Elementarschutz kann an dieser Adresse nicht eingeschlossen werden.',
            },
          },
        },
      ],
    });
    render();
    await userEvent.click(await screen.findByRole('radio', { name: 'Ohne Elementarschutz' }));
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Elementarschutz kann an dieser Adresse nicht eingeschlossen werden.',
    );
  });
});
