import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { SlideOut } from './slide-out';

function HelpWithTrigger({ title }: { title?: string }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Hilfe zur Selbstbeteiligung</Button>
      <SlideOut isOpen={isOpen} onOpenChange={setOpen} title={title}>
        <p>Die Selbstbeteiligung ist der Teil eines Schadens, den Sie selbst tragen.</p>
      </SlideOut>
    </>
  );
}

describe('SlideOut', () => {
  it('opens as a modal dialog with the default heading "Hinweis"', async () => {
    const user = userEvent.setup();
    render(<HelpWithTrigger />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hilfe zur Selbstbeteiligung' }));

    const dialog = screen.getByRole('dialog', { name: 'Hinweis' });
    expect(screen.getByRole('heading', { name: 'Hinweis' })).toBeVisible();
    expect(dialog).toHaveTextContent('Die Selbstbeteiligung ist der Teil eines Schadens');
  });

  it('closes with "Schließen" and gives focus back to the help button', async () => {
    const user = userEvent.setup();
    render(<HelpWithTrigger title="Selbstbeteiligung" />);
    const trigger = screen.getByRole('button', { name: 'Hilfe zur Selbstbeteiligung' });
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Selbstbeteiligung' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Schließen' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('has exactly one close button and closes on a click on the dimmed page, not in the panel', async () => {
    const user = userEvent.setup();
    render(<HelpWithTrigger />);
    await user.click(screen.getByRole('button', { name: 'Hilfe zur Selbstbeteiligung' }));
    const dialog = screen.getByRole('dialog', { name: 'Hinweis' });
    expect(screen.getAllByRole('button', { name: 'Schließen' })).toHaveLength(1);

    await user.click(screen.getByText(/Die Selbstbeteiligung ist der Teil/));
    expect(dialog).toBeInTheDocument();

    const overlay = dialog.parentElement?.parentElement as HTMLElement;
    await user.click(overlay);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is operable by keyboard alone: Enter opens, Escape closes', async () => {
    const user = userEvent.setup();
    render(<HelpWithTrigger />);
    const trigger = screen.getByRole('button', { name: 'Hilfe zur Selbstbeteiligung' });
    await user.tab();
    expect(trigger).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(trigger).toHaveFocus());
  });
});
