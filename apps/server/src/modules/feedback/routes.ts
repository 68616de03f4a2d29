// POST /api/feedback (spec §2 '/feedback/:source/:score?', flag 'feedback'; ADR 0028): public, so a
// customer may answer a feedback link without signing in; with a customer's token the feedback is
// kept with their partner. Limited per address; 403 while the flag is off.
import {
  FEEDBACK_COMMENT_MAX,
  FEEDBACK_SCORE_MAX,
  FEEDBACK_SCORE_MIN,
  FEEDBACK_SOURCES,
} from '@schirm/domain/consents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../platform/errors';
import { getFlags } from '../../platform/flags/service';
import { errors } from '../identity/schemas';
import { storeFeedback } from './service';
import { FEEDBACK_TEXTS } from './texts';

const E = FEEDBACK_TEXTS.errors;

/** Per address: enough for a household answering a few links, not for flooding the table. */
export const FEEDBACK_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

const body = z.object({
  quelle: z.enum(FEEDBACK_SOURCES, { error: E.quelle }),
  bewertung: z
    .number({ error: E.bewertung })
    .int({ error: E.bewertung })
    .min(FEEDBACK_SCORE_MIN, { error: E.bewertung })
    .max(FEEDBACK_SCORE_MAX, { error: E.bewertung }),
  kommentar: z.string().max(FEEDBACK_COMMENT_MAX, { error: E.kommentarTooLong }).optional(),
});

export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/feedback',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: FEEDBACK_RATE_LIMIT },
      schema: {
        tags: ['Feedback'],
        summary:
          'Feedback (Bewertung 0–10 und Kommentar) nach einem Schaden, einer Nachricht oder einem Antrag',
        description:
          'Öffentlich; mit dem Zugang einer Kundin oder eines Kunden wird das Feedback ihrem Kundenkonto ' +
          'zugeordnet, sonst anonym gespeichert. Nur bei eingeschaltetem Flag feedback.',
        body,
        response: {
          201: z.object({ id: z.string(), anonym: z.boolean() }).meta({ id: 'FeedbackQuittung' }),
          ...errors(400, 403, 429),
        },
      },
    },
    async (request, reply) => {
      const flags = await getFlags(request);
      if (!flags.feedback) {
        throw forbidden('Feedback is switched off', { code: 'FEATURE_DISABLED', userMessage: E.disabled });
      }
      const { kommentar, ...rest } = request.body;
      const stored = await storeFeedback({
        db: app.database.db,
        actor: request.actor,
        input: { ...rest, ...(kommentar === undefined ? {} : { kommentar }) },
      });
      return reply.code(201).send(stored);
    },
  );
};
