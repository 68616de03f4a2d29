// Upload routes (issue 14, spec §7 '/api/upload/', ADR 0025):
// - POST /api/upload/ gives a signed-in customer, a signed-in agent (attachments of messages to the
//   agent service, ADR 0032) or an anonymous claimant a single-use upload URL (anonymous callers
//   also get the upload key they present when attaching); rate limited per address for anonymous
//   callers and per account for signed-in ones. Clerks get 403.
// - PUT /api/upload/:uploadId?signatur=… takes the raw bytes as a stream (any Content-Type; the
//   type is decided by the content), so this scope parses no body at all.
// - The job uploads-cleanup removes uploads never attached and failed ones with their files.
import { PassThrough } from 'node:stream';
import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../platform/errors';
import { errors } from '../identity/schemas';
import { cleanUpUploads, UPLOAD_CLEANUP_JOB } from './cleanup';
import { receiveUpload, requestUpload } from './service';
import { UPLOAD_TEXTS as T } from './texts';

const TAGS = ['Uploads'];

/** Requests for upload URLs: anonymous callers per address, customers and agents per account. */
export const UPLOAD_RATE_LIMITS = {
  anonymousPerHour: 60,
  customerPerHour: 600,
} as const;

const requestBody = z.object({
  dateiname: z
    .string({ error: T.errors.nameMissing })
    .min(1, { error: T.errors.nameMissing })
    .max(1000, { error: T.errors.nameMissing }),
  groesse: z
    .number({ error: T.errors.sizeInvalid })
    .int({ error: T.errors.sizeInvalid })
    .min(1, { error: T.errors.empty }),
  typ: z.string().max(200).optional().describe('MIME-Typ laut Browser (nur zur Information)'),
  uploadSchluessel: z
    .string()
    .max(100)
    .optional()
    .describe(
      'Ohne Anmeldung: der Schlüssel eines früheren Uploads, damit alle Dateien einer Meldung einen teilen',
    ),
});

const requestedSchema = z
  .object({
    uploadId: z.uuid(),
    uploadUrl: z.string().describe('Einmal verwendbare Adresse für den PUT der Datei (gleicher Ursprung)'),
    methode: z.literal('PUT'),
    gueltigBis: z.iso.datetime(),
    uploadSchluessel: z
      .string()
      .optional()
      .describe('Nur ohne Anmeldung: beim Anhängen der Uploads (Schadenmeldung) wieder mitsenden'),
  })
  .meta({ id: 'UploadAdresse' });

export const receivedSchema = z
  .object({
    uploadId: z.uuid(),
    dateiname: z.string().describe('Name wie angezeigt (ohne Pfad, gekürzt nach §5)'),
    groesse: z.number().int(),
    typ: z.string().describe('Aus dem Inhalt erkannter MIME-Typ'),
    hinweise: z
      .array(z.enum(['passwortgeschuetzt', 'standort-entfernt']))
      .describe(
        'passwortgeschuetzt: PDF mit Passwortschutz; standort-entfernt: GPS-Daten des Fotos oder Videos entfernt',
      ),
  })
  .meta({ id: 'Upload' });

const putParams = z.object({ uploadId: z.uuid({ error: T.errors.urlInvalid }) });
const putQuery = z.object({ signatur: z.string({ error: T.errors.urlInvalid }).min(1).max(100) });

/**
 * The request body as a stream the check may stop: a refused upload destroys this stream, not the
 * request, so the answer still reaches the client (with Connection: close for the unread rest). A
 * connection lost mid-way is an error of the stream, so nothing is kept.
 */
function bodyOf(request: FastifyRequest): PassThrough {
  const body = new PassThrough({ highWaterMark: 1 << 20 });
  const raw = request.raw;
  raw.on('error', (error) => body.destroy(error));
  raw.on('close', () => {
    if (!raw.readableEnded) body.destroy(new Error('Upload connection closed before the end'));
  });
  raw.pipe(body);
  return body;
}

function rateKey(request: FastifyRequest): string {
  return request.actor ? `konto:${request.actor.userId}` : `adresse:${normalizeIP(request.ip)}`;
}

export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // Hourly at minute 17 (ADR 0011): uploads never attached 24 h after they were requested, and
  // refused or broken ones after an hour, are removed with their files (cleanup.ts). Idempotent,
  // at most CLEANUP_BATCH_SIZE per run; a file that cannot be removed keeps its row for the next run.
  app.jobs.define({
    name: UPLOAD_CLEANUP_JOB,
    cron: '17 * * * *',
    expireInSeconds: 15 * 60,
    pollingIntervalSeconds: 30,
    run: async () =>
      cleanUpUploads({ db, files: app.files, logger: app.log.child({ job: UPLOAD_CLEANUP_JOB }) }),
  });

  app.post(
    '/upload/',
    {
      config: {
        rateLimit: {
          max: (request: FastifyRequest) =>
            request.actor ? UPLOAD_RATE_LIMITS.customerPerHour : UPLOAD_RATE_LIMITS.anonymousPerHour,
          timeWindow: '1 hour',
          keyGenerator: rateKey,
        },
      },
      schema: {
        tags: TAGS,
        summary:
          'Einmal verwendbare Upload-Adresse (15 Minuten) für eine Datei; ohne Anmeldung mit Upload-Schlüssel',
        body: requestBody,
        response: { 201: requestedSchema, ...errors(400, 401, 403, 413, 422, 429) },
      },
    },
    async (request, reply) => {
      // A token that is sent must be valid: an expired session is no anonymous caller.
      if (request.headers.authorization !== undefined && !request.actor) {
        throw unauthorized('Invalid bearer token on an upload request');
      }
      const requested = await requestUpload({ db, actor: request.actor, input: request.body });
      return reply.code(201).header('cache-control', 'no-store').send(requested);
    },
  );

  await app.register(async (scope) => {
    // The body is the file: no parser reads it, the handler streams request.raw to the storage.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const put = scope.withTypeProvider<ZodTypeProvider>();
    put.put(
      '/upload/:uploadId',
      {
        schema: {
          tags: TAGS,
          summary:
            'Die Datei als Rohdaten (gestreamt); der Typ wird am Inhalt erkannt, nicht am Namen. Höchstens 200.000.000 Byte',
          params: putParams,
          querystring: putQuery,
          response: { 200: receivedSchema, ...errors(400, 404, 413, 415, 422) },
        },
      },
      async (request, reply) => {
        const header = request.headers['content-length'];
        const contentLength = header === undefined ? undefined : Number(header);
        try {
          const received = await receiveUpload({
            db,
            files: app.files,
            uploadId: request.params.uploadId,
            token: request.query.signatur,
            contentLength: Number.isFinite(contentLength) ? contentLength : undefined,
            source: bodyOf(request),
          });
          return await reply.header('cache-control', 'no-store').send(received);
        } catch (error) {
          // The rest of a refused body is not read: close the connection after the answer.
          if (!request.raw.readableEnded) void reply.header('connection', 'close');
          throw error;
        }
      },
    );
  });
};
