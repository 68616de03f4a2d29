/** The German message of our API's error envelope, or a general one. */
export function envelopeMessage(body: unknown): string {
  const message = (body as { error?: { message?: unknown } } | null | undefined)?.error?.message;
  return typeof message === 'string' && message !== ''
    ? message
    : 'Die Verbindung zu unserem Server ist gestört. Bitte versuchen Sie es in einigen Minuten noch einmal.';
}
