/** The 6-digit code of a message (TAN, reset code), as the E2E tests read it too. */
export function codeOf(body: string): string | undefined {
  return /\b(\d{6})\b/.exec(body)?.[1];
}

export type BodyPart = { kind: 'text'; text: string } | { kind: 'link'; href: string };

const URL_PATTERN = /https?:\/\/[^\s<>"]+/g;

/** Splits a message body into text and web addresses, so links from e-mails can be followed. */
export function splitLinks(body: string): BodyPart[] {
  const parts: BodyPart[] = [];
  let last = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) });
    // A sentence's full stop right after a link is not part of it.
    const href = match[0].replace(/[.,;:!?)]+$/, '');
    parts.push({ kind: 'link', href });
    last = start + href.length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}
