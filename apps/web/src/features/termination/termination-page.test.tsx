import { InMemoryProvider, OpenFeature, OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { renderRoutes } from '../../lib/testing/render-with-router';
import type { CancellationOptions } from './api/get-cancellation-options';
import type { TerminationReceipt } from './api/end-contract';
import { TerminationPage } from './termination-page';

const fahrrad: ContractCustomerView = {
  versicherungsNummer: '9000000104',
  vertragsArt: 'FAHRRAD',
  vertragsstatus: 'LAUFEND',
  versicherungsTyp: 'FAHRRAD',
  versicherungsName: 'Fahrradversicherung',
  produktIdentifier: 'FAHRRAD_2',
  marke: 'SCHIRM',
  kuendbar: 'TAEGLICH',
  widerrufbar: true,
  dokumente: [],
  versicherungsPraemie: 9.9,
  jahresVersicherungsPraemie: 118.8,
  zahlweise: 'MONATLICH',
  antragsdatum: '2026-11-16',
  vertragsBeginn: '2026-11-18',
  wirksamkeitsdatum: '2026-11-18',
  mahnung: false,
  deckungsVarianten: [],
};

const dailyOptions: CancellationOptions = {
  versicherungsNummer: '9000000104',
  kuendbar: 'TAEGLICH',
  fruehestesDatum: '2026-11-23',
  termine: ['2026-11-23'],
  widerrufbar: true,
  widerrufBis: '2026-12-03',
};

const bhv: ContractCustomerView = {
  ...fahrrad,
  versicherungsNummer: '9000000201',
  vertragsArt: 'BHV',
  versicherungsTyp: 'BHV',
  versicherungsName: 'Betriebshaftpflichtversicherung',
  produktIdentifier: 'BHV_2',
  kuendbar: 'VERTRAGSENDE',
  widerrufbar: false,
};

const termEndOptions: CancellationOptions = {
  versicherungsNummer: '9000000201',
  kuendbar: 'VERTRAGSENDE',
  fruehestesDatum: '2027-03-01',
  termine: ['2027-03-01', '2028-03-01', '2029-03-01'],
  widerrufbar: false,
  widerrufHinweis: 'Die Widerrufsfrist für diesen Vertrag endete am 15.03.2025.',
};

const reasons = {
  widerruf: [
    { key: 'BEREITS_VERSICHERT', label: 'Ich bin bereits anderweitig versichert.' },
    { key: 'SONSTIGES', label: 'Sonstiger Grund' },
  ],
  kuendigung: [
    { key: 'BETRIEBSAUFGABE', label: 'Ich gebe meinen Betrieb auf.' },
    { key: 'SONSTIGES', label: 'Sonstiger Grund' },
  ],
};

function receipt(overrides: Partial<TerminationReceipt>): TerminationReceipt {
  return {
    versicherungsNummer: '9000000104',
    vertragsstatus: 'STORNIERT',
    beendigungsdatum: '2026-11-23',
    eingegangenAm: '2026-11-22T09:31:00.000Z',
    dokument: {
      id: 'd-9',
      name: 'Widerrufsbestätigung',
      typ: 'default',
      url: '/api/dokument/download-bereich/dokumente/d-9',
    },
    ...overrides,
  };
}

interface Api {
  contract: ContractCustomerView;
  options: CancellationOptions;
  /** The answer to the DELETE. */
  end?: () => Response;
  contractStatus?: number;
}

function stubApi(api: Api) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (method === 'DELETE') return api.end?.() ?? Response.json({}, { status: 500 });
      if (url.endsWith('/kuendigungstermine')) return Response.json(api.options);
      if (url.endsWith('/widerrufsgruende')) return Response.json(reasons.widerruf);
      if (url.includes('/kuendigungsgruende/')) return Response.json(reasons.kuendigung);
      if (api.contractStatus) return Response.json({ error: { code: 'X' } }, { status: api.contractStatus });
      return Response.json(api.contract);
    }),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  return calls;
}

async function setCancellationFlag(value: boolean) {
  await OpenFeature.setProviderAndWait(
    new InMemoryProvider({
      'self-service-cancellation': {
        variants: { on: true, off: false },
        defaultVariant: value ? 'on' : 'off',
        disabled: false,
      },
    }),
  );
}

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        path: '/kunden/kuendigen-widerrufen',
        element: (
          <OpenFeatureProvider>
            <QueryClientProvider client={client}>
              <TerminationPage />
            </QueryClientProvider>
          </OpenFeatureProvider>
        ),
      },
    ],
    { path },
  );
}

// happy-dom fires 'selectionchange' at once, even when the selection does not move; React Aria's
// date segments collapse the selection on that event, which would loop forever here (see
// ui/forms/date-input.test.tsx), so a collapse onto the current position is skipped like in a browser.
const originalCollapse = Selection.prototype.collapse;
beforeAll(() => {
  Selection.prototype.collapse = function collapse(this: Selection, node: Node | null, offset?: number) {
    const isSamePlace = this.anchorNode === node && (this.anchorOffset ?? 0) === (offset ?? 0);
    if (this.isCollapsed && isSamePlace) return;
    originalCollapse.call(this, node, offset);
  };
});
afterAll(() => {
  Selection.prototype.collapse = originalCollapse;
});

beforeEach(async () => {
  await setCancellationFlag(true);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Kündigen oder widerrufen', () => {
  it('revokes: Vertrag widerrufen → reason and feedback → Widerruf bestätigen → receipt with date, time and PDF', async () => {
    const calls = stubApi({
      contract: fahrrad,
      options: dailyOptions,
      end: () => Response.json(receipt({})),
    });
    renderAt('/kunden/kuendigen-widerrufen/?vertrag=9000000104');

    const revocation = await screen.findByRole('region', { name: 'Widerruf' });
    expect(revocation).toHaveTextContent('bis einschließlich 03.12.2026');
    await userEvent.click(within(revocation).getByRole('button', { name: 'Vertrag widerrufen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Vertrag widerrufen' })).toHaveFocus();
    expect(screen.getByRole('radio', { name: 'Sonstiger Grund' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Ich bin bereits anderweitig versichert.' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: /Möchten Sie uns noch etwas mitteilen/ }),
      'Über meinen Partner.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Weiter' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Widerruf bestätigen' })).toHaveFocus();
    expect(screen.getByText('Ich bin bereits anderweitig versichert.')).toBeVisible();
    expect(screen.getByText('Über meinen Partner.')).toBeVisible();
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Widerruf bestätigen' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ihr Widerruf ist eingegangen' }),
    ).toBeVisible();
    expect(screen.getByText('22.11.2026 um 10:31 Uhr')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Eingangsbestätigung herunterladen (PDF)' })).toBeVisible();
    expect(calls).toContain(
      'DELETE /api/vertrag/vertrag/9000000104/widerruf/BEREITS_VERSICHERT?freitext=%C3%9Cber+meinen+Partner.',
    );
  });

  it('shows the server’s German message when the revocation is refused', async () => {
    stubApi({
      contract: fahrrad,
      options: dailyOptions,
      end: () =>
        Response.json(
          {
            error: {
              code: 'NOT_REVOCABLE',
              message: 'Die Widerrufsfrist für diesen Vertrag endete am 21.11.2026.',
            },
          },
          { status: 409 },
        ),
    });
    renderAt('/kunden/kuendigen-widerrufen/?vertrag=9000000104');
    await userEvent.click(await screen.findByRole('button', { name: 'Vertrag widerrufen' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Weiter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Widerruf bestätigen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Widerrufsfrist für diesen Vertrag endete am 21.11.2026.',
    );
  });

  it('cancels to a later contract-year end: Vertrag hier kündigen → reason, date, feedback → jetzt kündigen', async () => {
    const calls = stubApi({
      contract: bhv,
      options: termEndOptions,
      end: () =>
        Response.json(
          receipt({
            versicherungsNummer: '9000000201',
            vertragsstatus: 'AUSLAUFEND',
            beendigungsdatum: '2028-03-01',
            dokument: {
              id: 'd-8',
              name: 'Kündigungsbestätigung',
              typ: 'default',
              url: '/api/dokument/download-bereich/dokumente/d-8',
            },
          }),
        ),
    });
    renderAt('/kunden/kuendigen-widerrufen/?vertrag=9000000201');

    expect(await screen.findByRole('region', { name: 'Widerruf' })).toHaveTextContent(
      'Die Widerrufsfrist für diesen Vertrag endete am 15.03.2025.',
    );
    expect(screen.queryByRole('button', { name: 'Vertrag widerrufen' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Vertrag hier kündigen' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Vertrag kündigen' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'zum 01.03.2027 (frühestmöglich)' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'jetzt kündigen' }));
    expect(await screen.findByText('Bitte wählen Sie einen Grund.')).toBeVisible();
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);

    await userEvent.click(screen.getByRole('radio', { name: 'Ich gebe meinen Betrieb auf.' }));
    await userEvent.click(screen.getByRole('radio', { name: 'zum 01.03.2028' }));
    await userEvent.click(screen.getByRole('button', { name: 'jetzt kündigen' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Ihre Kündigung ist eingegangen' }),
    ).toBeVisible();
    expect(
      screen.getByText(
        'Ihr Vertrag endet zum 01.03.2028. Ihr Versicherungsschutz besteht bis einschließlich 29.02.2028.',
      ),
    ).toBeVisible();
    expect(screen.getByText('22.11.2026 um 10:31 Uhr')).toBeVisible();
    expect(calls).toContain(
      'DELETE /api/vertrag/vertrag/9000000201/kuendigung/BETRIEBSAUFGABE?kuendigungsdatum=2028-03-01',
    );
    expect(calls).toContain('GET /api/vertrag/vertrag/kuendigungsgruende/BHV');
  });

  it('preselects the end of the insurance year of a daily cancellable contract, an earlier day only by choice', async () => {
    const calls = stubApi({
      contract: fahrrad,
      options: { ...dailyOptions, vorgeschlagenesDatum: '2027-11-18' },
      end: () =>
        Response.json(receipt({ versicherungsNummer: '9000000104', beendigungsdatum: '2026-12-01' })),
    });
    renderAt('/kunden/kuendigen-widerrufen/?vertrag=9000000104');
    await userEvent.click(await screen.findByRole('button', { name: 'Vertrag hier kündigen' }));

    // One click does not end cover tonight: the regular date is chosen and its consequence said.
    expect(
      await screen.findByRole('radio', { name: 'zum 18.11.2027, zum Ende des Versicherungsjahres' }),
    ).toBeChecked();
    expect(screen.getByText('Ihr Versicherungsschutz endet dann am 17.11.2027 um 24:00 Uhr.')).toBeVisible();
    expect(screen.queryByRole('group', { name: /Früheres Vertragsende/ })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: /^zu einem früheren Tag/ }));
    const date = screen.getByRole('group', { name: /Früheres Vertragsende/ });
    expect(screen.getByText(/vom 23\.11\.2026 bis zum 17\.11\.2027/)).toBeVisible();
    await userEvent.click(screen.getByRole('radio', { name: 'Ich gebe meinen Betrieb auf.' }));
    await userEvent.click(screen.getByRole('button', { name: 'jetzt kündigen' }));
    expect(
      await screen.findByText('Bitte wählen Sie das Datum, zu dem Ihr Vertrag enden soll.'),
    ).toBeVisible();
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);

    await userEvent.click(within(date).getByRole('spinbutton', { name: /Tag/ }));
    await userEvent.keyboard('01122026');
    const warning = await screen.findByRole('note');
    expect(warning).toHaveTextContent('Versicherungsschutz endet vor dem Ende des Versicherungsjahres');
    expect(warning).toHaveTextContent('Ihr Versicherungsschutz endet dann am 30.11.2026 um 24:00 Uhr.');
    expect(warning).toHaveTextContent(
      'Für Schäden ab dem 01.12.2026 sind Sie über diesen Vertrag nicht mehr versichert.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'jetzt kündigen' }));
    await vi.waitFor(() =>
      expect(calls).toContain(
        'DELETE /api/vertrag/vertrag/9000000104/kuendigung/BETRIEBSAUFGABE?kuendigungsdatum=2026-12-01',
      ),
    );
  });

  it('preselects no day when a daily cancellable contract ends before a regular date', async () => {
    stubApi({ contract: fahrrad, options: dailyOptions });
    renderAt('/kunden/kuendigen-widerrufen/?vertrag=9000000104');
    await userEvent.click(await screen.findByRole('button', { name: 'Vertrag hier kündigen' }));
    const date = await screen.findByRole('group', { name: /Kündigen zum/ });
    expect(within(date).getByRole('spinbutton', { name: /Tag/ })).not.toHaveTextContent('23');
    expect(screen.getByText(/frühestens am 23\.11\.2026/)).toBeVisible();
    expect(screen.queryByText(/Ihr Versicherungsschutz endet dann/)).toBeNull();
  });

  it('explains why a contract can be neither cancelled nor revoked', async () => {
    stubApi({
      contract: { ...bhv, kuendbar: 'NEIN', vertragsstatus: 'AUSLAUFEND', beendigungsdatum: '2027-03-01' },
      options: {
        ...termEndOptions,
        kuendbar: 'NEIN',
        termine: [],
        fruehestesDatum: undefined,
        kuendigungHinweis:
          'Dieser Vertrag ist bereits gekündigt und endet zum 01.03.2027. Eine weitere Kündigung ist nicht nötig.',
      },
    });
    renderAt('/kunden/kuendigen-widerrufen/?vertrag=9000000201');
    expect(
      await screen.findByText('Dieser Vertrag kann zurzeit weder gekündigt noch widerrufen werden.'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Kündigung' })).toHaveTextContent(
      'Dieser Vertrag ist bereits gekündigt und endet zum 01.03.2027.',
    );
    expect(screen.queryByRole('button', { name: 'Vertrag hier kündigen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Vertrag widerrufen' })).toBeNull();
  });

  it('offers no cancellation while the self-service cancellation is switched off', async () => {
    await setCancellationFlag(false);
    stubApi({ contract: fahrrad, options: dailyOptions });
    renderAt('/kunden/kuendigen-widerrufen/?vertrag=9000000104');
    expect(await screen.findByRole('region', { name: 'Kündigung' })).toHaveTextContent(
      'Die Kündigung im Kundenportal ist zurzeit nicht möglich.',
    );
    expect(screen.queryByRole('button', { name: 'Vertrag hier kündigen' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Vertrag widerrufen' })).toBeVisible();
  });

  it('shows loading, not found, error and the missing contract number', async () => {
    stubApi({ contract: fahrrad, options: dailyOptions, contractStatus: 404 });
    const { unmount } = renderAt('/kunden/kuendigen-widerrufen/?vertrag=9000000999');
    expect(screen.getByText('Der Vertrag wird geladen …')).toBeInTheDocument();
    expect(
      await screen.findByText('Diesen Vertrag konnten wir unter Ihren Verträgen nicht finden.'),
    ).toBeVisible();
    unmount();

    stubApi({ contract: fahrrad, options: dailyOptions, contractStatus: 500 });
    const second = renderAt('/kunden/kuendigen-widerrufen/?vertrag=9000000104');
    expect(await screen.findByRole('alert')).toHaveTextContent('Leider ist etwas schief gelaufen.');
    second.unmount();

    renderAt('/kunden/kuendigen-widerrufen/');
    expect(screen.getByText('Bitte wählen Sie zuerst einen Vertrag')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Zu meinen Verträgen' })).toHaveAttribute(
      'href',
      '/kunden/vertraege/',
    );
  });
});
