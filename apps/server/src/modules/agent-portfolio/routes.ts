// Kundenbestand (issue 15, ADR 0030, docs/api/agent-portfolio.md): the agent's customers as a list
// (GET /api/vermittler/kundenbestand) and as a download of the same selection
// (GET /api/vermittler/vermittler/kundenbestand/download, spec §7). Agents only; both read through
// agentScope, so a sub-agent sees its own customers and those below it, never its parent's.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PORTFOLIO_FORMATE,
  PORTFOLIO_MAX_PRO_SEITE,
  PORTFOLIO_SORTIERUNGEN,
  PORTFOLIO_SUCHE_MAX,
  portfolioDateiname,
} from '@schirm/domain/agent/portfolio';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { SUMMARY_PRODUKTE, VERTRAGSSTATUS } from '@schirm/domain/products/enums';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { contentDisposition } from '../../platform/files/content-disposition';
import { errors } from '../identity/schemas';
import { PORTFOLIO_CONTENT_TYPES, portfolioDownloadStream } from './download';
import { listPortfolio, portfolioExport } from './service';
import { PORTFOLIO_TEXTS as T } from './texts';

const TAGS = ['Vermittler'];

/** 'A,B' or A repeated (?produkt=A&produkt=B) → [A, B]; empty parts dropped. */
function commaList<E extends readonly [string, ...string[]]>(values: E, message: string) {
  return z.preprocess(
    (value) => {
      const parts: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
      const items = parts
        .flatMap((part) => (typeof part === 'string' ? part.split(',') : [part]))
        .map((part) => (typeof part === 'string' ? part.trim() : part))
        .filter((part) => part !== '');
      return items.length === 0 ? undefined : items;
    },
    z.array(z.enum(values, { error: message })).optional(),
  );
}

const flag = z
  .enum(['true', 'false'], { error: T.jaNein })
  .transform((value) => value === 'true')
  .optional();

/** The filters of list and download (the same selection). */
export const portfolioFilterQuery = z.object({
  suche: z.string().trim().max(PORTFOLIO_SUCHE_MAX, { error: T.sucheZuLang }).optional(),
  produkt: commaList(SUMMARY_PRODUKTE, T.produktUnbekannt),
  status: commaList(VERTRAGSSTATUS, T.statusUnbekannt),
  untervermittler: z.string().trim().max(40, { error: T.untervermittlerUnbekannt }).optional(),
  ueberfaellig: flag,
  offeneAufgabe: flag,
  sortierung: z.enum(PORTFOLIO_SORTIERUNGEN, { error: T.sortierungUnbekannt }).default('name'),
});

const listQuery = portfolioFilterQuery.extend({
  seite: z.coerce.number({ error: T.seite }).int({ error: T.seite }).min(1, { error: T.seite }).default(1),
  proSeite: z.coerce
    .number({ error: T.proSeite })
    .int({ error: T.proSeite })
    .min(1, { error: T.proSeite })
    .max(PORTFOLIO_MAX_PRO_SEITE, { error: T.proSeite })
    .default(20),
});

const downloadQuery = portfolioFilterQuery.extend({
  format: z.enum(PORTFOLIO_FORMATE, { error: T.format }).default('xlsx'),
});

const customerSchema = z
  .object({
    partnerNummer: z.string(),
    name: z.string().meta({ description: "'Nachname, Vorname' oder Firmenname" }),
    privat: z.boolean(),
    email: z.string().nullable(),
    plz: z.string().nullable(),
    ort: z.string().nullable(),
    vertraege: z.number().int().meta({ description: 'Ausgewählte Verträge des Kunden im eigenen Bestand' }),
    produkte: z.array(z.enum(SUMMARY_PRODUKTE)),
    status: z.array(z.enum(VERTRAGSSTATUS)),
    jahresbeitragCents: z.number().int().meta({ description: 'Netto-Jahresbeitrag der laufenden Verträge' }),
    ueberfaellig: z.boolean(),
    offeneAufgabe: z.boolean(),
    vermittler: z.array(z.object({ vermittlerNummer: z.string(), name: z.string() })),
  })
  .meta({ id: 'KundenbestandKunde' });

const pageSchema = z
  .object({
    kunden: z.array(customerSchema),
    gesamt: z.number().int(),
    seite: z.number().int(),
    proSeite: z.number().int(),
    vermittler: z.array(
      z.object({
        id: z.string(),
        vermittlerNummer: z.string(),
        name: z.string(),
        agenturName: z.string(),
        eigene: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'Kundenbestand' });

/** The routes of this module (issue 15), registered under /api by app.ts (src/routes.ts). */
export const agentPortfolioRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(async (scope) => {
    const agent = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(agent, 'vermittler');
    answerPrivately(agent);
    const db = app.database.db;

    agent.get(
      '/vermittler/kundenbestand',
      {
        schema: {
          tags: TAGS,
          summary:
            'Kundenbestand: eigene Kunden und die der Untervermittler, gesucht, gefiltert, sortiert, seitenweise',
          description:
            'suche: Name oder E-Mail (jedes Wort), nur Ziffern: Anfang von Vertrags-, Partnernummer oder PLZ. ' +
            'Die Filter wählen Verträge; je Kunde eine Zeile mit seinen ausgewählten Verträgen.',
          querystring: listQuery,
          response: { 200: pageSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => {
        const { seite, proSeite, ...filter } = request.query;
        return listPortfolio({
          db,
          actor: actorOf(request),
          filter,
          seite,
          proSeite,
          heute: todayInGermany(new Date()),
        });
      },
    );

    agent.get(
      '/vermittler/vermittler/kundenbestand/download',
      {
        schema: {
          tags: TAGS,
          summary: 'Kundenbestand als XLSX oder CSV (dieselben Filter wie die Liste, ein Vertrag je Zeile)',
          querystring: downloadQuery,
          produces: [PORTFOLIO_CONTENT_TYPES.xlsx, PORTFOLIO_CONTENT_TYPES.csv],
          response: {
            200: z.any().meta({ description: 'Die Datei, gestreamt' }),
            ...errors(400, 401, 403),
          },
        },
      },
      async (request, reply) => {
        const { format, ...filter } = request.query;
        const heute = todayInGermany(new Date());
        const batches = await portfolioExport({ db, actor: actorOf(request), filter, heute });
        const stream = portfolioDownloadStream(format, batches, (error) =>
          request.log.error({ err: error }, 'Kundenbestand download failed while streaming'),
        );
        return reply
          .header('content-type', PORTFOLIO_CONTENT_TYPES[format])
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', contentDisposition(portfolioDateiname(format, heute)))
          .send(stream);
      },
    );
  });
};
