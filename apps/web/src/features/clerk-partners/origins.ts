// The allowed origins of a partner as the clerk types them (one per line), checked the way the
// server stores them (apps/server/src/modules/embedding/origins.ts): exact origins only, https, or
// http on localhost / 127.0.0.1 with a port for tests. Each problem names its line and what to do.

const HTTPS_ORIGIN =
  /^https:\/\/[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*(?::\d{1,5})?$/;
const LOCAL_ORIGIN = /^http:\/\/(?:localhost|127\.0\.0\.1):\d{1,5}$/;

export type OriginProblemKind = 'wildcard' | 'path' | 'insecure' | 'localPort' | 'format' | 'duplicate';

export interface OriginProblem {
  line: number;
  value: string;
  kind: OriginProblemKind;
  /** For 'duplicate': the line that has it first. */
  firstLine?: number;
}

function problemOf(value: string): OriginProblemKind | undefined {
  if (value.includes('*')) return 'wildcard';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'format';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'format';
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '' || value.endsWith('/')) return 'path';
  if (url.username !== '' || url.password !== '') return 'format';
  if (url.protocol === 'http:') {
    if (url.hostname !== 'localhost' && url.hostname !== '127.0.0.1') return 'insecure';
    if (url.port === '') return 'localPort';
    return LOCAL_ORIGIN.test(value) ? undefined : 'format';
  }
  return HTTPS_ORIGIN.test(value) && url.origin === value ? undefined : 'format';
}

/** The origins of the text (trimmed, lower case, blank lines dropped) and the problems, by line. */
export function parseOrigins(text: string): { origins: string[]; problems: OriginProblem[] } {
  const origins: string[] = [];
  const problems: OriginProblem[] = [];
  const firstLines = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const value = raw.trim().toLowerCase();
    if (value === '') return;
    const line = index + 1;
    const kind = problemOf(value);
    if (kind) {
      problems.push({ line, value, kind });
      return;
    }
    const firstLine = firstLines.get(value);
    if (firstLine !== undefined) {
      problems.push({ line, value, kind: 'duplicate', firstLine });
      return;
    }
    firstLines.set(value, line);
    origins.push(value);
  });
  return { origins, problems };
}
