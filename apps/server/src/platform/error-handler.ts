import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AppError,
  notFound,
  STATUS_CODES,
  toErrorEnvelope,
  validationFailed,
  type FieldError,
} from './errors';
import { maskUrl } from './logger';

// Fastify's own 4xx errors (body parsing, content type) become our codes; anything else a
// client caused keeps its status with the generic BAD_REQUEST text.
const FASTIFY_CLIENT_ERRORS: Readonly<Record<string, { status: number; code: string }>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'MALFORMED_JSON' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST' },
};

function toFieldPath(segments: readonly PropertyKey[], fallback: string): string {
  return segments.length === 0 ? fallback : segments.map(String).join('.');
}

function fromFastifyValidation(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
) {
  const context = error.validationContext ?? 'body';
  const fieldErrors: FieldError[] = error.validation.map((issue) => ({
    path: toFieldPath(issue.instancePath.split('/').filter(Boolean), context),
    message: issue.message ?? '',
  }));
  return validationFailed(fieldErrors, `Invalid ${context}: ${error.message}`);
}

function fromZodError(error: z.core.$ZodError): AppError {
  return validationFailed(
    error.issues.map((issue) => ({ path: toFieldPath(issue.path, 'body'), message: issue.message })),
    `Validation failed: ${error.message}`,
  );
}

/** Turns anything thrown into an AppError; unknown errors become 500 INTERNAL_ERROR. */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) return fromFastifyValidation(error);
  if (error instanceof z.core.$ZodError) return fromZodError(error);
  const fastifyError = error as Partial<FastifyError> | null;
  const message = error instanceof Error ? error.message : String(error);
  const known = fastifyError?.code ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known) return new AppError({ ...known, message, cause: error });
  const status = fastifyError?.statusCode;
  if (status && status >= 400 && status < 500 && !isResponseSerializationError(error as Error)) {
    return new AppError({ status, code: STATUS_CODES[status] ?? 'BAD_REQUEST', message, cause: error });
  }
  return new AppError({ status: 500, code: 'INTERNAL_ERROR', message, cause: error });
}

/** Sends the error envelope; 5xx are logged with their details, which never reach the client. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    request.log.error({ err: error, code: appError.code }, 'request failed');
  } else {
    request.log.info(
      { code: appError.code, status: appError.status, reason: appError.message },
      'request rejected',
    );
  }
  // Plain JSON, not the route's serializer: a route's own schema for this status (e.g. OFREP's
  // 400 body) must not turn the envelope into a serialization failure.
  return reply
    .status(appError.status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(toErrorEnvelope(appError, request.id));
}

const API_PATH = /^\/(?:api|ofrep)(?:[/?#]|$)/;

/** True for paths of the JSON APIs, which never fall back to the web app. */
export function isApiPath(url: string): boolean {
  return API_PATH.test(url);
}

export type HtmlFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => FastifyReply | Promise<FastifyReply>;

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

/** Unknown API paths answer a JSON 404; page requests go to the web app (its router shows the 404 page). */
export function createNotFoundHandler(htmlFallback: HtmlFallback) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const isPageRequest = (request.method === 'GET' || request.method === 'HEAD') && acceptsHtml(request);
    if (isPageRequest && !isApiPath(request.url)) return htmlFallback(request, reply);
    // The message is logged: the URL may carry a token or an IBAN.
    return sendError(notFound(`No route for ${request.method} ${maskUrl(request.url)}`), request, reply);
  };
}
