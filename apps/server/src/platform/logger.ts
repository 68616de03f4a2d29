import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { LogLevel } from './config';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export const REDACTED = '[REDACTED]';
export const REDACTED_IBAN = '[REDACTED-IBAN]';

// Key names are compared lower-cased without '-' and '_', so refresh_token, refreshToken and
// Refresh-Token are the same key. Parts match anywhere in the key (newPassword, ibanAlt).
const SENSITIVE_KEY_PARTS = [
  'password',
  'passwort',
  'token',
  'secret',
  'authorization',
  'cookie',
  'iban',
  'verifier',
  'privatekey',
  'apikey',
];
const SENSITIVE_KEYS = new Set([
  'tan',
  'smstan',
  'tancode',
  'tannummer',
  'otp',
  'onetimecode',
  'verificationcode',
]);

// IBAN shape: country code, check digits, 11–30 alphanumerics, optionally grouped by spaces.
const IBAN_PATTERN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/gi;

// Log lines repeat the same few keys, so each key is judged once (bounded, in case keys are data).
const keyVerdicts = new Map<string, boolean>();
const MAX_REMEMBERED_KEYS = 10_000;

function isSensitiveKey(key: string): boolean {
  const known = keyVerdicts.get(key);
  if (known !== undefined) return known;
  const normalized = key.toLowerCase().replace(/[-_]/g, '');
  const verdict =
    SENSITIVE_KEYS.has(normalized) || SENSITIVE_KEY_PARTS.some((part) => normalized.includes(part));
  if (keyVerdicts.size < MAX_REMEMBERED_KEYS) keyVerdicts.set(key, verdict);
  return verdict;
}

/** Replaces IBAN-shaped parts of a text, e.g. in a logged URL. */
export function maskIbans(text: string): string {
  return text.replace(IBAN_PATTERN, REDACTED_IBAN);
}

function isPlainObject(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Copy of a value to be logged with secrets removed at any depth: values of sensitive keys
 * (passwords, tokens, TANs, IBANs, cookies, authorization) and IBAN-shaped text anywhere.
 * Values that write themselves (toJSON: dates, buffers) are left as they are; other class
 * instances (errors, Maps) become the plain object JSON would write for them (their own
 * enumerable properties), redacted the same way.
 */
export function redactSensitive(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return maskIbans(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[Circular]';
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((item) => redactSensitive(item, seen));
  }
  if (!isPlainObject(value) && typeof (value as { toJSON?: unknown }).toJSON === 'function') return value;
  seen.add(value);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    copy[key] = isSensitiveKey(key) ? REDACTED : redactSensitive(item, seen);
  }
  return copy;
}

// Keys whose values pino's serializers turn into a log shape (the request and reply serializers
// write a few safe fields; the error serializer's output is redacted by errorSerializer below).
const SERIALIZED_KEYS = new Set(['req', 'res', 'err']);

/**
 * formatters.log: the logged object with secrets removed. Every log line passes here, including
 * Fastify's two lines per request, so this replaces pino's path-based `redact` option (which
 * re-parsed its paths for every value of every line, ~10 µs of CPU per request): it covers
 * everything those paths did (the listed keys one level down, request/reply headers) and more
 * (any depth, any spelling of the key, IBAN-shaped text).
 */
export function redactLogObject(object: Record<string, unknown>): Record<string, unknown> {
  const seen = new WeakSet<object>();
  const result: Record<string, unknown> = {};
  for (const key of Object.keys(object)) {
    const value = object[key];
    if (isSensitiveKey(key)) result[key] = REDACTED;
    else if (SERIALIZED_KEYS.has(key) && typeof value === 'object' && value !== null && !isPlainObject(value))
      result[key] = value;
    else result[key] = redactSensitive(value, seen);
  }
  return result;
}

// Drizzle's DrizzleQueryError writes the query's parameter values into its message and stack
// ("Failed query: …\nparams: a,b,c") and keeps them in `params`; PostgreSQL's errors repeat the
// values of a violated key in `detail` ("Key (email)=(erika@example.com) already exists.").
const KEY_VALUES = /\(([^()]*)\)=\((?:[^()]|\([^()]*\))*\)/g;
export const REDACTED_SQL_VALUES = '[SQL-WERTE ENTFERNT]';

/**
 * Removes the values of SQL parameters and violated keys from an error and its causes, before it
 * is serialized (the message is rewritten where the stack repeats it, however many lines the
 * values spanned).
 */
export function removeSqlValues(error: unknown, depth = 0): void {
  if (!(error instanceof Error) || depth > 8) return;
  const fields = error as Error & { params?: unknown; query?: unknown; detail?: unknown };
  if (fields.params !== undefined) {
    fields.params = REDACTED_SQL_VALUES;
    if (typeof fields.query === 'string' && error.message.startsWith('Failed query: ')) {
      const original = error.message;
      const scrubbed = `Failed query: ${fields.query}\nparams: ${REDACTED_SQL_VALUES}`;
      error.message = scrubbed;
      if (error.stack) error.stack = error.stack.replace(original, scrubbed);
    }
  }
  if (typeof fields.detail === 'string')
    fields.detail = fields.detail.replace(KEY_VALUES, `($1)=(${REDACTED_SQL_VALUES})`);
  removeSqlValues(error.cause, depth + 1);
}

/**
 * pino's error serializer (type, message, stack, cause, own properties) with secrets and the
 * values of SQL parameters removed: a failed query's values can be personal data or credentials.
 */
function errorSerializer(error: unknown): unknown {
  removeSqlValues(error);
  return redactSensitive(pino.stdSerializers.err(error as Error));
}

/** The request id: a sane incoming x-request-id (from a proxy or the web app) or a new UUID. */
export function generateRequestId(request: IncomingMessage): string {
  const header = request.headers[REQUEST_ID_HEADER];
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}

interface SerializableRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
}

function isRequest(value: unknown): value is SerializableRequest {
  const candidate = value as Partial<SerializableRequest> | null;
  return typeof candidate?.method === 'string' && typeof candidate.url === 'string';
}

export function createLoggerOptions(level: LogLevel): LoggerOptions {
  return {
    level,
    formatters: {
      log: redactLogObject,
      // Child-logger bindings (e.g. the request id) are written into every line of the child.
      bindings: (bindings) => redactLogObject(bindings),
    },
    serializers: {
      err: errorSerializer,
      // Query strings and paths can carry tokens or IBANs (e.g. /api/openiban-validator/validate/{iban}).
      req: (request: SerializableRequest | Record<string, unknown>) =>
        isRequest(request)
          ? {
              method: request.method,
              url: maskUrl(request.url),
              host: request.host,
              remoteAddress: request.ip,
            }
          : redactSensitive(request),
    },
  };
}

/** A request URL fit for logs: IBANs in the path and sensitive query parameters masked. */
export function maskUrl(url: string): string {
  return maskIbans(maskQuery(url));
}

function maskQuery(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) if (isSensitiveKey(key)) params.set(key, REDACTED);
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/**
 * Child loggers (Fastify's per-request logger with the request id, and any child of a child)
 * write their bindings into every line without passing formatters.log: redact them on creation.
 * Set on the root logger, the wrapper is inherited by every child.
 */
function redactChildBindings(logger: Logger): Logger {
  const createChild = logger.child;
  logger.child = function child(this: Logger, bindings, options) {
    return createChild.call(this, redactLogObject(bindings), options);
  } as Logger['child'];
  return logger;
}

/** The server's pino logger: JSON lines on stdout (or the given stream) with secrets redacted. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = createLoggerOptions(level);
  return redactChildBindings(destination ? pino(options, destination) : pino(options));
}
