import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMBED_COMMANDS } from '@schirm/embed/protocol';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import { QuickstartPage } from './quickstart-page';
import { buildSnippets, COMMAND_REFERENCE } from './snippets';

// The quickstart (issue 16): the configurator's snippet and preview follow the choices, the copy
// buttons say what happened, and the command reference names all fifteen commands.

function code(variant: 'Mit Script-Tag' | 'Als ES-Modul'): string {
  return screen.getByLabelText(`Code: ${variant}`).textContent ?? '';
}

function previewFrame(): HTMLIFrameElement | null {
  return screen.getByTestId('vorschau').querySelector('iframe');
}

async function expectNoAxeViolations(): Promise<void> {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('buildSnippets', () => {
  it('writes the script-tag and the module variant with only the chosen options', () => {
    const snippets = buildSnippets(
      { partner: 'radhaus-mueller', channel: 'antrag', product: 'fahrrad', brand: '', vermittlernummer: '' },
      'https://portal.schirm.de',
    );
    expect(snippets.script).toContain(
      '<script src="https://portal.schirm.de/embed/v1/schirm-embed.js"></script>',
    );
    expect(snippets.script).toContain("SchirmEmbed.embed(document.getElementById('schirm-versicherung'), {");
    expect(snippets.script).toContain('product: "fahrrad",');
    expect(snippets.script).not.toContain('brand:');
    expect(snippets.script).not.toContain('vermittlernummer:');
    expect(snippets.module).toContain(
      "import { embed } from 'https://portal.schirm.de/embed/v1/schirm-embed.mjs';",
    );
    expect(snippets.module).toContain('<script type="module">');

    const customerArea = buildSnippets(
      {
        partner: 'hausbank-nord',
        channel: 'kunden',
        product: 'fahrrad',
        brand: 'hfk',
        vermittlernummer: '4711000001',
      },
      'https://portal.schirm.de',
    );
    expect(customerArea.script).not.toContain('product:');
    expect(customerArea.script).not.toContain('vermittlernummer:');
    expect(customerArea.script).toContain('getAuthToken:');
    expect(customerArea.script).toContain('brand: "hfk",');
  });

  it('documents every command of the protocol once', () => {
    expect(COMMAND_REFERENCE.map((command) => command.name).sort()).toEqual([...EMBED_COMMANDS].sort());
  });
});

describe('QuickstartPage', () => {
  it('shows the defaults, follows each choice in both variants and in the preview, and keeps the last valid partner key', async () => {
    const user = userEvent.setup();
    renderWithRouter(<QuickstartPage />, { path: '/quickstart/' });
    const origin = window.location.origin;
    await screen.findByRole('heading', { level: 1, name: 'Versicherungen in Ihre Website einbetten' });
    expect(code('Mit Script-Tag')).toContain('partner: "radhaus-mueller",');
    expect(code('Mit Script-Tag')).toContain('product: "fahrrad",');
    expect(previewFrame()?.getAttribute('src')).toBe(
      `${origin}/fahrrad/antrag/?embedded=true&partner=radhaus-mueller`,
    );
    expect(previewFrame()?.title).toBe('Vorschau: Fahrrad- und E-Bike-Versicherung');

    await user.click(screen.getByRole('button', { name: /Produkt/ }));
    await user.click(await screen.findByRole('option', { name: 'Hausratversicherung' }));
    await user.click(screen.getByRole('radio', { name: /Beratungslink/ }));
    await user.click(screen.getByRole('button', { name: /Marke/ }));
    await user.click(await screen.findByRole('option', { name: 'HFK' }));
    await user.type(screen.getByRole('textbox', { name: /Vermittlernummer/ }), '4711000001');
    const partner = screen.getByRole('textbox', { name: /Partnerschlüssel/ });
    await user.clear(partner);
    await user.type(partner, 'Radhaus Müller');

    expect(
      screen.getByText(
        /Bitte geben Sie Ihren Partnerschlüssel ein: nur Kleinbuchstaben, Ziffern und Bindestriche/,
      ),
    ).toBeTruthy();
    for (const variant of ['Mit Script-Tag', 'Als ES-Modul'] as const) {
      expect(code(variant)).toContain('product: "hausrat",');
      expect(code(variant)).toContain('channel: "beratung",');
      expect(code(variant)).toContain('brand: "hfk",');
      expect(code(variant)).toContain('vermittlernummer: "4711000001",');
      // The invalid key is not taken: the last valid one stays.
      expect(code(variant)).toContain('partner: "radhaus-mueller",');
    }
    expect(previewFrame()?.getAttribute('src')).toBe(
      `${origin}/hausrat/beratung/?embedded=true&partner=radhaus-mueller&brand=hfk&vermittlernummer=4711000001`,
    );

    await user.clear(partner);
    await user.type(partner, 'hausbank-nord');
    expect(code('Als ES-Modul')).toContain('partner: "hausbank-nord",');
    expect(screen.queryByText(/Bitte geben Sie Ihren Partnerschlüssel ein/)).toBeNull();
    await expectNoAxeViolations();
  });

  it('offers no advice channel for motor and shows the customer area without product or preview', async () => {
    const user = userEvent.setup();
    renderWithRouter(<QuickstartPage />, { path: '/quickstart/' });
    await user.click(await screen.findByRole('button', { name: /Produkt/ }));
    await user.click(await screen.findByRole('option', { name: 'Kfz-Versicherung' }));
    expect(screen.getByRole('radio', { name: /Beratungslink/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(/Kfz hat keinen Beratungskanal/)).toBeTruthy();

    await user.click(screen.getByRole('radio', { name: /Kundenbereich/ }));
    expect(screen.queryByRole('button', { name: /Produkt/ })).toBeNull();
    expect(code('Mit Script-Tag')).toContain('channel: "kunden",');
    expect(code('Mit Script-Tag')).toContain('getAuthToken:');
    expect(code('Mit Script-Tag')).not.toContain('product:');
    expect(previewFrame()).toBeNull();
    expect(screen.getByText(/Der Kundenbereich braucht eine Anmeldung über Ihren Server/)).toBeTruthy();
  });

  it('copies the shown code and says so; a refused clipboard gets the manual way; a new choice clears the message', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async (_text: string) => undefined);
    renderWithRouter(<QuickstartPage />, { path: '/quickstart/' });
    await screen.findByRole('heading', { level: 1 });
    stubClipboard(writeText);
    const [scriptFigure, moduleFigure] = screen.getAllByRole('figure');
    await user.click(within(scriptFigure as HTMLElement).getByRole('button', { name: 'Code kopieren' }));
    expect(writeText).toHaveBeenCalledWith(code('Mit Script-Tag'));
    expect(within(scriptFigure as HTMLElement).getByRole('status').textContent).toMatch(/^Kopiert\./);

    await user.click(screen.getByRole('radio', { name: /Beratungslink/ }));
    expect(within(scriptFigure as HTMLElement).getByRole('status').textContent).toBe('');

    stubClipboard(async () => {
      throw new Error('NotAllowedError');
    });
    await user.click(within(moduleFigure as HTMLElement).getByRole('button', { name: 'Code kopieren' }));
    expect(within(moduleFigure as HTMLElement).getByRole('status').textContent).toBe(
      'Kopieren nicht möglich. Bitte markieren Sie den Code und kopieren Sie ihn von Hand.',
    );
  });

  it('lists the fifteen commands with direction, payload and answer and the timeout message', async () => {
    renderWithRouter(<QuickstartPage />, { path: '/quickstart/' });
    await screen.findByRole('heading', { level: 1 });
    for (const name of EMBED_COMMANDS) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeTruthy();
    }
    const conclusion = screen
      .getByRole('heading', { level: 3, name: 'handleContractConclusion' })
      .closest('li');
    expect(conclusion?.textContent).toContain('Portal → Ihre Seite');
    const contract = screen.getByRole('heading', { level: 3, name: 'getContract' }).closest('li');
    expect(contract?.textContent).toContain('Ihre Seite → Portal');
    expect(contract?.textContent).toContain('{ contractId: string }');
    expect(screen.getByText('Timeout exceeded for command X')).toBeTruthy();
    expect(screen.getByText(/Kommt nach 20 Sekunden keine Antwort/)).toBeTruthy();
    expect(
      screen.getAllByRole('link', { name: 'API-Dokumentation (OpenAPI)' })[0]?.getAttribute('href'),
    ).toBe('/api/docs');
  });
});
