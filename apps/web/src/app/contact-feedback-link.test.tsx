// The Kontakt confirmation links to the feedback page (issue 14, ADR 0028) while the flag 'feedback'
// is on, as the app renders it: the flag asked with one OFREP call (no OpenFeature provider there).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../lib/api';
import { DeferredServicesContext, type DeferredServices } from '../lib/deferred-services';
import { renderRoutes } from '../lib/testing/render-with-router';
import { ContactMessagePage } from '../features/mailbox/contact-page';

function renderContact(flagValue: boolean) {
  const flagAnswered = { current: false };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/ofrep/v1/evaluate/flags/feedback') {
        flagAnswered.current = true;
        return Response.json({ key: 'feedback', value: flagValue });
      }
      if (path === '/api/nachricht/nachricht/' && init?.method === 'POST') {
        return Response.json(
          {
            id: 'm-1',
            aktenId: null,
            erstelldatum: '2026-11-26T09:00:00.000Z',
            betreff: 'Frage',
            gelesen: true,
            nachricht: 'Guten Tag',
            richtung: 'ausgang',
          },
          { status: 201 },
        );
      }
      throw new TypeError(`unexpected call ${path}`);
    }),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const services: DeferredServices = {
    Boundary: ({ children }: { children: ReactNode }) => <>{children}</>,
    preload: () => undefined,
    // A targeting key of its own per render: the flag's answer is kept per key for the page's lifetime.
    flagContext: { brand: 'schirm', targetingKey: `kontakt-${String(flagValue)}` },
  };
  renderRoutes(
    [
      {
        path: '/kunden/kontakt/nachricht',
        element: (
          <DeferredServicesContext value={services}>
            <QueryClientProvider client={client}>
              <ContactMessagePage contracts={[]} />
            </QueryClientProvider>
          </DeferredServicesContext>
        ),
      },
    ],
    { path: '/kunden/kontakt/nachricht/' },
  );
  return flagAnswered;
}

async function send() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Thema/ }));
  await user.click(await screen.findByRole('option', { name: 'Sonstiges' }));
  await user.type(screen.getByRole('textbox', { name: /Betreff/ }), 'Frage');
  await user.click(await screen.findByRole('textbox', { name: 'Ihre Nachricht' }, { timeout: 10_000 }));
  await user.keyboard('Guten Tag');
  await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
  expect(await screen.findByText('Ihre Nachricht wurde gesendet')).toBeVisible();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Kontakt confirmation', () => {
  it('links to /feedback/nachricht/ while the flag feedback is on', { timeout: 30_000 }, async () => {
    renderContact(true);
    await send();
    expect(
      await screen.findByRole('link', { name: 'Wie zufrieden waren Sie mit dem Kontakt? Feedback geben' }),
    ).toHaveAttribute('href', '/feedback/nachricht/');
  });

  it('has no feedback link while the flag is off', { timeout: 30_000 }, async () => {
    const flagAnswered = renderContact(false);
    await send();
    // The flag was asked when the page opened, long before the confirmation.
    expect(flagAnswered.current).toBe(true);
    expect(screen.queryByRole('link', { name: /Feedback geben/ })).not.toBeInTheDocument();
  });
});
