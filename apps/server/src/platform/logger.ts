import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { pino, type DestinationStream, type Logger, type LoggerOptions } from 'pino';
import type { LogLevel } from './config';

export const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

export const REDACTED = '[REDACTED]';
export const REDACTED_IBAN = '[REDACTED-IBAN]';

/** Paths pino redacts in serialized log lines (headers the request/response serializers could expose). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  '*.password',
  '*.passwort',
  '*.tan',
  '*.iban',
  '*.token',
  '*.accessToken',
  '*.refreshToken',
];

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

function isSensitiveKey(key: string): boolean {
  const normalized = key.toLowerCase().replace(/[-_]/g, '');
  return SENSITIVE_KEYS.has(normalized) || SENSITIVE_KEY_PARTS.some((part) => normalized.includes(part));
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
 * Class instances (errors, dates, buffers) are left to their serializers.
 */
export function redactSensitive(value: unknown, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return maskIbans(value);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value)) return '[Circular]';
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((item) => redactSensitive(item, seen));
  }
  if (!isPlainObject(value)) return value;
  seen.add(value);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSensitiveKey(key) ? REDACTED : redactSensitive(item, seen),
    ]),
  );
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
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    formatters: { log: (object) => redactSensitive(object) as Record<string, unknown> },
    serializers: {
      // Query strings and paths can carry tokens or IBANs (e.g. /api/openiban-validator/validate/{iban}).
      req: (request: SerializableRequest | Record<string, unknown>) =>
        isRequest(request)
          ? {
              method: request.method,
              url: maskIbans(maskQuery(request.url)),
              host: request.host,
              remoteAddress: request.ip,
            }
          : request,
    },
  };
}

function maskQuery(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const key of [...params.keys()]) if (isSensitiveKey(key)) params.set(key, REDACTED);
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** The server's pino logger: JSON lines on stdout (or the given stream) with secrets redacted. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = createLoggerOptions(level);
  return destination ? pino(options, destination) : pino(options);
}
