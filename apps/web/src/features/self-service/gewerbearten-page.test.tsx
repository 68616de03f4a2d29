import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GewerbeartenPage } from './gewerbearten-page';
import { contractOf, previewOf, renderPage, stubApi } from './self-service-test-support';

const contract = contractOf({
  versicherungsNummer: '9000000203',
  vertragsArt: 'SI_ALLGEFAHREN',
  versicherungsTyp: 'SI',
  versicherungsName: 'Sachinhaltsversicherung Allgefahren',
  produktIdentifier: 'SI_ALLGEFAHREN',
  versicherteGewerbe: {
    hauptgewerbe: { id: 'si-buero', name: 'Büro (Verwaltung, Beratung, Agentur)' },
    nebengewerbe: [{ id: 'si-friseur', name: 'Friseursalon' }],
  },
  selbstServices: ['gewerbearten'],
});
const DETAILS = 'GET /api/vertrag/vertrag/9000000203';
const CHANGE = '/api/vertrag/vertrag/betriebsart/9000000203';
const finder = (pattern: string) =>
  `GET /api/finder/gewerbeartsuche?produkt=SI_ALLGEFAHREN&pattern=${encodeURIComponent(pattern)}`;
const hit = (id: string, name: string, insurableOnline = true) => ({
  id,
  name,
  products: ['SI_ALLGEFAHREN'],
  hazardClass: insurableOnline ? 1 : 5,
  insurableOnline,
  hasRiskQuestions: false,
});

const render = () =>
  renderPage('gewerbearten', <GewerbeartenPage />, '/kunden/gewerbearten?vertrag=9000000203');

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Types the pattern at once (one search) and picks the option. */
async function choose(field: string, pattern: string, option: string) {
  const input = screen.getByRole('combobox', { name: new RegExp(`^${field}`) });
  await userEvent.click(input);
  await userEvent.paste(pattern);
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Finds a secondary business type and adds it to the list. */
async function addSecondary(pattern: string, option: string) {
  await choose('Nebengewerbe hinzufügen', pattern, option);
  await userEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
}

describe('Versicherte Gewerbe ändern', () => {
  it('adds and removes secondary business types, then previews and saves them by id', async () => {
    const preview = previewOf('9000000203', 12.3);
    const calls = stubApi({
      [DETAILS]: [{ body: contract }],
      [finder('Arch')]: [{ body: [hit('si-architekturbuero', 'Architektur- und Ingenieurbüro')] }],
      [finder('Kanz')]: [
        {
          body: [
            hit('si-kanzlei', 'Rechtsanwalts-, Steuerberatungs- und Notarkanzlei'),
            hit('si-kanzlei-gross', 'Großkanzlei mit Archiv', false),
          ],
        },
      ],
      [`POST ${CHANGE}`]: [{ body: preview }],
      [`PATCH ${CHANGE}`]: [{ body: { ...preview, version: 4 } }],
    });
    render();

    expect(await screen.findByRole('combobox', { name: /^Hauptgewerbe/ })).toHaveValue(
      'Büro (Verwaltung, Beratung, Agentur)',
    );
    const list = screen.getByRole('list', { name: 'Gewählte Nebengewerbe' });
    expect(list).toHaveTextContent('Friseursalon');

    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Das entspricht Ihren versicherten Gewerben.');

    await addSecondary('Arch', 'Architektur- und Ingenieurbüro');
    await choose('Nebengewerbe hinzufügen', 'Kanz', 'Rechtsanwalts-, Steuerberatungs- und Notarkanzlei');
    expect(screen.queryByRole('option', { name: 'Großkanzlei mit Archiv' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(
      screen.getByText(
        /^Bitte nehmen Sie „Rechtsanwalts-, Steuerberatungs- und Notarkanzlei“ mit „Hinzufügen“/,
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(screen.getByRole('combobox', { name: /^Nebengewerbe hinzufügen/ })).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Friseursalon entfernen' }));
    expect(screen.getByRole('combobox', { name: /^Nebengewerbe hinzufügen/ })).toHaveFocus();
    const items = screen.getByRole('list', { name: 'Gewählte Nebengewerbe' }).querySelectorAll('li');
    expect(Array.from(items, (item) => item.firstChild?.textContent)).toEqual([
      'Architektur- und Ingenieurbüro',
      'Rechtsanwalts-, Steuerberatungs- und Notarkanzlei',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(
      await screen.findByRole('heading', { name: 'Schritt 2 von 2: Prüfen und bestätigen' }),
    ).toHaveFocus();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      hauptgewerbe: 'si-buero',
      nebengewerbe: ['si-architekturbuero', 'si-kanzlei'],
    });
    expect(
      screen.getByText(
        'Hauptgewerbe: Büro (Verwaltung, Beratung, Agentur). Nebengewerbe: Architektur- und Ingenieurbüro, Rechtsanwalts-, Steuerberatungs- und Notarkanzlei.',
      ),
    ).toBeVisible();
    expect(screen.getByText(/^12,30\sEUR monatlich$/)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Änderung verbindlich speichern' }));
    expect(await screen.findByText('Die Änderung ist vorgemerkt')).toBeVisible();
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      hauptgewerbe: 'si-buero',
      nebengewerbe: ['si-architekturbuero', 'si-kanzlei'],
      version: 3,
      erwarteterBeitrag: 12.3,
    });
  });

  it('does not take the main business type again as a secondary one, nor one twice', async () => {
    stubApi({
      [DETAILS]: [{ body: contract }],
      [finder('Büro')]: [{ body: [hit('si-buero', 'Büro (Verwaltung, Beratung, Agentur)')] }],
      [finder('Fris')]: [{ body: [hit('si-friseur', 'Friseursalon')] }],
    });
    render();
    await screen.findByRole('combobox', { name: /^Hauptgewerbe/ });
    await addSecondary('Büro', 'Büro (Verwaltung, Beratung, Agentur)');
    expect(screen.getByText('„Büro (Verwaltung, Beratung, Agentur)“ ist Ihr Hauptgewerbe.')).toBeVisible();
    await userEvent.clear(screen.getByRole('combobox', { name: /^Nebengewerbe hinzufügen/ }));
    await userEvent.keyboard('{Escape}');
    await addSecondary('Fris', 'Friseursalon');
    expect(screen.getByText('„Friseursalon“ ist schon gewählt.')).toBeVisible();
    expect(screen.getByRole('list', { name: 'Gewählte Nebengewerbe' }).querySelectorAll('li')).toHaveLength(
      1,
    );
  });

  it('asks for a main business type when the field was emptied', async () => {
    const calls = stubApi({ [DETAILS]: [{ body: contract }] });
    render();
    await userEvent.clear(await screen.findByRole('combobox', { name: /^Hauptgewerbe/ }));
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Neuen Beitrag berechnen' }));
    expect(screen.getByText('Bitte wählen Sie Ihr Hauptgewerbe.')).toBeVisible();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
