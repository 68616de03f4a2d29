// Maklerpost and GDV-Bestand (issue 16, docs/api/maklerpost.md): one service, two entrances.
// - The broker software (machine JWT of the agency, modules/extranet/machine-auth.ts) under
//   /api/dgg-bipro-maklerpost/…: lieferungen (list, one, quittieren), dokumente/{id}, gdv-bestand.
// - The signed-in agent (pool vermittler) under /api/vermittler/maklerpost/…: the same feed, the
//   same acknowledgements (per agency) and the same GDV file, for the agent portal.
// Lists and single deliveries answer JSON, or XML when `Accept` asks for application/xml.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import type { Database } from '../../db/database';
import { agents } from '../../db/schema/agents';
import type { MaklerpostQuittiertDurch } from '../../db/schema/maklerpost';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { agentScope } from '../../platform/auth/ownership';
import { notFound } from '../../platform/errors';
import { contentDisposition, sendFile } from '../../platform/files/content-disposition';
import { AGENT_DOCUMENT_PATH } from '../agent-customers/service';
import { agencyMachineOf, agencyScope, requireAgencyMachine } from '../extranet/machine-auth';
import { errors } from '../identity/schemas';
import {
  acknowledgeDelivery,
  getDelivery,
  LIEFERUNG_ID_PATTERN,
  listDeliveries,
  MAKLERPOST_KATEGORIEN,
  type Agency,
  type FeedPage,
  type Lieferung,
} from './feed';
import { openMachineDocument } from './documents';
import { gdvBestand } from './gdv-export';
import { feedPageXml, lieferungDocumentXml, wantsXml } from './xml';

const MACHINE_BASE = '/dgg-bipro-maklerpost';
const AGENT_BASE = '/vermittler/maklerpost';
/** Where the broker software downloads a document named in a delivery. */
export const MACHINE_DOCUMENT_PATH = `/api${MACHINE_BASE}/dokumente`;

/** Per client address: a broker software acknowledging a full page of 200 and paging stays below it. */
const FEED_LIMIT = { max: 600, timeWindow: '1 minute' } as const;
/** The GDV file reads the whole book: a few downloads per address in 10 minutes. */
const GDV_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;

const MACHINE_AUTH_NOTE =
  "Anmeldung der Maklersoftware: `Authorization: Bearer <JWT>`, EdDSA mit dem registrierten Schlüssel der Agentur (kid im Header), iss = Vermittlernummer, aud = 'schirm-extranet', exp höchstens 5 Minuten, jti einmalig (docs/api/extranet.md). ";

const lieferungSchema = z
  .object({
    id: z.string().describe("Stabile ID, z. B. 'VA-<uuid>'"),
    kategorie: z.enum(MAKLERPOST_KATEGORIEN),
    bezeichnung: z.string(),
    vertragsnummer: z.string(),
    partnernummer: z.string(),
    kundenname: z.string(),
    vermittlernummer: z.string().describe('Betreuender Vermittler (die Agentur oder ein Untervermittler)'),
    sparte: z.string().describe('Produktname'),
    erstellungsdatum: z.iso.datetime(),
    wirksamAb: z.iso.date().nullable(),
    betrag: z.number().nullable().describe('EUR (Mahnung: gemahnter Betrag)'),
    quittiert: z.boolean(),
    quittiertAm: z.iso.datetime().nullable(),
    dokument: z.object({ id: z.string(), name: z.string(), url: z.string() }).nullable(),
  })
  .meta({ id: 'MaklerpostLieferung' });

const pageSchema = z
  .object({
    lieferungen: z.array(lieferungSchema),
    naechsterCursor: z.string().nullable(),
    anzahlUngelesen: z.number().int(),
  })
  .meta({ id: 'MaklerpostLieferungen' });

const SEIT_ERROR =
  'Bitte geben Sie seit als Datum (JJJJ-MM-TT) oder als Zeitpunkt nach ISO 8601 mit Zeitzone an, z. B. 2026-11-01 oder 2026-11-01T08:00:00Z.';

const listQuery = z.object({
  ungelesen: z
    .enum(['true', 'false'], { error: 'Bitte geben Sie ungelesen als true oder false an.' })
    .optional()
    .describe('true: nur noch nicht quittierte Lieferungen'),
  seit: z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: SEIT_ERROR })
    .refine((value) => isRealDay(value.slice(0, 10)), { error: SEIT_ERROR })
    .optional()
    .describe('Nur Lieferungen ab diesem Tag (deutsche Zeit) oder Zeitpunkt'),
  cursor: z
    .string()
    .max(300, { error: 'Der Parameter cursor ist ungültig. Bitte beginnen Sie ohne cursor.' })
    .optional()
    .describe('naechsterCursor der vorigen Seite'),
  limit: z.coerce
    .number({ error: 'Bitte geben Sie limit als Zahl von 1 bis 200 an.' })
    .int({ error: 'Bitte geben Sie limit als Zahl von 1 bis 200 an.' })
    .min(1, { error: 'Bitte geben Sie limit als Zahl von 1 bis 200 an.' })
    .max(200, { error: 'Bitte geben Sie limit als Zahl von 1 bis 200 an.' })
    .default(50),
});

const idParams = z.object({
  id: z
    .string()
    .regex(LIEFERUNG_ID_PATTERN, {
      error:
        "Die ID einer Lieferung hat die Form 'VA-' und eine UUID. Bitte übernehmen Sie sie aus der Liste.",
    })
    .describe('ID der Lieferung'),
});

/** Whether 'yyyy-MM-dd' names a day of the calendar (not 2026-02-30). */
export function isRealDay(value: string): boolean {
  const [year, month, day] = value.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function answer<T extends FeedPage | Lieferung>(
  request: FastifyRequest,
  reply: FastifyReply,
  body: T,
  xml: (body: T) => string,
) {
  reply.header('vary', 'Accept');
  if (wantsXml(request)) return reply.type('application/xml; charset=utf-8').send(xml(body));
  return body;
}

async function agencyOfAgent(db: Database, request: FastifyRequest): Promise<Agency> {
  const actor = actorOf(request);
  const [agent] = await db
    .select({ vermittlerNummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.id, actor.agentId ?? ''));
  if (!actor.agentId || !agent) throw notFound(`Account ${actor.userId} has no agent`);
  return { agentId: actor.agentId, vermittlerNummer: agent.vermittlerNummer, scope: agentScope(actor) };
}

function agencyOfMachine(request: FastifyRequest): Agency {
  const machine = agencyMachineOf(request);
  return {
    agentId: machine.agentId,
    vermittlerNummer: machine.vermittlernummer,
    scope: agencyScope(machine),
  };
}

interface Entrance {
  base: string;
  tags: string[];
  documentBase: string;
  durch: MaklerpostQuittiertDurch;
  agencyOf: (request: FastifyRequest) => Agency | Promise<Agency>;
  /** Extra text for every route's description (how to sign in). */
  note: string;
  /** Error statuses besides 400 and 404. */
  statuses: readonly [401] | readonly [401, 403];
}

/** The feed and the GDV file on one entrance. */
function registerFeed(scope: FastifyInstance, db: Database, entrance: Entrance): void {
  const routes = scope.withTypeProvider<ZodTypeProvider>();
  const { base, tags, documentBase, note } = entrance;

  routes.get(
    `${base}/lieferungen`,
    {
      config: { rateLimit: FEED_LIMIT },
      schema: {
        tags,
        summary: 'Lieferungen der Maklerpost (älteste zuerst, seitenweise)',
        description: `${note}Lieferungen der Agentur und ihrer Untervermittler: Vertrag angelegt, Vertragsänderung, Kündigung, Widerruf, Aufhebung, Rücktritt, Mahnung, Dokument. JSON; XML mit \`Accept: application/xml\` (docs/api/maklerpost.md).`,
        querystring: listQuery,
        response: { 200: pageSchema, ...errors(400, 429, ...entrance.statuses) },
      },
    },
    async (request, reply) => {
      const agency = await entrance.agencyOf(request);
      const { ungelesen, seit, cursor, limit } = request.query;
      const page = await listDeliveries(
        db,
        agency,
        {
          ungelesen: ungelesen === 'true',
          limit,
          ...(cursor === undefined ? {} : { cursor }),
          ...(seit === undefined ? {} : { seit }),
        },
        documentBase,
      );
      return answer(request, reply, page, feedPageXml);
    },
  );

  routes.get(
    `${base}/lieferungen/:id`,
    {
      config: { rateLimit: FEED_LIMIT },
      schema: {
        tags,
        summary: 'Eine Lieferung der Maklerpost',
        description: `${note}404 für unbekannte IDs und für Lieferungen anderer Agenturen gleichermaßen.`,
        params: idParams,
        response: { 200: lieferungSchema, ...errors(400, 404, 429, ...entrance.statuses) },
      },
    },
    async (request, reply) => {
      const agency = await entrance.agencyOf(request);
      const lieferung = await getDelivery(db, agency, request.params.id, documentBase);
      return answer(request, reply, lieferung, lieferungDocumentXml);
    },
  );

  routes.post(
    `${base}/lieferungen/:id/quittieren`,
    {
      config: { rateLimit: FEED_LIMIT },
      schema: {
        tags,
        summary: 'Lieferung quittieren (als gelesen markieren); wiederholbar',
        description: `${note}Idempotent: ein zweiter Aufruf ändert nichts und nennt die erste Quittung. Quittungen gelten für die Agentur, gleich ob über die Maklersoftware oder im Vermittlerportal.`,
        params: idParams,
        response: { 200: lieferungSchema, ...errors(400, 404, 429, ...entrance.statuses) },
      },
    },
    async (request, reply) => {
      const agency = await entrance.agencyOf(request);
      const lieferung = await acknowledgeDelivery(
        db,
        agency,
        request.params.id,
        entrance.durch,
        documentBase,
      );
      return answer(request, reply, lieferung, lieferungDocumentXml);
    },
  );

  routes.get(
    `${base}/gdv-bestand`,
    {
      config: { rateLimit: GDV_LIMIT },
      schema: {
        tags,
        summary: 'Bestand der Agentur als GDV-Datei (Satzarten 0001, 0100, 0200, 9999)',
        description: `${note}Alle Verträge der Agentur und ihrer Untervermittler, auch gekündigte und beendete. Sätze zu 256 Zeichen, ISO-8859-1, CR LF; Feldpositionen in docs/api/maklerpost.md.`,
        response: {
          200: z.any().describe('GDV-Datei (text/plain; charset=iso-8859-1)'),
          ...errors(429, ...entrance.statuses),
        },
      },
    },
    async (request, reply) => {
      const agency = await entrance.agencyOf(request);
      const { fileName, stream } = await gdvBestand(db, agency, todayInGermany());
      return reply
        .header('content-type', 'text/plain; charset=iso-8859-1')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', contentDisposition(fileName))
        .send(stream);
    },
  );
}

/** The routes of this module (issue 16), registered under /api by app.ts (src/routes.ts). */
export const maklerpostRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  // ---- the broker software (machine JWT) -------------------------------------------------------
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireAgencyMachine());
    answerPrivately(scope);
    registerFeed(scope, db, {
      base: MACHINE_BASE,
      tags: ['Maklerpost (Maklersoftware)'],
      documentBase: MACHINE_DOCUMENT_PATH,
      durch: 'MASCHINE',
      agencyOf: agencyOfMachine,
      note: MACHINE_AUTH_NOTE,
      statuses: [401],
    });

    scope.withTypeProvider<ZodTypeProvider>().get(
      `${MACHINE_BASE}/dokumente/:id`,
      {
        config: { rateLimit: FEED_LIMIT },
        schema: {
          tags: ['Maklerpost (Maklersoftware)'],
          summary: 'Ein Dokument aus einer Lieferung herunterladen (PDF)',
          description: `${MACHINE_AUTH_NOTE}Nur Dokumente von Verträgen der Agentur und ihrer Untervermittler; sonst 404.`,
          params: z.object({
            id: z.uuid({ error: 'Unbekanntes Dokument. Bitte übernehmen Sie die URL aus der Lieferung.' }),
          }),
          response: { 200: z.any().describe('PDF'), ...errors(400, 401, 404, 429) },
        },
      },
      async (request, reply) => {
        const { fileName, file } = await openMachineDocument(
          { db, files: app.files },
          agencyOfMachine(request),
          request.params.id,
        );
        return sendFile(reply, {
          stream: file.stream,
          size: file.size,
          contentType: 'application/pdf',
          fileName: fileName,
        });
      },
    );
  });

  // ---- the signed-in agent (portal) ------------------------------------------------------------
  await app.register(async (scope) => {
    protectScope(scope, 'vermittler');
    answerPrivately(scope);
    registerFeed(scope, db, {
      base: AGENT_BASE,
      tags: ['Vermittler: Maklerpost'],
      documentBase: AGENT_DOCUMENT_PATH,
      durch: 'VERMITTLER',
      agencyOf: (request) => agencyOfAgent(db, request),
      note: '',
      statuses: [401, 403],
    });
  });
};
