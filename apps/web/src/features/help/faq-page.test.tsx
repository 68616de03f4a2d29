import { OpenFeatureProvider } from '@openfeature/react-sdk';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../lib/testing/render-with-router';
import { faqFixture } from '../../lib/testing/faq-fixture';
import { FaqPage } from './faq-page';

function stubFaq(answer: () => Response = () => Response.json(faqFixture)) {
  const fetchMock = vi.fn(async (url: RequestInfo | URL) => {
    if (String(url) !== '/api/content/faq') return Response.json({}, { status: 404 });
    return answer();
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderFaq(path = '/haeufige-fragen/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoutes(
    [
      {
        path: '/haeufige-fragen',
        element: (
          <OpenFeatureProvider>
            <QueryClientProvider client={client}>
              <FaqPage />
            </QueryClientProvider>
          </OpenFeatureProvider>
        ),
      },
    ],
    { path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('FAQ page /haeufige-fragen/', () => {
  it('shows every question by category, answers closed until opened, and the address links the question', async () => {
    stubFaq();
    const { router } = renderFaq();
    expect(await screen.findByRole('heading', { level: 1, name: 'Häufige Fragen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Kündigung und Widerruf' })).toBeInTheDocument();
    const question = screen.getByRole('button', { name: 'Kann ich einen neuen Vertrag widerrufen?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('14 Tagen')).not.toBeVisible();

    await userEvent.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('14 Tagen')).toBeVisible();
    expect(router.state.location.hash).toBe('#widerruf');
  });

  it('opens the question of a deep link', async () => {
    stubFaq();
    renderFaq('/haeufige-fragen/#kuendigen');
    const question = await screen.findByRole('button', { name: 'Wie kündige ich einen Vertrag?' });
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('Wählen Sie „Verträge hier kündigen“.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Kann ich einen neuen Vertrag widerrufen?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('shows the question of a deep link followed while a search hides it', async () => {
    stubFaq();
    const { router } = renderFaq();
    const search = await screen.findByRole('searchbox', { name: 'Fragen durchsuchen' });
    await userEvent.type(search, 'Hubschrauber');
    expect(screen.queryByRole('button', { name: 'Wie kündige ich einen Vertrag?' })).toBeNull();

    await act(() => router.navigate('/haeufige-fragen/#kuendigen'));
    expect(screen.getByRole('button', { name: 'Wie kündige ich einen Vertrag?' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(search).toHaveValue('');
  });

  it('filters as you type, umlauts typed as ue, and says how many questions it found', async () => {
    stubFaq();
    renderFaq();
    const search = await screen.findByRole('searchbox', { name: 'Fragen durchsuchen' });

    await userEvent.type(search, 'kuendigen');
    expect(screen.getByRole('status')).toHaveTextContent('1 Frage gefunden');
    expect(screen.getByRole('button', { name: 'Wie kündige ich einen Vertrag?' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Kann ich einen neuen Vertrag widerrufen?' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Anmeldung und Zugang' })).toBeNull();

    await userEvent.clear(search);
    await userEvent.type(search, 'Passwort');
    expect(screen.getByRole('status')).toHaveTextContent('2 Fragen gefunden');
  });

  it('explains an empty result, points to the contact person and resets the search', async () => {
    stubFaq();
    renderFaq();
    const search = await screen.findByRole('searchbox', { name: 'Fragen durchsuchen' });
    await userEvent.type(search, 'Hubschrauber');

    expect(screen.getByRole('status')).toHaveTextContent('0 Fragen gefunden');
    const empty = screen.getByRole('heading', { level: 2, name: 'Keine Fragen zu „Hubschrauber“ gefunden' });
    expect(empty.parentElement).toHaveTextContent('Prüfen Sie die Schreibweise');
    expect(empty.parentElement).toHaveTextContent('wenden Sie sich bitte an Ihre Ansprechperson');

    await userEvent.click(screen.getByRole('button', { name: 'Suche zurücksetzen' }));
    expect(search).toHaveValue('');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(5);
  });

  it('says so when the questions cannot be loaded and offers to try again', async () => {
    let fails = true;
    const fetchMock = stubFaq(() =>
      fails ? Response.json({ error: { code: 'X' } }, { status: 503 }) : Response.json(faqFixture),
    );
    renderFaq();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Die häufigen Fragen konnten nicht geladen werden');
    fails = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Anmeldung und Zugang' }),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
