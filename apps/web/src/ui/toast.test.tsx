import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { TOAST_STATES, ToastProvider, useToast, type ShowToastOptions } from './toast';

function ShowButton(options: ShowToastOptions & { label?: string }) {
  const toast = useToast();
  return <Button onPress={() => toast.show(options)}>{options.label ?? 'Anzeigen'}</Button>;
}

// With fake timers the click is a plain event: user-event awaits real timers between its steps.
function showWithFakeTimers(options: ShowToastOptions) {
  vi.useFakeTimers();
  render(
    <ToastProvider>
      <ShowButton {...options} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Anzeigen' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('toasts', () => {
  it('shows the title as an alert in a named region and closes after the default 3000 ms', () => {
    showWithFakeTimers({ title: 'Ihre Änderung wurde gespeichert.', state: 'positive' });

    expect(screen.getByRole('region', { name: 'Benachrichtigungen' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Erfolg: Ihre Änderung wurde gespeichert.');

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Ihre Änderung wurde gespeichert.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Ihre Änderung wurde gespeichert.')).not.toBeInTheDocument();
  });

  it('honours its own duration', () => {
    showWithFakeTimers({ title: 'Bitte prüfen Sie Ihre Angaben.', state: 'warning', duration: 8000 });

    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByText('Bitte prüfen Sie Ihre Angaben.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5000));
    expect(screen.queryByText('Bitte prüfen Sie Ihre Angaben.')).not.toBeInTheDocument();
  });

  it.each(TOAST_STATES)('renders the %s state with a spoken prefix', async (state) => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <ShowButton title="Text" state={state} />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
    const toast = screen.getByRole('alertdialog');
    expect(toast).toHaveAttribute('data-state', state);
    expect(screen.getByRole('alert').textContent).toMatch(
      /^(Erfolg|Warnung|Hinweis|Fehler|Neuigkeit): Text$/,
    );
  });

  it('closes with its close button', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <ShowButton title="Nachricht gesendet" state="neutral" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
    await user.click(screen.getByRole('button', { name: 'Benachrichtigung schließen' }));
    expect(screen.queryByText('Nachricht gesendet')).not.toBeInTheDocument();
  });

  it('is dismissed by swiping right beyond the threshold, not by a short or leftward drag', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <ShowButton title="Zum Wegwischen" state="highlight" />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Anzeigen' }));
    const toast = screen.getByRole('alertdialog');

    fireEvent.pointerDown(toast, { clientX: 100, pointerId: 1, button: 0 });
    fireEvent.pointerMove(toast, { clientX: 140, pointerId: 1 });
    fireEvent.pointerUp(toast, { clientX: 140, pointerId: 1 });
    expect(screen.getByText('Zum Wegwischen')).toBeInTheDocument();

    fireEvent.pointerDown(toast, { clientX: 100, pointerId: 2, button: 0 });
    fireEvent.pointerUp(toast, { clientX: 0, pointerId: 2 });
    expect(screen.getByText('Zum Wegwischen')).toBeInTheDocument();

    fireEvent.pointerDown(toast, { clientX: 100, pointerId: 3, button: 0 });
    fireEvent.pointerMove(toast, { clientX: 160, pointerId: 3 });
    expect(toast.style.transform).toBe('translateX(60px)');
    fireEvent.pointerMove(toast, { clientX: 220, pointerId: 3 });
    fireEvent.pointerUp(toast, { clientX: 220, pointerId: 3 });
    expect(screen.queryByText('Zum Wegwischen')).not.toBeInTheDocument();
  });

  it('throws a clear error when useToast is used outside the provider', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ShowButton title="x" state="neutral" />)).toThrow(/outside <ToastProvider>/);
    consoleError.mockRestore();
  });
});
