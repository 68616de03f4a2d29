import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { AgentMessage, AgentTree, TreeAgent } from './api';
import { AgentMessagePage, type AttachmentsFieldComponent } from './message-page';
import { CreateSubAgentPage } from './create-sub-agent-page';
import { SalesPartnerPage } from './sales-partner-page';
import { SettingsPage, type PasswordChange } from './settings-page';
import { SubAgentsPage } from './sub-agents-page';

// The agent administration pages against the routes of apps/server/src/modules/agent-admin, in
// memory behind a stubbed fetch: what the agent sees, and what each action sends.

function agent(overrides: Partial<TreeAgent>): TreeAgent {
  return {
    id: 'a-0',
    vermittlerNummer: '4711000001',
    name: 'Claudia Krüger',
    email: 'claudia.krueger@example.com',
    telefon: null,
    status: 'AKTIV',
    vertriebsweg: 'AUSSCHLIESSLICHKEITSVERTRIEB',
    ebene: 0,
    uebergeordneteId: null,
    agenturName: 'Versicherungsbüro Krüger',
    anzahlKunden: 3,
    ...overrides,
  };
}

interface Call {
  method: string;
  path: string;
  body?: unknown;
  headers: Headers;
}

function fakeServer(state: { tree: AgentTree; messages?: AgentMessage[] }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path: url.pathname, body, headers: new Headers(init?.headers) });
      const path = url.pathname;
      if (path === '/api/vermittler/vermittler/liste') return Response.json(state.tree);
      const deactivate = /^\/api\/vermittler\/vermittler\/([^/]+)\/deaktivieren$/.exec(path);
      if (deactivate && method === 'POST') {
        state.tree = {
          ...state.tree,
          untervermittler: state.tree.untervermittler.map((item) =>
            item.id === deactivate[1] ? { ...item, status: 'INAKTIV' } : item,
          ),
        };
        return Response.json(state.tree.untervermittler.find((item) => item.id === deactivate[1]));
      }
      if (path === '/api/vermittler/vermittler/erstellen' && method === 'POST') {
        const { name, email } = body as { name: string; email: string };
        return Response.json(agent({ id: 'a-new', name, email, vermittlerNummer: '4711999999', ebene: 1 }), {
          status: 201,
        });
      }
      if (path === '/api/vermittler/vermittler/einstellungen') {
        return Response.json({
          name: 'Claudia Krüger',
          telefon: null,
          anmeldename: 'claudia.krueger@example.com',
          email: 'claudia.krueger@example.com',
          benachrichtigungsEmail: null,
        });
      }
      if (path === '/api/vermittler/nachricht' && method === 'GET')
        return Response.json(state.messages ?? []);
      if (path === '/api/vermittler/nachricht' && method === 'POST') {
        const sent = body as { thema: 'VERTRAG'; betreff: string; html: string; uploadIds?: string[] };
        const stored: AgentMessage = {
          id: 'm-new',
          erstelldatum: new Date(Date.UTC(2026, 10, 2, 9)).toISOString(),
          thema: sent.thema,
          themaLabel: 'Vertrag',
          betreff: sent.betreff,
          text: 'Anbei die Police.',
          html: sent.html,
          anhaenge: (sent.uploadIds ?? []).map((id) => ({
            id,
            name: 'Police.pdf',
            groesse: 10,
            typ: 'application/pdf',
          })),
          partnerNummer: null,
          vertragsnummer: null,
          antwort: null,
          beantwortetAm: null,
        };
        state.messages = [stored, ...(state.messages ?? [])];
        return Response.json(stored, { status: 201 });
      }
      if (path === '/api/vermittler/vertriebspartner-bewerbung' && method === 'POST') {
        return Response.json({ eingegangen: true, nachricht: 'ok' }, { status: 202 });
      }
      return Response.json({ error: { message: 'unbekannt' } }, { status: 500 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'agent-token', onUnauthenticated: () => undefined });
  return calls;
}

function renderAt(path: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        element: (
          <QueryClientProvider client={client}>
            <main>
              <Outlet />
            </main>
          </QueryClientProvider>
        ),
        children: [{ path, element }],
      },
    ],
    { path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const HEAD = agent({});
const WOLF = agent({
  id: 'a-1',
  name: 'Stefan Wolf',
  vermittlerNummer: '4711000002',
  ebene: 1,
  anzahlKunden: 2,
});
const HARTMANN = agent({
  id: 'a-3',
  name: 'Jana Hartmann',
  vermittlerNummer: '4711000004',
  ebene: 2,
  uebergeordneteId: 'a-1',
  anzahlKunden: 1,
});

describe('Untervermittler', () => {
  it('shows the tree with number, status and customers, and deactivates after the confirmation', async () => {
    const calls = fakeServer({ tree: { vermittler: HEAD, untervermittler: [WOLF, HARTMANN] } });
    const user = userEvent.setup();
    const { container } = renderAt('/vermittler/untervermittler/', <SubAgentsPage />);

    const list = await screen.findByRole('list', { name: 'Untervermittler' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Stefan Wolf');
    expect(rows[0]).toHaveTextContent('Vermittlernummer 4711000002 · 2 Kunden · Ebene 1');
    expect(rows[1]).toHaveTextContent('1 Kunde');
    expect((await axe.run(container)).violations).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Jana Hartmann deaktivieren' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('kann sich danach nicht mehr anmelden');
    await user.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));

    expect(await screen.findByText('Jana Hartmann ist deaktiviert.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.path.endsWith('/a-3/deaktivieren'))).toBe(
      true,
    );
    await waitFor(() => expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('deaktiviert'));
    expect(within(list).getByRole('button', { name: 'Jana Hartmann wieder aktivieren' })).toBeVisible();
  });

  it('says why the list is empty and offers to create a sub-agent', async () => {
    fakeServer({ tree: { vermittler: HEAD, untervermittler: [] } });
    renderAt('/vermittler/untervermittler/', <SubAgentsPage />);
    expect(await screen.findByText('Noch keine Mitarbeiter in Ihrem Bestand')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Untervermittler anlegen' }).length).toBeGreaterThan(0);
  });
});

describe('Untervermittler anlegen', () => {
  it('checks the form in German, then creates the sub-agent below the chosen agent', async () => {
    const calls = fakeServer({ tree: { vermittler: HEAD, untervermittler: [] } });
    const user = userEvent.setup();
    renderAt('/vermittler/untervermittler/anlegen/', <CreateSubAgentPage />);

    await user.click(await screen.findByRole('button', { name: 'Untervermittler anlegen' }));
    expect(await screen.findByText('Bitte geben Sie den Vor- und Nachnamen ein.')).toBeInTheDocument();
    expect(screen.getByText(/gültige E-Mail-Adresse/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Vor- und Nachname/ }), 'Nina Neu');
    await user.type(screen.getByRole('textbox', { name: /E-Mail-Adresse/ }), 'nina.neu@example.com');
    await user.type(screen.getByRole('textbox', { name: /Mobilfunknummer/ }), '+49 151 98765432');
    await user.click(screen.getByRole('button', { name: 'Untervermittler anlegen' }));

    expect(await screen.findByText(/hat die Vermittlernummer 4711999999/)).toBeInTheDocument();
    const create = calls.find((call) => call.path.endsWith('/erstellen'));
    expect(create?.body).toEqual({
      name: 'Nina Neu',
      email: 'nina.neu@example.com',
      mobil: '+4915198765432',
      uebergeordneteId: 'a-0',
    });
  });
});

describe('Einstellungen', () => {
  it('changes the password with the signed-in name and says so when the current one is wrong', async () => {
    fakeServer({ tree: { vermittler: HEAD, untervermittler: [] } });
    const user = userEvent.setup();
    const change = vi.fn<PasswordChange['change']>().mockRejectedValueOnce(new Error('wrong'));
    const passwordChange: PasswordChange = { change, errorCode: () => 'OLD_PASSWORD_WRONG' };
    renderAt('/vermittler/einstellungen/', <SettingsPage passwordChange={passwordChange} />);

    await user.type(await screen.findByLabelText(/Bisheriges Passwort/), 'Alt-Passwort-1');
    await user.type(screen.getByLabelText(/Neues Passwort/), 'Neu-Passwort-2026!');
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }));
    expect(
      await screen.findByText('Das bisherige Passwort stimmt nicht. Bitte versuchen Sie es noch einmal.'),
    ).toBeInTheDocument();
    expect(change).toHaveBeenCalledWith({
      username: 'claudia.krueger@example.com',
      currentPassword: 'Alt-Passwort-1',
      newPassword: 'Neu-Passwort-2026!',
    });
  });
});

describe('Vertriebspartner werden', () => {
  it('refuses a wrong register number in German and sends the application once with a key', async () => {
    const calls = fakeServer({ tree: { vermittler: HEAD, untervermittler: [] } });
    const user = userEvent.setup();
    renderAt('/vermittler/vertriebspartner-werden/', <SalesPartnerPage />);

    await user.type(await screen.findByRole('textbox', { name: /Firma/ }), 'Muster Finanz GmbH');
    await user.type(screen.getByRole('textbox', { name: /Ansprechpartner/ }), 'Maria Muster');
    await user.type(screen.getByRole('textbox', { name: /E-Mail-Adresse/ }), 'maria@muster-finanz.de');
    await user.type(screen.getByRole('textbox', { name: /Erlaubnisnummer/ }), '34d-K-2019-0815');
    await user.type(screen.getByRole('textbox', { name: /Registrierungsnummer/ }), '12345');
    await user.click(screen.getByRole('button', { name: 'Bewerbung senden' }));
    expect(await screen.findByText(/Format D-XXXX-XXXXX-XX ein/)).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: /Registrierungsnummer/ }));
    await user.type(screen.getByRole('textbox', { name: /Registrierungsnummer/ }), 'D-W1X2-Y3Z4A-56');
    await user.click(screen.getByRole('button', { name: 'Bewerbung senden' }));
    expect(await screen.findByText('Vielen Dank für Ihre Bewerbung')).toBeInTheDocument();
    const sent = calls.filter((call) => call.path === '/api/vermittler/vertriebspartner-bewerbung');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]?.body).toMatchObject({ registerNummer: 'D-W1X2-Y3Z4A-56', telefon: '' });
  });
});

/** Stands in for features/uploads' field: one finished upload, reported at once. */
const OneUpload: AttachmentsFieldComponent = ({ label, onChange }) => {
  useEffect(() => {
    onChange({ uploadIds: ['00000000-0000-4000-8000-000000000009'], isUploading: false, hasErrors: false });
  }, [onChange]);
  return <p>{label}: Police.pdf</p>;
};

const ANSWERED: AgentMessage = {
  id: 'm-1',
  erstelldatum: new Date(Date.UTC(2026, 9, 20, 9)).toISOString(),
  thema: 'PROVISION',
  themaLabel: 'Provision und Abrechnung',
  betreff: 'Provisionsabrechnung Oktober',
  text: 'Bitte prüfen.',
  html: '<p>Bitte prüfen.</p>',
  anhaenge: [{ id: 'u-1', name: 'Abrechnung.pdf', groesse: 10, typ: 'application/pdf' }],
  partnerNummer: null,
  vertragsnummer: null,
  antwort: 'Die Abrechnung ist korrigiert.',
  beantwortetAm: new Date(Date.UTC(2026, 9, 21, 9)).toISOString(),
};

describe('Nachricht an den Vermittlerservice', () => {
  it('says why the list of sent messages is empty', async () => {
    fakeServer({ tree: { vermittler: HEAD, untervermittler: [] }, messages: [] });
    renderAt('/vermittler-nachricht/', <AgentMessagePage AttachmentsField={OneUpload} />);
    expect(
      await screen.findByText('Sie haben dem Vermittlerservice noch keine Nachricht geschrieben.'),
    ).toBeInTheDocument();
  });

  it(
    'sends the attachments with the message and lists sent messages with state, answer and attachments',
    { timeout: 30_000 },
    async () => {
      const calls = fakeServer({ tree: { vermittler: HEAD, untervermittler: [] }, messages: [ANSWERED] });
      const user = userEvent.setup();
      renderAt('/vermittler-nachricht/', <AgentMessagePage AttachmentsField={OneUpload} />);
      const item = (await screen.findByText('Provisionsabrechnung Oktober')).closest('li') as HTMLElement;
      expect(item.textContent).toMatch(/gesendet am 20\.10\.2026 · beantwortet am 21\.10\.2026/);
      expect(within(item).getByText(/Die Abrechnung ist korrigiert\./)).toBeInTheDocument();
      expect(within(item).getByRole('button', { name: 'Abrechnung.pdf herunterladen' })).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: /Thema/ }));
      await user.click(await screen.findByRole('option', { name: 'Vertrag' }));
      await user.type(screen.getByRole('textbox', { name: /Betreff/ }), 'Police');
      await user.click(await screen.findByRole('textbox', { name: 'Ihre Nachricht' }, { timeout: 10_000 }));
      await user.keyboard('Anbei die Police.');
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
      expect(await screen.findByText('Ihre Nachricht ist eingegangen')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        thema: 'VERTRAG',
        betreff: 'Police',
        uploadIds: ['00000000-0000-4000-8000-000000000009'],
      });
      const sent = (await screen.findByText('Police')).closest('li') as HTMLElement;
      expect(sent.textContent).toMatch(/in Bearbeitung/);
      expect(within(sent).getByRole('button', { name: 'Police.pdf herunterladen' })).toBeInTheDocument();
      await expectNoAxeViolations();
    },
  );
});

async function expectNoAxeViolations(): Promise<void> {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}
