// The error screens inside a host's frame (issue 16): the host learns the error id.
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { setHostConnection } from '../lib/embedding-host';
import { connectRecordingHost, sentWith } from '../lib/testing/embedding-host';
import { RenderErrorScreen } from './render-error-screen';

afterEach(() => {
  setHostConnection(null);
  vi.restoreAllMocks();
});

it("hands an error screen's error id to the host", async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const sent = connectRecordingHost();
  render(<RenderErrorScreen error={new Error('kaputt')} />);
  const shown = await screen.findByText(/Fehler-ID: /);
  await waitFor(() => expect(sentWith(sent, 'handleGenericError')).toHaveLength(1));
  const [payload] = sentWith(sent, 'handleGenericError') as { errorId: string; message: string }[];
  expect(shown.textContent).toContain(payload!.errorId);
  expect(payload!.message).not.toBe('');
});
