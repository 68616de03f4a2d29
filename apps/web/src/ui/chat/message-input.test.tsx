import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MessageInput } from './message-input';

describe('MessageInput', () => {
  it('has a named field with the placeholder "Nachricht schreiben" and a send button titled "Senden"', () => {
    render(<MessageInput onSend={vi.fn()} />);
    const field = screen.getByRole('textbox', { name: 'Nachricht' });
    expect(field).toHaveAttribute('placeholder', 'Nachricht schreiben');
    const send = screen.getByRole('button', { name: 'Senden' });
    expect(send).toHaveAttribute('title', 'Senden');
    expect(field).toHaveAccessibleDescription(
      'Mit Enter senden, mit Umschalt und Enter eine neue Zeile beginnen.',
    );
  });

  it('keeps sending disabled while the text is empty or only whitespace', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<MessageInput onSend={onSend} />);
    const send = screen.getByRole('button', { name: 'Senden' });
    expect(send).toBeDisabled();

    await user.type(screen.getByRole('textbox'), '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onSend).not.toHaveBeenCalled();
  });

  it('sends the trimmed text with the button and clears the field', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<MessageInput onSend={onSend} />);
    const field = screen.getByRole('textbox');
    await user.type(field, '  Guten Tag  ');
    await user.click(screen.getByRole('button', { name: 'Senden' }));
    expect(onSend).toHaveBeenCalledWith('Guten Tag');
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('sends with Enter and starts a new line with Shift+Enter', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn();
    render(<MessageInput onSend={onSend} />);
    const field = screen.getByRole('textbox');
    await user.type(field, 'Zeile eins{Shift>}{Enter}{/Shift}Zeile zwei');
    expect(field).toHaveValue('Zeile eins\nZeile zwei');
    expect(onSend).not.toHaveBeenCalled();

    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Zeile eins\nZeile zwei');
    await waitFor(() => expect(field).toHaveValue(''));
  });

  it('keeps the text when sending fails', async () => {
    const user = userEvent.setup();
    const onSend = vi.fn().mockRejectedValue(new Error('Network error'));
    render(<MessageInput onSend={onSend} />);
    const field = screen.getByRole('textbox');
    await user.type(field, 'Bitte rufen Sie mich an');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSend).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Senden' })).toBeEnabled());
    expect(field).toHaveValue('Bitte rufen Sie mich an');
  });
});
