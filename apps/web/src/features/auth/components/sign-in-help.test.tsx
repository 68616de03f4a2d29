import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredServicesContext, type DeferredServices } from '../../../lib/deferred-services';
import { evaluateFlag } from '../../../lib/flag-without-sdk';
import { faqFixture } from '../../../lib/testing/faq-fixture';
import { renderRoutes } from '../../../lib/testing/render-with-router';
import { SignInHelp } from './sign-in-help';

type Call = { method: string; path: string; body: unknown };

/**
 * The sign-in's help button as the app renders it: no OpenFeature provider anywhere, server state
 * only inside the deferred services' boundary, and a flag service that answers one flag.
 */
function renderSignInHelp({ targetingKey, flagAnswer }: { targetingKey: string; flagAnswer: Response }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const path = String(url).split('?')[0] ?? '';
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined });
      if (path === '/ofrep/v1/evaluate/flags/help-button') return flagAnswer;
      if (path === '/api/content/faq') return Response.json(faqFixture);
      throw new TypeError(`unexpected call ${method} ${path}`);
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  let isBoundaryRendered = false;
  const services: DeferredServices = {
    Boundary: ({ children }: { children: ReactNode }) => {
      isBoundaryRendered = true;
      return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
    },
    preload: () => undefined,
    flagContext: { brand: 'hfk', targetingKey },
  };
  renderRoutes(
    [
      {
        path: '/kunden/login',
        element: (
          <DeferredServicesContext value={services}>
            <h1>Anmelden</h1>
            <SignInHelp topic="anmeldung" />
          </DeferredServicesContext>
        ),
      },
    ],
    { path: '/kunden/login/' },
  );
  return { calls, isBoundaryRendered: () => isBoundaryRendered };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SignInHelp', () => {
  it('asks the flag service for help-button alone and opens the help with server state loaded on demand', async () => {
    const { calls, isBoundaryRendered } = renderSignInHelp({
      targetingKey: 'visitor-on',
      flagAnswer: Response.json({ key: 'help-button', value: true, reason: 'STATIC', metadata: {} }),
    });

    const button = screen.getByRole('button', { name: 'Hilfe' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/ofrep/v1/evaluate/flags/help-button',
      body: { context: { brand: 'hfk', targetingKey: 'visitor-on' } },
    });
    expect(isBoundaryRendered()).toBe(false);

    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Hilfe zu dieser Seite' }, { timeout: 10_000 });
    expect(
      await within(panel).findByRole('heading', { name: 'Wie melde ich mich im Kundenportal an?' }),
    ).toBeVisible();
    expect(isBoundaryRendered()).toBe(true);
    expect(calls.map((call) => call.path)).toEqual([
      '/ofrep/v1/evaluate/flags/help-button',
      '/api/content/faq',
    ]);

    await userEvent.click(within(panel).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('button', { name: 'Hilfe' })).toHaveFocus();
  });

  it('shows the button until the flag service switches it off', async () => {
    const { calls } = renderSignInHelp({
      targetingKey: 'visitor-off',
      flagAnswer: Response.json({ key: 'help-button', value: false, reason: 'STATIC', metadata: {} }),
    });
    expect(screen.getByRole('button', { name: 'Hilfe' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Hilfe' })).toBeNull());
    expect(calls).toHaveLength(1);
  });

  it('keeps the button (the flag default) when the flag service fails', async () => {
    const { calls } = renderSignInHelp({
      targetingKey: 'visitor-failure',
      flagAnswer: Response.json({ key: 'help-button', errorCode: 'GENERAL' }, { status: 500 }),
    });
    // The same (remembered) evaluation the button waits for: settled, the answer is the default.
    const answer = await act(() =>
      evaluateFlag('help-button', { brand: 'hfk', targetingKey: 'visitor-failure' }),
    );
    expect(answer).toBe(true);
    expect(calls).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Hilfe' })).toBeVisible();
  });
});
