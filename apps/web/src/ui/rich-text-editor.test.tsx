import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import RichTextEditor from './rich-text-editor';

const TOOLS = ['Fett', 'Kursiv', 'Unterstrichen', 'Hervorheben', 'Nummerierte Liste', 'Aufzählung'];

describe('RichTextEditor', () => {
  it('is a named multi-line textbox with a named toolbar of German toggle buttons', () => {
    render(<RichTextEditor label="Ihre Nachricht" />);
    const textbox = screen.getByRole('textbox', { name: 'Ihre Nachricht' });
    expect(textbox).toHaveAttribute('aria-multiline', 'true');
    expect(textbox).toHaveAttribute('contenteditable', 'true');
    const toolbar = screen.getByRole('toolbar', { name: 'Textformatierung für Ihre Nachricht' });
    for (const name of TOOLS) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'false');
    }
    expect(toolbar).toContainElement(screen.getByRole('button', { name: 'Rückgängig' }));
    expect(screen.getByRole('button', { name: 'Wiederholen' })).toBeDisabled();
  });

  it('is one tab stop whose buttons are reached with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<RichTextEditor label="Ihre Nachricht" />);
    await user.tab();
    expect(screen.getByRole('button', { name: 'Fett' })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Kursiv' })).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('button', { name: 'Hervorheben' })).toHaveFocus();
    // Tab leaves the toolbar as a whole (one tab stop) and lands in the editing area.
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Ihre Nachricht' })).toHaveFocus();
  });

  it('formats the selection and reports the HTML', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RichTextEditor label="Ihre Nachricht" defaultValue="<p>Guten Tag</p>" onChange={onChange} />);
    const textbox = screen.getByRole('textbox', { name: 'Ihre Nachricht' });
    expect(textbox).toHaveTextContent('Guten Tag');

    await user.click(textbox);
    await user.keyboard('{Control>}a{/Control}');
    const bold = screen.getByRole('button', { name: 'Fett' });
    await user.click(bold);

    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>Guten Tag</strong></p>'));
    expect(bold).toHaveAttribute('aria-pressed', 'true');
    expect(textbox.querySelector('strong')).toHaveTextContent('Guten Tag');

    await user.click(screen.getByRole('button', { name: 'Hervorheben' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith('<p><strong><mark>Guten Tag</mark></strong></p>'),
    );

    await user.click(screen.getByRole('button', { name: 'Aufzählung' }));
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toMatch(/^<ul><li><p>/));

    await user.click(screen.getByRole('button', { name: 'Rückgängig' }));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith('<p><strong><mark>Guten Tag</mark></strong></p>'),
    );
    await user.click(screen.getByRole('button', { name: 'Wiederholen' }));
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toMatch(/^<ul><li><p>/));
  });

  it('shows the format at the cursor as pressed', () => {
    render(
      <RichTextEditor label="Ihre Nachricht" defaultValue="<ol><li><p><em>Erstens</em></p></li></ol>" />,
    );
    expect(screen.getByRole('button', { name: 'Nummerierte Liste' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Aufzählung' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('can be read but not changed when disabled', () => {
    render(<RichTextEditor label="Ihre Nachricht" defaultValue="<p>Fest</p>" isDisabled />);
    expect(screen.getByRole('textbox', { name: 'Ihre Nachricht' })).toHaveAttribute(
      'contenteditable',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Fett' })).toBeDisabled();
  });
});
