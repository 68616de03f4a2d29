import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { etagOf, isNotModified } from '../../platform/etag';
import { errorEnvelopeSchema, notFound } from '../../platform/errors';
import { faqEntrySchema, faqSchema, findFaqEntry, readFaq } from './faq';

const FAQ_MISSING_MESSAGE = 'Die häufigen Fragen sind zurzeit nicht verfügbar.';

/** Public content of the portal (spec §7 content fetch): the FAQ of /haeufige-fragen/ and the help panels. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  async function loadFaq() {
    const faq = await readFaq(app.config.textsDir);
    if (!faq) throw notFound('No FAQ content file', { userMessage: FAQ_MISSING_MESSAGE });
    return faq;
  }

  app.get(
    '/content/faq',
    {
      schema: {
        tags: ['Content'],
        summary: 'Frequently asked questions by category (public)',
        headers: z.object({ 'if-none-match': z.string().optional() }),
        response: {
          200: faqSchema.describe('Categories with their questions; `version` names the content revision'),
          304: z.null().describe('Not modified: the content matches If-None-Match'),
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const faq = await loadFaq();
      const etag = etagOf(faq);
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (isNotModified(request.headers['if-none-match'], etag)) return reply.status(304).send(null);
      return faq;
    },
  );

  app.get(
    '/content/faq/:id',
    {
      // An id that cannot exist is a missing question (404), not a malformed request.
      attachValidation: true,
      schema: {
        tags: ['Content'],
        summary: 'One frequently asked question (public)',
        params: z.object({ id: z.string().max(100).describe('Id of the question, e.g. widerruf') }),
        response: {
          200: faqEntrySchema.extend({ kategorie: z.object({ id: z.string(), titel: z.string() }) }),
          404: errorEnvelopeSchema,
        },
      },
    },
    async (request) => {
      const missing = () =>
        notFound(`No FAQ entry ${request.url}`, {
          code: 'FAQ_ENTRY_NOT_FOUND',
          userMessage: 'Diese Frage gibt es nicht. Alle Fragen finden Sie unter „Häufige Fragen“.',
        });
      if (request.validationError) throw missing();
      const faq = await loadFaq();
      const entry = findFaqEntry(faq, request.params.id);
      if (!entry) throw missing();
      return entry;
    },
  );
};
