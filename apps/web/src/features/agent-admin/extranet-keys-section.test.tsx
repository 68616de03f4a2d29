import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import type { ExtranetKey } from './extranet-keys-api';
import { ExtranetKeysSection } from './extranet-keys-section';

// The section 'Schlüssel für Ihre Maklersoftware' of the agency page against
// GET/POST/DELETE /api/vermittler/extranet/schluessel (apps/server/src/modules/extranet), behind a
// stubbed fetch that keeps the keys like the server does.

const OFFICE: ExtranetKey = {
  kid: 'q1W2e3R4t5Z6u7I8o9P0a1S2d3F4g5H6j7K8l9Y0x1C',
  bezeichnung: 'Maklersoftware Büro',
  erstelltAm: '2026-10-01T08:00:00.000Z',
  widerrufenAm: null,
  letzterLinkAm: '2026-11-20T13:45:00.000Z',
};
const OLD: ExtranetKey = {
  kid: 'Z9x8C7v6B5n4M3a2S1d0F9g8H7j6K5l4P3o2I1u0Y9t',
  bezeichnung: 'Alter Rechner',
  erstelltAm: '2025-01-10T08:00:00.000Z',
  widerrufenAm: '2026-02-01T08:00:00.000Z',
  letzterLinkAm: null,
};
const RSA_MESSAGE =
  'Das ist ein RSA-Schlüssel. Das Extranet nimmt nur Ed25519-Schlüssel an. Bitte erzeugen Sie in Ihrer Maklersoftware ein Ed25519-Schlüsselpaar und fügen Sie dessen öffentlichen Schlüssel ein.';
const ED25519_PEM =
  '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEAGb9ECWmEzf6FQbrBZ9w7lshQhqowtrbLDFw4rXAxZuE=\n-----END PUBLIC KEY-----';

type Call = { method: string; url: string; body: unknown };

function stubServer(initial: ExtranetKey[]) {
  let keys = [...initial];
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, url, body });
      if (method === 'GET') return Response.json({ schluessel: keys });
      if (method === 'POST') {
        const { schluessel, bezeichnung } = body as { schluessel: string; bezeichnung: string };
        if (!schluessel.includes('MCowBQYDK2VwAyEA')) {
          return Response.json(
            { error: { code: 'EXTRANET_KEY_INVALID', status: 422, message: RSA_MESSAGE, requestId: 'r' } },
            { status: 422 },
          );
        }
        const added = { ...OFFICE, kid: 'n3w'.padEnd(43, 'K'), bezeichnung, letzterLinkAm: null };
        keys = [...keys, added];
        return Response.json({ kid: added.kid }, { status: 201 });
      }
      if (method === 'DELETE') {
        const kid = url.split('/').pop();
        keys = keys.map((key) =>
          key.kid === kid ? { ...key, widerrufenAm: '2026-11-26T10:00:00.000Z' } : key,
        );
        return new Response(null, { status: 204 });
      }
      return new Response(null, { status: 404 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'agent-token', onUnauthenticated: () => undefined });
  return calls;
}

function renderSection(
  props: Parameters<typeof ExtranetKeysSection>[0] = { isAgencyHead: true, hauptagentur: null },
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithRouter(
    <QueryClientProvider client={client}>
      <ExtranetKeysSection {...props} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Schlüssel für Ihre Maklersoftware', () => {
  it('lists the keys with label, fingerprint, dates and whether they are revoked', async () => {
    stubServer([OFFICE, OLD]);
    renderSection();
    const list = await screen.findByRole('list', { name: 'Hinterlegte Schlüssel' });
    const [office, old] = within(list).getAllByRole('listitem');
    expect(within(office!).getByRole('heading', { name: 'Maklersoftware Büro' })).toBeVisible();
    expect(within(office!).getByText(OFFICE.kid)).toBeVisible();
    expect(within(office!).getByText('01.10.2026 um 10:00 Uhr')).toBeVisible();
    expect(within(office!).getByText('20.11.2026 um 14:45 Uhr')).toBeVisible();
    expect(
      within(office!).getByRole('button', { name: 'Schlüssel „Maklersoftware Büro“ widerrufen' }),
    ).toBeVisible();
    expect(within(old!).getByRole('heading', { name: 'Alter Rechner · widerrufen' })).toBeVisible();
    expect(within(old!).getByText('Noch kein Link angefordert')).toBeVisible();
    expect(within(old!).queryByRole('button')).toBeNull();
  });

  it('adds a pasted PEM key with its label, and shows the German reason for an RSA key at the field', async () => {
    const calls = stubServer([]);
    renderSection();
    expect(await screen.findByText(/noch keinen Schlüssel hinterlegt/)).toBeVisible();
    const label = screen.getByRole('textbox', { name: /^Bezeichnung/ });
    const key = screen.getByRole('textbox', { name: /^Öffentlicher Schlüssel \(PEM oder JWK\)/ });

    await userEvent.type(label, 'Maklersoftware Büro');
    await userEvent.click(key);
    await userEvent.paste(
      '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA\n-----END PUBLIC KEY-----',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Schlüssel hinzufügen' }));
    expect(await screen.findByText(RSA_MESSAGE)).toBeVisible();
    expect(key).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(key);
    await userEvent.paste(ED25519_PEM);
    await userEvent.click(screen.getByRole('button', { name: 'Schlüssel hinzufügen' }));
    expect(await screen.findByText(/^Der Schlüssel wurde hinzugefügt\./)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      schluessel: ED25519_PEM,
      bezeichnung: 'Maklersoftware Büro',
    });
    const list = await screen.findByRole('list', { name: 'Hinterlegte Schlüssel' });
    expect(within(list).getByRole('heading', { name: 'Maklersoftware Büro' })).toBeVisible();
    expect(label).toHaveValue('');
  });

  it('refuses a pasted private key without sending it, and asks for the missing fields', async () => {
    const calls = stubServer([]);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Schlüssel hinzufügen' }));
    expect(screen.getByText('Bitte geben Sie eine Bezeichnung ein.')).toBeVisible();
    expect(screen.getByText('Bitte fügen Sie den öffentlichen Schlüssel ein.')).toBeVisible();

    await userEvent.type(screen.getByRole('textbox', { name: /^Bezeichnung/ }), 'Büro');
    await userEvent.click(screen.getByRole('textbox', { name: /^Öffentlicher Schlüssel/ }));
    await userEvent.paste('-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEI\n-----END PRIVATE KEY-----');
    await userEvent.click(screen.getByRole('button', { name: 'Schlüssel hinzufügen' }));
    expect(screen.getByText(/^Das ist ein privater Schlüssel\. Er wurde nicht gesendet\./)).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('revokes a key after the confirmation, and keeps it when cancelled', async () => {
    const calls = stubServer([OFFICE]);
    renderSection();
    const revoke = await screen.findByRole('button', { name: 'Schlüssel „Maklersoftware Büro“ widerrufen' });
    await userEvent.click(revoke);
    const dialog = await screen.findByRole('alertdialog', { name: 'Schlüssel widerrufen?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(revoke);
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Widerrufen' }),
    );
    expect(await screen.findByRole('heading', { name: 'Maklersoftware Büro · widerrufen' })).toBeVisible();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/vermittler/extranet/schluessel/${OFFICE.kid}`,
    ]);
  });

  it('tells a sub-agent that the head of the agency manages the keys, without asking the server', async () => {
    const calls = stubServer([OFFICE]);
    renderSection({
      isAgencyHead: false,
      hauptagentur: { name: 'Agentur Wolf', vermittlerNummer: '4711000001' },
    });
    expect(
      screen.getByText(/verwaltet Ihre Hauptagentur Agentur Wolf \(Vermittlernummer 4711000001\)/),
    ).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
