import { InMemoryProvider, OpenFeature, OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiAuth } from '../../lib/api';
import { FlagStatusContext } from '../../lib/flags';
import { renderRoutes } from '../../lib/testing/render-with-router';
import { FeedbackPage, feedbackLoader, feedbackPath } from './feedback-page';

interface Call {
  method: string;
  path: string;
  body?: unknown;
  authorization: string | null;
}

function fakeServer(
  answer: () => Response = () => Response.json({ id: 'f-1', anonym: true }, { status: 201 }),
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
        authorization: new Headers(init?.headers).get('Authorization'),
      });
      if (url.pathname === '/api/feedback') return answer();
      return Response.json({ error: { message: 'unbekannt' } }, { status: 500 });
    }),
  );
  configureApiAuth({ getAccessToken: () => 'token-1', onUnauthenticated: () => undefined });
  return calls;
}

async function setFeedbackFlag(value: boolean) {
  await OpenFeature.setProviderAndWait(
    new InMemoryProvider({
      feedback: { variants: { on: true, off: false }, defaultVariant: value ? 'on' : 'off', disabled: false },
    }),
  );
}

function NotFound() {
  const error = useRouteError();
  return <h1>{isRouteErrorResponse(error) && error.status === 404 ? 'Seite nicht gefunden' : 'Fehler'}</h1>;
}

function renderAt(path: string, { isSignedIn = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        path: '/feedback/:source/:score?',
        loader: feedbackLoader,
        errorElement: <NotFound />,
        element: (
          <OpenFeatureProvider>
            <FlagStatusContext value="ready">
              <QueryClientProvider client={client}>
                <main>
                  <FeedbackPage isSignedIn={isSignedIn} />
                </main>
              </QueryClientProvider>
            </FlagStatusContext>
          </OpenFeatureProvider>
        ),
      },
    ],
    { path },
  );
}

async function expectNoAxeViolations(): Promise<void> {
  const results = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Feedback', () => {
  it('prefills the score from the link, sends it anonymously with the comment and thanks', async () => {
    await setFeedbackFlag(true);
    const calls = fakeServer();
    renderAt('/feedback/nachricht/8/');
    const user = userEvent.setup();
    expect(
      await screen.findByRole('radiogroup', {
        name: 'Wie zufrieden waren Sie mit dem Kontakt über das Postfach?',
      }),
    ).toBeVisible();
    expect(screen.getAllByRole('radio')).toHaveLength(11);
    expect(screen.getByRole('radio', { name: '8 von 10' })).toBeChecked();
    expect(screen.getByText('Ihr Feedback wird anonym gespeichert.')).toBeVisible();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('radio', { name: '10 von 10' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Ihr Kommentar (optional)' }),
      'Schnell und freundlich',
    );
    await user.click(screen.getByRole('button', { name: 'Feedback senden' }));
    expect(await screen.findByText('Vielen Dank für Ihr Feedback!')).toBeVisible();
    expect(calls.find((call) => call.path === '/api/feedback')).toMatchObject({
      method: 'POST',
      body: { quelle: 'nachricht', bewertung: 10, kommentar: 'Schnell und freundlich' },
      authorization: null,
    });
    await expectNoAxeViolations();
  });

  it('sends one feedback for a double click', async () => {
    await setFeedbackFlag(true);
    const calls = fakeServer();
    renderAt('/feedback/schaden/9/');
    const button = await screen.findByRole('button', { name: 'Feedback senden' });
    // Both clicks before the mutation's pending state is rendered, as a browser's double click.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Vielen Dank für Ihr Feedback!')).toBeVisible();
    expect(calls.filter((call) => call.path === '/api/feedback')).toEqual([
      expect.objectContaining({ method: 'POST', body: { quelle: 'schaden', bewertung: 9 } }),
    ]);
  });

  it('asks for a score when none was chosen, and sends with the account only when the customer says so', async () => {
    await setFeedbackFlag(true);
    const calls = fakeServer();
    renderAt('/feedback/schaden/', { isSignedIn: true });
    const user = userEvent.setup();
    await screen.findByRole('radiogroup', { name: 'Wie zufrieden waren Sie mit Ihrer Schadenmeldung?' });
    expect(screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Feedback senden' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte wählen Sie eine Bewertung von 0 bis 10.');
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('radio', { name: '0 von 10' }));
    await user.click(screen.getByRole('checkbox', { name: /Ihrem Kundenkonto zugeordnet/ }));
    await user.click(screen.getByRole('button', { name: 'Feedback senden' }));
    await screen.findByText('Vielen Dank für Ihr Feedback!');
    expect(calls[0]).toMatchObject({
      body: { quelle: 'schaden', bewertung: 0 },
      authorization: 'Bearer token-1',
    });
  });

  it.each(['/feedback/kuendigung/', '/feedback/antrag/11/', '/feedback/antrag/-1/', '/feedback/antrag/abc/'])(
    'shows the 404 page for %s',
    async (path) => {
      await setFeedbackFlag(true);
      fakeServer();
      renderAt(path);
      expect(await screen.findByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    },
  );

  it('says so while the flag is off, and shows a German message when sending fails', async () => {
    await setFeedbackFlag(false);
    fakeServer();
    const { unmount } = renderAt('/feedback/antrag/5/');
    expect(await screen.findByText('Das Feedback ist zurzeit nicht möglich.')).toBeVisible();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    unmount();

    await setFeedbackFlag(true);
    fakeServer(() =>
      Response.json(
        { error: { status: 429, message: 'Zu viele Anfragen. Bitte warten Sie einen Moment.' } },
        { status: 429 },
      ),
    );
    renderAt('/feedback/antrag/5/');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Feedback senden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Zu viele Anfragen.');
  });

  it('builds the links other pages use', () => {
    expect(feedbackPath('nachricht')).toBe('/feedback/nachricht/');
    expect(feedbackPath('schaden', 9)).toBe('/feedback/schaden/9/');
  });
});
