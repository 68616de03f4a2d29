import { OpenFeature } from '@openfeature/react-sdk';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFlag, useFlagsSettled } from '../lib/flags';
import { createOfrepProvider, FeatureFlagProvider, startFeatureFlags } from './feature-flags';
import { FLAG_CONTEXT_COOKIE, setFlagContextCookie } from './flag-cookie';

function FlagProbe() {
  const claimsPage = useFlag('claims-page');
  const helpButton = useFlag('help-button');
  const disabled = useFlag('disabled-self-services');
  const settled = useFlagsSettled();
  return (
    <p data-testid="flags">
      {`claims-page=${claimsPage} help-button=${helpButton} disabled=[${disabled.join(',')}] settled=${settled}`}
    </p>
  );
}

function bulkResponse(flags: { key: string; value: unknown }[]) {
  return new Response(
    JSON.stringify({ flags: flags.map((flag) => ({ ...flag, reason: 'TARGETING_MATCH' })) }),
    {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    },
  );
}

function start(fetchImplementation: (request: Request) => Promise<Response>) {
  const provider = createOfrepProvider({
    origin: 'http://localhost:3000',
    fetchImplementation: fetchImplementation as unknown as typeof fetch,
  });
  const initialization = startFeatureFlags({ brand: 'hfk', targetingKey: 'sitzung-1', provider });
  render(
    <FeatureFlagProvider initialization={initialization}>
      <FlagProbe />
    </FeatureFlagProvider>,
  );
  return { initialization };
}

afterEach(async () => {
  vi.useRealTimers();
  await OpenFeature.clearProviders();
});

describe('feature flags', () => {
  it('renders with the safe defaults at once and keeps them when OFREP does not answer within 2,000 ms', async () => {
    const fetchImplementation = vi.fn((_request: Request) => new Promise<Response>(() => undefined));
    const provider = createOfrepProvider({
      origin: 'http://localhost:3000',
      fetchImplementation: fetchImplementation as unknown as typeof fetch,
    });
    vi.useFakeTimers();
    const initialization = startFeatureFlags({ brand: 'hfk', targetingKey: 'sitzung-1', provider });
    render(
      <FeatureFlagProvider initialization={initialization}>
        <FlagProbe />
      </FeatureFlagProvider>,
    );

    const flags = screen.getByTestId('flags');
    expect(flags).toHaveTextContent('claims-page=false help-button=true disabled=[] settled=false');

    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(flags).toHaveTextContent('settled=false');

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(flags).toHaveTextContent('claims-page=false help-button=true disabled=[] settled=true');
    await expect(initialization).resolves.toBe('timeout');
    expect(fetchImplementation.mock.calls[0]?.[0].url).toBe('http://localhost:3000/ofrep/v1/evaluate/flags');
  });

  it('applies the values OFREP answers for the context brand and targeting key', async () => {
    const fetchImplementation = vi.fn(async (_request: Request) =>
      bulkResponse([
        { key: 'claims-page', value: true },
        { key: 'help-button', value: false },
        { key: 'disabled-self-services', value: ['zahlungsweise', 'bankverbindung'] },
      ]),
    );
    const { initialization } = start(fetchImplementation);

    await expect(initialization).resolves.toBe('ready');
    expect(await screen.findByText(/settled=true/)).toHaveTextContent(
      'claims-page=true help-button=false disabled=[zahlungsweise,bankverbindung] settled=true',
    );
    const sent = fetchImplementation.mock.calls[0]?.[0];
    expect(await sent?.json()).toEqual({ context: { brand: 'hfk', targetingKey: 'sitzung-1' } });
  });

  it('keeps the default for values of the wrong type', async () => {
    const { initialization } = start(async () =>
      bulkResponse([
        { key: 'claims-page', value: 'ja' },
        { key: 'disabled-self-services', value: ['gibt-es-nicht'] },
      ]),
    );

    await expect(initialization).resolves.toBe('ready');
    expect(await screen.findByText(/settled=true/)).toHaveTextContent(
      'claims-page=false help-button=true disabled=[] settled=true',
    );
  });

  it('settles with the defaults when the flag service fails', async () => {
    const { initialization } = start(async () => new Response('kaputt', { status: 500 }));

    await expect(initialization).resolves.toBe('error');
    expect(await screen.findByText(/settled=true/)).toHaveTextContent('claims-page=false help-button=true');
  });

  it('starts settled when mounted again with an initialization that has settled (another area)', async () => {
    const { initialization } = start(async () => bulkResponse([{ key: 'claims-page', value: true }]));
    await expect(initialization).resolves.toBe('ready');
    expect(await screen.findByText(/settled=true/)).toBeVisible();
    cleanup();

    render(
      <FeatureFlagProvider initialization={initialization}>
        <FlagProbe />
      </FeatureFlagProvider>,
    );
    // Synchronously after mounting: no 'pending' phase in between.
    expect(screen.getByTestId('flags')).toHaveTextContent(
      'claims-page=true help-button=true disabled=[] settled=true',
    );
  });

  it('sets the flag context cookie with the brand, SameSite=Strict and Path=/', () => {
    const cookieSetter = vi.spyOn(document, 'cookie', 'set');
    setFlagContextCookie('protect-ch', { secure: false });
    setFlagContextCookie('hfk', { secure: true });

    expect(cookieSetter).toHaveBeenNthCalledWith(
      1,
      `${FLAG_CONTEXT_COOKIE}=${encodeURIComponent('{"brand":"protect-ch"}')}; SameSite=Strict; Path=/`,
    );
    expect(cookieSetter).toHaveBeenNthCalledWith(
      2,
      `${FLAG_CONTEXT_COOKIE}=${encodeURIComponent('{"brand":"hfk"}')}; SameSite=Strict; Path=/; Secure`,
    );
    cookieSetter.mockRestore();
  });

  it('stores the cookie the server reads', () => {
    setFlagContextCookie('s-direkt', { secure: false });
    const stored = document.cookie
      .split('; ')
      .find((cookie) => cookie.startsWith(`${FLAG_CONTEXT_COOKIE}=`))
      ?.slice(FLAG_CONTEXT_COOKIE.length + 1);
    expect(JSON.parse(decodeURIComponent(stored ?? ''))).toEqual({ brand: 's-direkt' });
  });
});
