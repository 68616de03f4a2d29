// The customer area inside a partner's app (issue 16): the host's token becomes a customer session
// only for the customer the host names, and the host gets contracts in its own shape.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContractCustomerView } from '@schirm/domain/contract/customer-view';
import { setHostConnection } from '../../lib/embedding-host';
import { createRequest } from '../../lib/request';
import { connectRecordingHost, PARTNER, sentWith } from '../../lib/testing/embedding-host';
import {
  embeddedContracts,
  renewalDelayMs,
  signInThroughHost,
  toEmbeddedContract,
} from './embedded-customer';

afterEach(() => {
  setHostConnection(null);
});

const HAUSBANK = { ...PARTNER, partnerKey: 'hausbank-nord', name: 'Hausbank Nord', kundenbereich: true };

function fakeServer(replies: Record<string, { status: number; body?: unknown }>) {
  const calls: { method: string; path: string; body: unknown; authorization: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test');
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: new Headers(init?.headers).get('Authorization'),
    });
    const reply = replies[`${method} ${url.pathname}`] ?? {
      status: 404,
      body: { error: { message: 'Nicht gefunden.' } },
    };
    return new Response(JSON.stringify(reply.body ?? null), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  const send = createRequest({
    getAccessToken: () => 'embedded-access',
    fetch: fetchMock as unknown as typeof fetch,
  });
  return { calls, send };
}

const SESSION = { accessToken: 'embedded-access', expiresIn: 300, partnernummer: '1000123' };

describe('signing in through the host', () => {
  it("exchanges the host's one-time token for a session of the customer the host names", async () => {
    const sent = connectRecordingHost(
      { getAuthToken: { token: 'one-time' }, getPartnerNumber: { partnerNumber: '1000123' } },
      HAUSBANK,
    );
    const { calls, send } = fakeServer({ 'POST /api/einbettung/sitzung': { status: 200, body: SESSION } });
    expect(await signInThroughHost(send)).toEqual({ status: 'signed-in', tokens: SESSION });
    expect(calls).toEqual([
      { method: 'POST', path: '/api/einbettung/sitzung', body: { token: 'one-time' }, authorization: null },
    ]);
    expect(sentWith(sent, 'getPartnerNumber')).toHaveLength(1);
  });

  it('refuses a session when the host names another customer than its token stands for', async () => {
    connectRecordingHost(
      { getAuthToken: { token: 'one-time' }, getPartnerNumber: { partnerNumber: '1000999' } },
      HAUSBANK,
    );
    const { send } = fakeServer({ 'POST /api/einbettung/sitzung': { status: 200, body: SESSION } });
    expect(await signInThroughHost(send)).toEqual({ status: 'mismatch' });
  });

  it('asks the server nothing when the host has no signed-in user', async () => {
    connectRecordingHost({ getAuthToken: null }, HAUSBANK);
    const { calls, send } = fakeServer({});
    expect(await signInThroughHost(send)).toEqual({ status: 'no-token' });
    expect(calls).toEqual([]);
  });

  it('treats a refused token like none, and a server failure as a failure to try again', async () => {
    connectRecordingHost({ getAuthToken: { token: 'verbraucht' } }, HAUSBANK);
    const refused = fakeServer({
      'POST /api/einbettung/sitzung': { status: 403, body: { error: { message: 'Nein.' } } },
    });
    expect(await signInThroughHost(refused.send)).toEqual({ status: 'no-token' });
    const broken = fakeServer({ 'POST /api/einbettung/sitzung': { status: 503 } });
    expect(await signInThroughHost(broken.send)).toEqual({ status: 'failed' });
  });

  it('renews well before the sign-in would try its cookie refresh', () => {
    expect(renewalDelayMs(300)).toBe(120_000);
    expect(renewalDelayMs(900)).toBe(360_000);
    expect(renewalDelayMs(60)).toBe(0);
  });
});

const CONTRACT = {
  versicherungsNummer: 'HR2600001234',
  versicherungsName: 'Hausratversicherung',
  vertragsstatus: 'LAUFEND',
  vertragsBeginn: '2026-01-01',
  versicherungsPraemie: 1234.5,
  zahlweise: 'VIERTELJAEHRLICH',
} as ContractCustomerView;

describe("the host's view of the contracts", () => {
  it('names product, German status and payment period, the start day and the premium in EUR', () => {
    expect(toEmbeddedContract(CONTRACT)).toEqual({
      contractId: 'HR2600001234',
      productName: 'Hausratversicherung',
      status: 'Laufend',
      beginn: '2026-01-01',
      beitrag: '1.234,50 EUR',
      zahlweise: 'vierteljährlich',
    });
  });

  it("reads the session customer's contract list with the embedded token", async () => {
    const { calls, send } = fakeServer({
      'GET /api/vertrag/vertrag/findByPartnerNummer/1000123': { status: 200, body: [CONTRACT] },
    });
    expect(await embeddedContracts('1000123', send)).toHaveLength(1);
    expect(calls[0]?.authorization).toBe('Bearer embedded-access');
    const failing = fakeServer({});
    expect(await embeddedContracts('1000123', failing.send)).toEqual([]);
  });
});
