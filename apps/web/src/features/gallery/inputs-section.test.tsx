import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import InputsSection from './inputs-section';

// The postal-code fields of the gallery ask the server; here the server knows every code.
function serverAnswer(url: string): Response {
  const body = url.includes('/fragebogen/validate/zip/') ? { valid: true } : [];
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

// The section is long; role queries over all of it are slow in happy-dom, so each check looks
// inside one input's group.
function inputGroup(title: string): HTMLElement {
  const heading = screen.getByText(title, { selector: 'h3' });
  const group = heading.closest<HTMLElement>('[role="group"]');
  if (!group) throw new Error(`no group for ${title}`);
  return group;
}

describe('InputsSection', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => serverAnswer(String(input))),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // One render for all checks: the section holds about 75 fields, which takes seconds in happy-dom.
  it('shows every input under its own heading in each of its states', { timeout: 30_000 }, async () => {
    render(<InputsSection />);
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Textfeld',
      'Textbereich',
      'Zahlenfeld',
      'Betragsfeld',
      'Datumsfeld',
      'Schieberegler mit festen Werten',
      'Optionsfelder',
      'Optionsfelder, eine Option je Zeile',
      'Kontrollkästchen',
      'Auswahlliste',
      'Suchbare Auswahl',
      'Passwort',
      'Telefonnummer',
      'IBAN',
      'Postleitzahl',
      'Datei-Upload',
    ]);

    const textGroup = inputGroup('Textfeld');
    expect(
      within(textGroup)
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent),
    ).toEqual(['Leer', 'Ausgefüllt', 'Mit Fehler', 'Deaktiviert', 'Optional']);
    const fields = within(textGroup).getAllByRole('textbox');
    expect(fields.map((field) => (field as HTMLInputElement).value)).toEqual([
      '',
      'Mustermann',
      '',
      'Mustermann',
      '',
    ]);
    expect(fields[2]).toHaveAccessibleDescription('Bitte geben Sie Ihren Nachnamen ein.');
    expect(fields[3]).toBeDisabled();
    expect(fields[4]).toHaveAccessibleName('Nachname (optional)');

    const slider = within(inputGroup('Schieberegler mit festen Werten')).getAllByRole('slider')[0];
    expect(slider).toHaveAttribute('aria-valuetext', expect.stringMatching(/^300\sEUR$/));

    const postalCodeGroup = inputGroup('Postleitzahl');
    expect(within(postalCodeGroup).getByRole('alert')).toHaveTextContent(
      'Bitte geben Sie die Postleitzahl ein.',
    );
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain(
        '/api/fragebogen/validate/zip/10115',
      ),
    );
  });
});
