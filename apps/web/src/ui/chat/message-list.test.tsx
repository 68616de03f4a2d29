import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './chat-message';
import { CHAT_TRUNCATE_CHARS, MessageList, isNearBottom } from './message-list';

function message(id: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id,
    author: 'Anna Schmidt',
    direction: 'incoming',
    time: '2026-11-22T13:05:00Z',
    source: 'CHAT',
    html: false,
    content: `Nachricht ${id}`,
    ...overrides,
  };
}

// happy-dom does no layout; give the log the scroll geometry a browser would compute.
function fakeScrollGeometry(
  log: HTMLElement,
  { scrollHeight, clientHeight }: { scrollHeight: number; clientHeight: number },
) {
  Object.defineProperty(log, 'scrollHeight', { configurable: true, get: () => scrollHeight });
  Object.defineProperty(log, 'clientHeight', { configurable: true, get: () => clientHeight });
}

function userScrollsTo(log: HTMLElement, scrollTop: number) {
  log.scrollTop = scrollTop;
  fireEvent.scroll(log);
}

describe('isNearBottom', () => {
  it.each([
    [1000, 800, 200, true],
    [1000, 780, 200, true],
    [1000, 779, 200, false],
    [1000, 0, 200, false],
  ])(
    'scrollHeight %d, scrollTop %d, clientHeight %d → %s',
    (scrollHeight, scrollTop, clientHeight, expected) => {
      expect(isNearBottom({ scrollHeight, scrollTop, clientHeight })).toBe(expected);
    },
  );
});

describe('MessageList', () => {
  it('shows author, German source label, time, subject, recipients and cc', () => {
    render(
      <MessageList
        messages={[
          message('1', {
            source: 'EMAIL',
            subject: 'Ihr Schaden vom 12.11.2026',
            recipients: ['kunde@example.org', 'team@example.org'],
            cc: ['vermittler@example.org'],
          }),
          message('2', { source: 'SYSTEM', author: 'Schirm' }),
          message('3', { source: 'ATTACHMENT', content: 'Rechnung.pdf' }),
        ]}
      />,
    );
    const log = screen.getByRole('log', { name: 'Nachrichtenverlauf' });
    const [email, system, attachment] = within(log).getAllByRole('article');
    expect(email).toHaveAccessibleName(
      /^Eingegangene Nachricht von Anna Schmidt E-Mail 22\.11\.2026 um 14:05 Uhr$/,
    );
    expect(email).toHaveTextContent('Ihr Schaden vom 12.11.2026');
    expect(email).toHaveTextContent('An: kunde@example.org, team@example.org');
    expect(email).toHaveTextContent('Cc: vermittler@example.org');
    expect(within(email as HTMLElement).getByText('22.11.2026 um 14:05 Uhr')).toHaveAttribute(
      'datetime',
      '2026-11-22T13:05:00Z',
    );
    expect(system).toHaveTextContent('Systemnachricht');
    expect(attachment).toHaveTextContent('Anhang');
  });

  it('tells incoming from outgoing messages in words and by side', () => {
    render(<MessageList messages={[message('1'), message('2', { direction: 'outgoing', author: 'Sie' })]} />);
    const [incoming, outgoing] = screen.getAllByRole('listitem');
    expect(within(incoming as HTMLElement).getByRole('article')).toHaveAccessibleName(
      /^Eingegangene Nachricht von/,
    );
    expect(within(outgoing as HTMLElement).getByRole('article')).toHaveAccessibleName(
      /^Gesendete Nachricht von Sie/,
    );
    expect(incoming?.className).toMatch(/incoming/);
    expect(outgoing?.className).toMatch(/outgoing/);
  });

  it('renders HTML messages sanitised: formatting kept, scripts and handlers gone', () => {
    render(
      <MessageList
        messages={[
          message('1', {
            html: true,
            content:
              '<p>Sehr geehrte <b>Frau Muster</b>,</p><script>window.hacked = true</script><img onerror="x()">',
          }),
        ]}
      />,
    );
    const article = screen.getByRole('article');
    expect(within(article).getByText('Frau Muster').tagName).toBe('B');
    expect(article.querySelector('script, img')).toBeNull();
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('shows plain text with markup characters as text', () => {
    render(<MessageList messages={[message('1', { content: '<b>kein Fettdruck</b>' })]} />);
    expect(screen.getByText('<b>kein Fettdruck</b>')).toBeVisible();
  });

  it('truncates long messages and toggles "Mehr anzeigen" / "Weniger anzeigen"', async () => {
    const user = userEvent.setup();
    const long = `${'Wort '.repeat(CHAT_TRUNCATE_CHARS / 5 + 20)}ENDE`;
    render(<MessageList messages={[message('1', { content: long })]} />);
    const article = screen.getByRole('article');
    expect(article).not.toHaveTextContent('ENDE');
    expect(article).toHaveTextContent('…');

    await user.click(within(article).getByRole('button', { name: 'Mehr anzeigen' }));
    expect(article).toHaveTextContent('ENDE');
    await user.click(within(article).getByRole('button', { name: 'Weniger anzeigen' }));
    expect(article).not.toHaveTextContent('ENDE');
  });

  it('truncates long HTML messages as well', async () => {
    const user = userEvent.setup();
    const html = `<p>${'Satz mit Inhalt. '.repeat(40)}</p><p><em>Schluss</em></p>`;
    render(<MessageList messages={[message('1', { html: true, content: html })]} />);
    expect(screen.queryByText('Schluss')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mehr anzeigen' }));
    expect(screen.getByText('Schluss').tagName).toBe('EM');
  });

  it('has no toggle for short messages', () => {
    render(<MessageList messages={[message('1')]} />);
    expect(screen.queryByRole('button', { name: 'Mehr anzeigen' })).not.toBeInTheDocument();
  });

  it('follows new messages, stops when the person scrolls up, resumes within 20 px of the bottom', () => {
    const first = [message('1'), message('2')];
    const { rerender } = render(<MessageList messages={first} />);
    const log = screen.getByRole('log');
    fakeScrollGeometry(log, { scrollHeight: 1000, clientHeight: 200 });

    rerender(<MessageList messages={[...first, message('3')]} />);
    expect(log.scrollTop).toBe(1000);

    userScrollsTo(log, 300);
    fakeScrollGeometry(log, { scrollHeight: 1200, clientHeight: 200 });
    rerender(<MessageList messages={[...first, message('3'), message('4')]} />);
    expect(log.scrollTop).toBe(300);
    expect(screen.getByRole('button', { name: 'Zu den neuesten Nachrichten' })).toBeVisible();

    userScrollsTo(log, 1200 - 200 - 20);
    expect(screen.queryByRole('button', { name: 'Zu den neuesten Nachrichten' })).not.toBeInTheDocument();
    fakeScrollGeometry(log, { scrollHeight: 1400, clientHeight: 200 });
    rerender(<MessageList messages={[...first, message('3'), message('4'), message('5')]} />);
    expect(log.scrollTop).toBe(1400);
  });

  it('jumps to the newest message on request', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<MessageList messages={[message('1')]} />);
    const log = screen.getByRole('log');
    fakeScrollGeometry(log, { scrollHeight: 1000, clientHeight: 200 });
    act(() => userScrollsTo(log, 0));
    rerender(<MessageList messages={[message('1'), message('2')]} />);

    await user.click(screen.getByRole('button', { name: 'Zu den neuesten Nachrichten' }));
    expect(log.scrollTop).toBe(1000);
  });
});
