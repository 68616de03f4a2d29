import { InMemoryProvider, OpenFeature, OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HelpTopic } from '../lib/faq';
import { faqFixture } from '../lib/testing/faq-fixture';
import { renderRoutes } from '../lib/testing/render-with-router';
import { PageHelp } from './page-help';

async function setHelpButtonFlag(value: boolean) {
  await OpenFeature.setProviderAndWait(
    new InMemoryProvider({
      'help-button': {
        variants: { on: true, off: false },
        defaultVariant: value ? 'on' : 'off',
        disabled: false,
      },
    }),
  );
}

function renderHelp(topic: HelpTopic) {
  const fetchMock = vi.fn(async () => Response.json(faqFixture));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = renderRoutes(
    [
      {
        path: '/kunden/login',
        element: (
          <OpenFeatureProvider>
            <QueryClientProvider client={client}>
              <h1>Anmelden</h1>
              <PageHelp topic={topic} />
            </QueryClientProvider>
          </OpenFeatureProvider>
        ),
      },
      { path: '/haeufige-fragen', element: <h1>Häufige Fragen</h1> },
    ],
    { path: '/kunden/login/' },
  );
  return { ...rendered, fetchMock };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await OpenFeature.clearProviders();
});

describe('PageHelp', () => {
  it("opens the slide-out with the page's questions and a link to all questions", async () => {
    await setHelpButtonFlag(true);
    const { fetchMock, router } = renderHelp('anmeldung');
    expect(fetchMock).not.toHaveBeenCalled();

    await userEvent.click(await screen.findByRole('button', { name: 'Hilfe' }));
    const panel = await screen.findByRole('dialog', { name: 'Hilfe zu dieser Seite' });
    expect(
      await within(panel).findByRole('heading', { name: 'Wie melde ich mich im Kundenportal an?' }),
    ).toBeVisible();
    expect(
      within(panel).getByRole('heading', { name: 'Ich habe mein Passwort vergessen. Was nun?' }),
    ).toBeVisible();
    expect(within(panel).getByText('Geben Sie den 6-stelligen Code aus der SMS ein.')).toBeVisible();
    expect(
      within(panel).queryByRole('heading', { name: 'Kann ich einen neuen Vertrag widerrufen?' }),
    ).toBeNull();

    await userEvent.click(within(panel).getByRole('link', { name: 'Alle häufigen Fragen ansehen' }));
    expect(router.state.location.pathname).toBe('/haeufige-fragen/');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes when a link in an answer leads to the page it is open on', async () => {
    await setHelpButtonFlag(true);
    const { router } = renderHelp('anmeldung');
    await userEvent.click(await screen.findByRole('button', { name: 'Hilfe' }));
    const panel = await screen.findByRole('dialog', { name: 'Hilfe zu dieser Seite' });
    await userEvent.click(await within(panel).findByRole('link', { name: 'Anmeldeseite' }));
    expect(router.state.location.pathname).toBe('/kunden/login/');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes with Schließen and gives focus back to the button', async () => {
    await setHelpButtonFlag(true);
    renderHelp('vertragsdetails');
    const button = await screen.findByRole('button', { name: 'Hilfe' });
    await userEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Hilfe zu dieser Seite' });
    expect(
      await within(panel).findByRole('heading', { name: 'Wie kündige ich einen Vertrag?' }),
    ).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Schließen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(button).toHaveFocus();
  });

  it('shows no help button while the help-button flag is off', async () => {
    await setHelpButtonFlag(false);
    const { fetchMock } = renderHelp('anmeldung');
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hilfe' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
