import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithRouter } from '../../lib/testing/render-with-router';
import { DevOutboxPage } from './dev-outbox-page';

const messages = [
  {
    id: '2',
    channel: 'sms',
    to: '+4915200000101',
    subject: null,
    body: 'Ihr Schirm-Code lautet 482913. Er ist 5 Minuten gültig.',
    createdAt: '2026-11-22T09:31:00.000Z',
  },
  {
    id: '1',
    channel: 'email',
    to: 'anna.schneider@example.com',
    subject: 'Ihr Zugang zum Kundenportal',
    body: 'Bitte richten Sie Ihren Zugang ein: http://localhost/kunden/login/registrieren/?token=t1',
    createdAt: '2026-11-22T09:30:00.000Z',
  },
];

function stubOutbox(status: number, body: unknown) {
  const fetchMock = vi.fn(
    async (_url: RequestInfo | URL) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderPage(path = '/entwicklung/postausgang') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithRouter(
    <QueryClientProvider client={client}>
      <DevOutboxPage />
    </QueryClientProvider>,
    { path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('development outbox page', () => {
  it('lists messages newest first with the code readable and e-mailed links to follow', async () => {
    stubOutbox(200, { messages });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Nachrichten, neueste zuerst' });
    const [sms, email] = within(list).getAllByRole('article');
    expect(sms).toHaveAccessibleName('SMS an +4915200000101');
    expect(within(sms!).getByText('482913')).toBeVisible();
    expect(within(sms!).getByText('22.11.2026 um 10:31 Uhr')).toBeVisible();
    expect(within(email!).getByRole('heading', { name: 'Ihr Zugang zum Kundenportal' })).toBeVisible();
    expect(
      within(email!).getByRole('link', { name: 'http://localhost/kunden/login/registrieren/?token=t1' }),
    ).toHaveAttribute('href', 'http://localhost/kunden/login/registrieren/?token=t1');
  });

  it('asks the server only for the messages to the recipient in the filter (also from ?an=)', async () => {
    const fetchMock = stubOutbox(200, { messages: [] });
    renderPage('/entwicklung/postausgang?an=%2B4915200000101');
    expect(await screen.findByText('Noch keine Nachrichten')).toBeVisible();
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
      '/api/entwicklung/postausgang?to=%2B4915200000101&limit=50',
    );

    const field = screen.getByRole('textbox', { name: 'Empfänger (optional)' });
    await userEvent.clear(field);
    await userEvent.type(field, 'anna.schneider@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Filtern' }));
    await vi.waitFor(() =>
      expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe(
        '/api/entwicklung/postausgang?to=anna.schneider%40example.com&limit=50',
      ),
    );
  });

  it('says that the outbox exists only on localhost when the server does not offer it', async () => {
    stubOutbox(404, { error: { code: 'NOT_FOUND', status: 404, message: 'Nicht gefunden.' } });
    renderPage();
    expect(
      await screen.findByText('Der Postausgang steht nur lokal (localhost) zur Verfügung.'),
    ).toBeVisible();
  });

  it('says why the text of a message sent through a real transport (SMS_URL, SMTP_URL) is not shown', async () => {
    stubOutbox(200, {
      messages: [{ ...messages[0], id: '4', body: '', createdAt: '2026-11-22T09:33:00.000Z' }],
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Nachrichten, neueste zuerst' });
    const [sms] = within(list).getAllByRole('article');
    expect(sms).toHaveAccessibleName('SMS an +4915200000101');
    expect(
      within(sms!).getByText(
        'Der Text wird hier nicht angezeigt: Diese Nachricht geht über den eingerichteten Versand (SMTP oder SMS-Anbieter) nur an den Empfänger.',
      ),
    ).toBeVisible();
    expect(within(sms!).queryByText('Code:')).toBeNull();
  });

  it('offers the attachment of an e-mail, e.g. the receipt PDF of a cancellation', async () => {
    stubOutbox(200, {
      messages: [
        {
          id: '3',
          channel: 'email',
          to: 'anna.schneider@example.com',
          subject: 'Eingangsbestätigung Ihrer Kündigung – Vertrag 9000000102',
          body: 'Die Eingangsbestätigung finden Sie im Anhang dieser E-Mail.',
          anhang: {
            name: 'Kündigungsbestätigung 9000000102.pdf',
            url: '/api/entwicklung/postausgang/3/anhang',
          },
          createdAt: '2026-11-22T09:32:00.000Z',
        },
      ],
    });
    renderPage();
    const link = await screen.findByRole('link', { name: 'Kündigungsbestätigung 9000000102.pdf' });
    expect(link).toHaveAttribute('href', '/api/entwicklung/postausgang/3/anhang');
    expect(link.closest('p')).toHaveTextContent('Anhang: Kündigungsbestätigung 9000000102.pdf');
  });
});
