import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Modal } from './modal';

function ModalWithTrigger({ onConfirm, onCancel }: { onConfirm?: () => void; onCancel?: () => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button onPress={() => setOpen(true)}>Vertrag kündigen</Button>
      <Button variant="secondary">Anderer Knopf</Button>
      <Modal
        isOpen={isOpen}
        onOpenChange={setOpen}
        title="Möchten Sie den Vertrag kündigen?"
        onConfirm={
          onConfirm
            ? () => {
                onConfirm();
                setOpen(false);
              }
            : undefined
        }
        onCancel={onCancel}
      >
        <p>Die Kündigung wird zum Ende der Vertragslaufzeit wirksam.</p>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is closed until opened, then shows title, content and the default German buttons', async () => {
    const user = userEvent.setup();
    render(<ModalWithTrigger />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Vertrag kündigen' }));

    const dialog = screen.getByRole('dialog', { name: 'Möchten Sie den Vertrag kündigen?' });
    expect(dialog).toHaveTextContent('Die Kündigung wird zum Ende der Vertragslaufzeit wirksam.');
    expect(screen.getByRole('button', { name: 'abbrechen' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'bestätigen' })).toBeVisible();
  });

  it('moves focus inside, traps Tab, closes on Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<ModalWithTrigger onCancel={onCancel} />);
    const trigger = screen.getByRole('button', { name: 'Vertrag kündigen' });
    trigger.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('cancels with "abbrechen" and confirms with "bestätigen"', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ModalWithTrigger onConfirm={onConfirm} onCancel={onCancel} />);

    await user.click(screen.getByRole('button', { name: 'Vertrag kündigen' }));
    await user.click(screen.getByRole('button', { name: 'abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Vertrag kündigen' }));
    await user.click(screen.getByRole('button', { name: 'bestätigen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('stays open and cannot be dismissed while the confirmed action runs', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    render(
      <Modal
        isOpen
        onOpenChange={onOpenChange}
        title="Wird gespeichert"
        isConfirmPending
        confirmLabel="Speichern"
      >
        Bitte warten Sie.
      </Modal>,
    );
    await user.keyboard('{Escape}');
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'abbrechen' })).toBeDisabled();
    expect(screen.getByRole('dialog', { name: 'Wird gespeichert' })).toBeVisible();
  });

  it("speaks German also in react-aria's hidden dismiss button, whatever the browser language", () => {
    render(<Modal isOpen title="Hinweis zur Kündigung" />);
    expect(screen.queryByRole('button', { name: 'Dismiss' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Schließen' }).length).toBeGreaterThan(0);
  });

  it('uses own labels and custom actions', () => {
    render(
      <Modal isOpen title="Hinweis zur Kündigung" actions={<Button>Verstanden</Button>} role="alertdialog">
        Text
      </Modal>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Hinweis zur Kündigung' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Verstanden' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'bestätigen' })).not.toBeInTheDocument();
  });
});
