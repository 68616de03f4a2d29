import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import GalleryPage from './gallery-page';

const PART_HEADINGS = [
  'Schaltflächen',
  'Ladeanzeigen',
  'Leere Zustände',
  'Hinweisboxen',
  'Fehlerseite',
  'Navigation',
  'Modaler Dialog',
  'Hilfe-Panel',
  'Seitennavigation',
  'Kurzmeldungen (Toasts)',
  'Produktvergleich',
  'Leistungsliste',
  'Tarifauswahl',
  'Beitragsanzeige',
  'Geldbeträge',
  'Chat',
  'Texteditor',
  'Eingabefelder',
];

// The inputs section asks the server (postal codes, searches); here the server answers everything.
function serverAnswer(url: string): Response {
  const body = url.includes('/fragebogen/validate/zip/') ? { valid: true } : [];
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

// The page holds every part (about a hundred controls), so each test renders it once and looks
// inside one section at a time: role queries over the whole page are slow in happy-dom.
function section(name: string): HTMLElement {
  const heading = screen.getByText(name, { selector: 'h2' });
  const region = heading.closest<HTMLElement>('section');
  if (!region) throw new Error(`no section for ${name}`);
  return region;
}

async function renderGallery() {
  renderWithRouter(<GalleryPage />, { path: '/entwicklung/komponenten' });
  await screen.findByText('Komponenten-Galerie', { selector: 'h1' });
}

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => serverAnswer(String(input))),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.brand;
});

describe('GalleryPage', () => {
  it('shows one named section per part, each part in its states', { timeout: 60_000 }, async () => {
    await renderGallery();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(
      PART_HEADINGS,
    );
    for (const name of PART_HEADINGS) expect(section(name)).toHaveAccessibleName(name);

    const pagination = section('Seitennavigation');
    expect(
      within(pagination).getByRole('navigation', { name: 'Seitennavigation, Beispiel 4' }),
    ).toHaveTextContent('1 von 5');
    const features = section('Leistungsliste');
    expect(within(features).getByRole('list', { name: 'Leistungen im Tarif Komfort' }).children).toHaveLength(
      5,
    );
    expect(within(features).getByRole('list', { name: 'Leistungen im Tarif Premium' }).children).toHaveLength(
      7,
    );
    expect(within(section('Beitragsanzeige')).getByText('Beitrag wird berechnet …')).toBeVisible();
    expect(within(section('Leere Zustände')).getByRole('alert')).toHaveTextContent(
      'Leider ist etwas schief gelaufen. Bitte versuchen Sie es später nochmal.',
    );
    expect(
      await within(section('Texteditor')).findByRole(
        'textbox',
        { name: 'Schadenbeschreibung' },
        { timeout: 10_000 },
      ),
    ).toBeVisible();
  });

  it('switches the brand, opens the sample modal and shows a toast', { timeout: 60_000 }, async () => {
    const user = userEvent.setup();
    document.documentElement.dataset.brand = 'hfk';
    await renderGallery();

    const picker = screen.getByLabelText('Marke');
    expect(picker).toHaveValue('hfk');
    await user.selectOptions(picker, 's-direkt');
    expect(document.documentElement.dataset.brand).toBe('s-direkt');
    expect(within(section('Navigation')).getByRole('link', { name: /S-Direkt/ })).toBeVisible();

    await user.click(within(section('Modaler Dialog')).getByRole('button', { name: 'Dialog öffnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Änderung übernehmen?' });
    await user.click(within(dialog).getByRole('button', { name: 'bestätigen' }));
    expect(await within(section('Modaler Dialog')).findByText('Bestätigt.')).toBeVisible();

    await user.click(
      within(section('Kurzmeldungen (Toasts)')).getByRole('button', { name: 'Warnung anzeigen' }),
    );
    expect(await screen.findByText('Bitte prüfen Sie Ihre Angaben.')).toBeVisible();
  });
});
