import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { ExtranetContract, ExtranetCustomer, ExtranetView } from './extranet-api';
import { ExtranetContractPage, ExtranetCustomerPage } from './extranet-pages';

const TOKEN = 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v';

const contract: ExtranetContract = {
  vertragsnummer: '9000000101',
  status: 'LAUFEND',
  vertragsart: 'PRIVAT',
  produkt: 'PRIVATHAFTPFLICHT',
  vertragsbeginn: '2025-03-01',
  vertragsende: null,
  naechsteVertragsjaehrung: '2027-03-01',
  hauptfaelligkeit: { day: 1, month: 3 },
  gewerbeVertragsdaten: null,
  folgeBeitrag: 7.5,
  jaehrlicherBeitrag: 90,
  lastUpdated: '2026-11-01T08:00:00.000Z',
  versicherungsName: 'Privathaftpflichtversicherung',
  partnerNummer: '100000001',
  kundenName: 'Anna Schmidt',
  zahlweise: 'MONATLICH',
  bankverbindung: { iban: 'DE89 **** **** **** **30 00', kontoinhaber: 'Anna Schmidt' },
  vermittler: { vermittlerNummer: '4711000002', name: 'Stefan Wolf' },
  mahnung: false,
  offeneBeitraege: [],
  beitragsverlauf: [
    {
      gueltigAb: '2025-03-01',
      zahlweise: 'MONATLICH',
      beitragProPeriode: 7.5,
      jahresbeitrag: 90,
      grund: 'VERTRAGSABSCHLUSS',
    },
  ],
  vorgemerkteAenderungen: [],
  aenderungenDurchVermittler: [],
  aufgaben: [],
  dokumente: [],
};

const POLICY_ID = '4f0c2a9e-1b7d-4c55-9a57-0d2f6c3e8b11';
const withDocuments: ExtranetContract = {
  ...contract,
  dokumente: [
    {
      id: POLICY_ID,
      name: 'Versicherungsschein',
      vertragsnummer: '9000000101',
      erstelltAm: '2025-02-20T09:00:00.000Z',
      url: `/api/extranet/dokumente/${POLICY_ID}`,
    },
  ],
};

const customer: ExtranetCustomer = {
  partnerNummer: '100000001',
  personArt: 'NatuerlichePersonDTO',
  name: 'Anna Schmidt',
  anrede: 'Frau',
  geburtsdatum: '1988-05-17',
  email: 'anna.schmidt@example.com',
  portalZugang: true,
  anschrift: { strasse: 'Venloer Straße', hausnummer: '10', plz: '50823', ort: 'Köln' },
  vertraege: [
    {
      ...contract,
      versicherungsName: 'Privathaftpflichtversicherung',
      mahnung: false,
      offeneBeitraege: [],
    },
  ],
  offeneAufgaben: [],
};

const view = (extra: Partial<ExtranetView>): ExtranetView => ({
  art: 'vertrag',
  ansicht: 'V1e2w3T4o5k6e7n8V9i0e1w2T3o4k5e6n7V8i9e0w1T',
  ansichtGueltigBis: '2026-11-26T15:30:00.000Z',
  ...extra,
});

type Call = { url: string; body: unknown };

function stubFetch(answer: (call: Call) => Response) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        url: String(input),
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return answer(call);
    }),
  );
  return calls;
}

const refused = (status: number, code: string) =>
  Response.json({ error: { code, status, message: 'abgelehnt', requestId: 'r-1' } }, { status });

function renderAt(path: string, route: string, element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [{ path: route, element: <QueryClientProvider client={client}>{element}</QueryClientProvider> }],
    { path },
  );
}

const openContract = () =>
  renderAt(`/extranet/vertrag/${TOKEN}/`, '/extranet/vertrag/:id', <ExtranetContractPage />);

beforeEach(() => {
  window.sessionStorage.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('extranet contract page', () => {
  it('opens the link once, shows the contract read-only without portal links, and keeps the view token', async () => {
    const calls = stubFetch(() => Response.json(view({ vertrag: contract })));
    const { unmount } = openContract();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vertrag 9000000101' })).toBeInTheDocument();
    expect(screen.getByText('Privathaftpflichtversicherung')).toBeInTheDocument();
    expect(screen.getByText('Stefan Wolf (4711000002)')).toBeInTheDocument();
    expect(screen.getByText(/Nur zur Ansicht/)).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toContain(`/api/extranet/oeffnen/${TOKEN}`);
    expect(calls[0]?.body).toEqual({ art: 'vertrag' });
    unmount();

    // A reload in the same tab asks with the view token instead of using the link again.
    openContract();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vertrag 9000000101' })).toBeInTheDocument();
    expect(calls).toHaveLength(2);
    expect(calls[1]?.url).toContain('/api/extranet/ansicht');
    expect(calls[1]?.body).toEqual({ ansicht: view({}).ansicht });
  });

  it.each([
    ['EXTRANET_LINK_USED', 410, 'Link bereits verwendet', /wurde bereits verwendet/],
    ['EXTRANET_LINK_EXPIRED', 410, 'Link abgelaufen', /ist abgelaufen/],
    ['EXTRANET_LINK_UNKNOWN', 404, 'Link ungültig', /ist ungültig/],
    ['TOO_MANY_REQUESTS', 429, 'Zu viele Versuche', /zu viele Aufrufe/],
    ['INTERNAL_ERROR', 500, 'Nicht geladen', /nicht geladen werden/],
  ])(
    'shows a German page for %s, says what to do next and shows no data',
    async (code, status, title, text) => {
      stubFetch(() => refused(status, code));
      openContract();
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText(text)).toBeInTheDocument();
      expect(screen.getByRole('alert')).toHaveTextContent(/Maklersoftware/);
      expect(screen.queryByText('9000000101')).toBeNull();
      expect(window.sessionStorage.length).toBe(0);
    },
  );

  it('says the view expired when a reload comes after the view token ran out', async () => {
    window.sessionStorage.setItem(`schirm.extranet.vertrag.${TOKEN}`, view({}).ansicht);
    stubFetch(() => refused(410, 'EXTRANET_VIEW_EXPIRED'));
    openContract();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ansicht abgelaufen' })).toBeInTheDocument();
  });
});

describe('documents on the extranet contract page', () => {
  it('lists the documents with name and date and downloads one with the view token', async () => {
    const calls = stubFetch((call) =>
      call.url.includes('/api/extranet/dokumente/')
        ? new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }))
        : Response.json(view({ vertrag: withDocuments })),
    );
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:dokument');
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    openContract();
    const section = await screen.findByRole('region', { name: 'Dokumente' });
    expect(within(section).getByText('Versicherungsschein · 20.02.2025')).toBeInTheDocument();
    await userEvent.click(
      within(section).getByRole('button', { name: 'Versicherungsschein herunterladen (PDF)' }),
    );
    await vi.waitFor(() => expect(click).toHaveBeenCalled());
    expect(calls.at(-1)).toEqual({
      url: `/api/extranet/dokumente/${POLICY_ID}`,
      body: { ansicht: view({}).ansicht },
    });
    expect(await (createObjectURL.mock.calls[0]?.[0] as Blob).text()).toBe('%PDF-1.4');
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Versicherungsschein 9000000101.pdf');
  });

  it('says in German why a document cannot be downloaded once the view expired', async () => {
    const message =
      'Die Anzeige ist abgelaufen, Dokumente können Sie darüber nicht mehr herunterladen. Bitte öffnen Sie den Vertrag erneut aus Ihrer Maklersoftware.';
    stubFetch((call) =>
      call.url.includes('/api/extranet/dokumente/')
        ? Response.json(
            { error: { code: 'EXTRANET_VIEW_EXPIRED', status: 401, message, requestId: 'r-2' } },
            { status: 401 },
          )
        : Response.json(view({ vertrag: withDocuments })),
    );
    openContract();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Versicherungsschein herunterladen (PDF)' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    // The contract stays on the page.
    expect(screen.getByRole('heading', { level: 1, name: 'Vertrag 9000000101' })).toBeInTheDocument();
  });

  it('says when the contract has no documents yet', async () => {
    stubFetch(() => Response.json(view({ vertrag: contract })));
    openContract();
    const section = await screen.findByRole('region', { name: 'Dokumente' });
    expect(within(section).getByText('Zu diesem Vertrag gibt es noch keine Dokumente.')).toBeInTheDocument();
  });
});

describe('extranet customer page', () => {
  it('shows the customer with the agency’s contracts, without links', async () => {
    const calls = stubFetch(() => Response.json(view({ art: 'kundendaten', kunde: customer })));
    renderAt(`/extranet/kundendaten/${TOKEN}/`, '/extranet/kundendaten/:id', <ExtranetCustomerPage />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Kundendaten: Anna Schmidt' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Venloer Straße 10, 50823 Köln')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: '9000000101' })).toBeInTheDocument();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(calls[0]?.body).toEqual({ art: 'kundendaten' });
  });

  it('treats a contract answer on the customer page as an invalid link', async () => {
    stubFetch(() => Response.json(view({ vertrag: contract })));
    renderAt(`/extranet/kundendaten/${TOKEN}/`, '/extranet/kundendaten/:id', <ExtranetCustomerPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Nicht geladen' })).toBeInTheDocument();
  });
});
