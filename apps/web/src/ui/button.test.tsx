import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, ButtonLink } from './button';

describe('Button', () => {
  it('is a named button that reacts to click, Enter and Space', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(<Button onPress={onPress}>Weiter</Button>);

    const button = screen.getByRole('button', { name: 'Weiter' });
    expect(button).toHaveAttribute('type', 'button');
    await user.click(button);
    button.focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(onPress).toHaveBeenCalledTimes(3);
  });

  it('does nothing while disabled', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isDisabled variant="secondary">
        Speichern
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Speichern' });
    expect(button).toBeDisabled();
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('keeps its name and ignores presses while pending', async () => {
    const user = userEvent.setup();
    const onPress = vi.fn();
    render(
      <Button onPress={onPress} isPending>
        Senden
      </Button>,
    );
    const button = screen.getByRole('button', { name: /Senden/ });
    await user.click(button);
    expect(onPress).not.toHaveBeenCalled();
  });

  it('leaves no unnamed busy announcement behind when a pending button disappears', async () => {
    const user = userEvent.setup();
    function Form({ isPending, isSent }: { isPending: boolean; isSent: boolean }) {
      return isSent ? <p>Gesendet</p> : <Button isPending={isPending}>Senden</Button>;
    }
    const { rerender } = render(<Form isPending={false} isSent={false} />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Senden' })).toHaveFocus();

    rerender(<Form isPending isSent={false} />);
    // react-aria announces the busy button to screen readers, named after the button.
    expect(screen.getByRole('img', { name: 'Senden' })).toBeInTheDocument();

    rerender(<Form isPending isSent />);
    expect(screen.getByText('Gesendet')).toBeVisible();
    expect(screen.queryAllByRole('img', { name: (name) => name.trim() === '' })).toEqual([]);
  });

  it('also removes the announcement react-aria adds late, after the button has already gone', async () => {
    // A page whose announcer is not there yet: an earlier test's is set aside and put back after.
    const previous = document.querySelector('[data-live-announcer]');
    previous?.remove();
    function Form({ isPending, isSent }: { isPending: boolean; isSent: boolean }) {
      return isSent ? (
        <p>Gesendet</p>
      ) : (
        <Button id="senden" isPending={isPending}>
          Senden
        </Button>
      );
    }
    const { rerender } = render(<Form isPending={false} isSent={false} />);
    rerender(<Form isPending isSent={false} />);
    const created = document.querySelector('[data-live-announcer]');
    created?.remove();
    rerender(<Form isPending isSent />);
    // The page's first announcement (and the announcer) arrive 100 ms late: after the button left.
    const announcer = document.createElement('div');
    announcer.setAttribute('data-live-announcer', 'true');
    const late = document.createElement('div');
    late.setAttribute('role', 'img');
    late.setAttribute('aria-labelledby', 'senden');
    announcer.append(late);
    document.body.append(announcer);
    await waitFor(() => expect(late).not.toBeInTheDocument());
    announcer.remove();
    const kept = previous ?? created;
    kept?.querySelectorAll('[aria-labelledby="senden"]').forEach((node) => node.remove());
    if (kept) document.body.append(kept);
  });

  it('keeps the busy announcement of a button that stays on the page', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Button aria-label="Nachricht senden">➤</Button>);
    await user.tab();
    rerender(
      <Button aria-label="Nachricht senden" isPending>
        ➤
      </Button>,
    );
    expect(screen.getByRole('img', { name: 'Nachricht senden' })).toBeInTheDocument();
  });

  it('submits its form when typed as submit', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    render(
      <form onSubmit={(event) => onSubmit(event.nativeEvent as SubmitEvent)}>
        <Button type="submit">Absenden</Button>
      </form>,
    );
    await user.click(screen.getByRole('button', { name: 'Absenden' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('ButtonLink', () => {
  it('is a link with its target, not a button', () => {
    render(<ButtonLink href="/kunden/login/">Zum Kundenportal</ButtonLink>);
    expect(screen.getByRole('link', { name: 'Zum Kundenportal' })).toHaveAttribute('href', '/kunden/login/');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('Button title', () => {
  it('carries a native tooltip when given a title', () => {
    render(
      <Button title="Senden" aria-label="Senden" isIconOnly>
        ➤
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'Senden' })).toHaveAttribute('title', 'Senden');
  });
});
