import { z } from 'zod';
import { ERROR_TEXTS, errorText } from './error-texts';

export interface FieldError {
  /** Dotted path of the field inside the validated part of the request, e.g. `adresse.plz`. */
  path: string;
  /** German message for people. */
  message: string;
}

/** The generic code of each HTTP status the API uses. */
export const STATUS_CODES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'TOO_MANY_REQUESTS',
  500: 'INTERNAL_ERROR',
  503: 'SERVICE_UNAVAILABLE',
};

// A specific code without its own text (e.g. CONTRACT_CHANGED) borrows the text of its status.
function defaultUserMessage(code: string, status: number): string {
  const statusCode = STATUS_CODES[status] ?? (status < 500 ? 'BAD_REQUEST' : 'INTERNAL_ERROR');
  return errorText(code) ?? errorText(statusCode) ?? ERROR_TEXTS.codes.INTERNAL_ERROR;
}

export interface AppErrorInit {
  code: string;
  status: number;
  /** Internal message for logs; never sent to the client. */
  message: string;
  /** German message for people; defaults to the text of `code` (else of the status) in texts errors.json. */
  userMessage?: string;
  fieldErrors?: FieldError[];
  cause?: unknown;
}

/** An expected failure with an HTTP status, a stable code and a German message for people. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly userMessage: string;
  readonly fieldErrors: FieldError[] | undefined;

  constructor({ code, status, message, userMessage, fieldErrors, cause }: AppErrorInit) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.userMessage = userMessage ?? defaultUserMessage(code, status);
    this.fieldErrors = fieldErrors;
  }
}

export interface AppErrorOptions {
  /** A more specific code than the helper's default, e.g. `CONTRACT_NOT_FOUND`. */
  code?: string;
  userMessage?: string;
  fieldErrors?: FieldError[];
  cause?: unknown;
}

function errorFactory(status: number, defaultCode: string) {
  return (message: string, options: AppErrorOptions = {}): AppError =>
    new AppError({ ...options, status, code: options.code ?? defaultCode, message });
}

export const badRequest = errorFactory(400, 'BAD_REQUEST');
export const unauthorized = errorFactory(401, 'UNAUTHORIZED');
export const forbidden = errorFactory(403, 'FORBIDDEN');
export const notFound = errorFactory(404, 'NOT_FOUND');
export const conflict = errorFactory(409, 'CONFLICT');
export const unprocessable = errorFactory(422, 'UNPROCESSABLE');
export const tooManyRequests = errorFactory(429, 'TOO_MANY_REQUESTS');
export const serviceUnavailable = errorFactory(503, 'SERVICE_UNAVAILABLE');

/** 400 VALIDATION_FAILED carrying one German message per field. */
export function validationFailed(fieldErrors: FieldError[], message = 'Request validation failed'): AppError {
  return new AppError({ status: 400, code: 'VALIDATION_FAILED', message, fieldErrors });
}

export const fieldErrorSchema = z.object({
  path: z.string().describe('Dotted field path inside body, query or path parameters'),
  message: z.string().describe('German message for people'),
});

/** The one JSON error body of the API. Registered as the OpenAPI component `ErrorEnvelope`. */
export const errorEnvelopeSchema = z
  .object({
    error: z.object({
      code: z.string().describe('Stable machine-readable code, e.g. NOT_FOUND'),
      status: z.number().int().describe('HTTP status'),
      message: z.string().describe('German message for people'),
      requestId: z
        .string()
        .describe('Also sent as the x-request-id header; quote it when reporting a problem'),
      fieldErrors: z.array(fieldErrorSchema).optional(),
    }),
  })
  .meta({ id: 'ErrorEnvelope' });

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** Builds the envelope the client sees: only the German message, never the internal one. */
export function toErrorEnvelope(error: AppError, requestId: string): ErrorEnvelope {
  return {
    error: {
      code: error.code,
      status: error.status,
      message: error.userMessage,
      requestId,
      ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
    },
  };
}
