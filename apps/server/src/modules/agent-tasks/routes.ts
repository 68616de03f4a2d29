// Open activities and the relocation service of the agent portal (issue 15, ADR 0033,
// docs/api/agent-tasks.md). Agents only; every read and write goes through agentScope: a sub-agent
// sees the tasks and customers of itself and the agents below it, never its parent's.
// - GET /api/vermittler/aktivitaeten: tasks (spec §3 Task) with customer, filtered and by due day.
// - PATCH /api/vermittler/aktivitaeten/{id}: the agent closes a task as Erledigt or Storniert.
// - GET|POST|PATCH /api/vermittler/umzugsservice/{partnerNummer}: the customer's address, the
//   relocation preview per contract and its save (all contracts or none), flag relocation-service.
// The daily job 'revenue-tasks' creates the revenue tasks and adjusts unanswered revenue.
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToEuro } from '@schirm/domain/contract/amounts';
import { closeTask } from '@schirm/domain/contract/task';
import { compareDates, todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { hausnummerSchema } from '@schirm/domain/validation/identifiers';
import { PRICING_ZAHLWEISEN, TASK_STATUS, TASK_TYPEN } from '@schirm/domain/products/enums';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { agentScope } from '../../platform/auth/ownership';
import { conflict, notFound } from '../../platform/errors';
import { getFlags } from '../../platform/flags/service';
import type { PremiumFigures } from '../contract-changes/service';
import { findPartnerIdByNumber } from '../contracts/partners-repository';
import { findAgentTask, listAgentTasks, updateTaskStatus } from '../contracts/tasks-repository';
import { errors } from '../identity/schemas';
import { createTransports } from '../outbox/transports';
import { describePartner } from '../partner/master-data';
import {
  elementarAtNewAddress,
  previewRelocation,
  replacedEntries,
  saveRelocation,
  type ContractOutcome,
  type RelocationPreview,
} from '../partner/relocation';
import { REVENUE_TASKS_JOB, runRevenueTasks } from './revenue-tasks';
import { AGENT_TASK_TEXTS as T } from './texts';

const TAGS = ['Vermittler'];
const TASKS = '/vermittler/aktivitaeten';
const RELOCATION = '/vermittler/umzugsservice';

const seite = 'Bitte geben Sie eine Seitenzahl ab 1 an.';
const listQuery = z.object({
  status: z.enum(TASK_STATUS, { error: 'Bitte wählen Sie einen angebotenen Status.' }).optional(),
  typ: z.enum(TASK_TYPEN, { error: 'Bitte wählen Sie eine angebotene Art.' }).optional(),
  ueberfaellig: z
    .enum(['true', 'false'], { error: 'Bitte geben Sie true oder false an.' })
    .transform((value) => value === 'true')
    .optional(),
  seite: z.coerce.number({ error: seite }).int({ error: seite }).min(1, { error: seite }).default(1),
  proSeite: z.coerce
    .number({ error: 'Bitte geben Sie 1 bis 100 Einträge je Seite an.' })
    .int()
    .min(1, { error: 'Bitte geben Sie 1 bis 100 Einträge je Seite an.' })
    .max(100, { error: 'Bitte geben Sie 1 bis 100 Einträge je Seite an.' })
    .default(50),
});

const aufgabeSchema = z
  .object({
    id: z.uuid(),
    vertragsnummer: z.string(),
    typ: z.enum(TASK_TYPEN),
    status: z.enum(TASK_STATUS),
    faelligAm: z.iso.date(),
    erledigtAm: z.iso.date().nullable(),
    erstelltAm: z.iso.date(),
    partnerNummer: z.string().optional().describe('Kundennummer'),
    kundenname: z.string().optional(),
    ueberfaellig: z.boolean().describe('Offen und der Fälligkeitstag ist vorbei'),
  })
  .meta({ id: 'VermittlerAufgabe' });

const listSchema = z
  .object({
    aufgaben: z.array(aufgabeSchema),
    gesamt: z.number().int().describe('Aufgaben, die zum Filter passen'),
    seite: z.number().int(),
    proSeite: z.number().int(),
  })
  .meta({ id: 'VermittlerAufgabenListe' });

const closeBody = z.object({
  status: z.enum(['Erledigt', 'Storniert'], {
    error: 'Eine Aktivität kann nur als erledigt oder storniert abgeschlossen werden.',
  }),
});

const partnerParams = z.object({
  partnerNummer: z
    .string()
    .regex(/^\d{6,12}$/, { error: 'Die Kundennummer hat 6 bis 12 Ziffern.' })
    .describe('Partnernummer (Kundennummer)'),
});

const textField = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

const umzugBody = z.object({
  adresse: z.object({
    strasse: textField('Bitte geben Sie die Straße an.').pipe(
      z.string().max(100, { error: 'Bitte verwenden Sie höchstens 100 Zeichen.' }),
    ),
    hausnummer: hausnummerSchema,
    plz: z
      .string({ error: 'Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.' })
      .regex(/^\d{5}$/, { error: 'Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.' }),
    ort: textField('Bitte geben Sie den Ort an.'),
  }),
  umzugsdatum: z.iso.date({ error: 'Bitte geben Sie das Umzugsdatum als gültiges Datum an.' }),
});

const anschriftSchema = z
  .object({
    strasse: z.string(),
    hausnummer: z.string(),
    plz: z.string(),
    ort: z.string(),
    gueltigAb: z.iso.date().optional(),
  })
  .meta({ id: 'UmzugsserviceAnschrift' });

const kundeSchema = z
  .object({
    partnerNummer: z.string(),
    kundenname: z.string(),
    anschrift: anschriftSchema.optional().describe('Heute gültige Postanschrift'),
    neueAnschrift: anschriftSchema.optional().describe('Bereits gemeldeter Umzug'),
    umzug: z.object({ fruehestesDatum: z.iso.date(), spaetestesDatum: z.iso.date() }),
  })
  .meta({ id: 'UmzugsserviceKunde' });

const beitragSchema = z
  .object({
    zahlweise: z.enum(PRICING_ZAHLWEISEN).or(z.literal('EINMALIG')),
    beitragProPeriode: z.number().describe('Zahlbetrag je Zahlungsperiode in EUR'),
    jahresbeitrag: z.number().describe('Zahlbetrag im Jahr in EUR'),
  })
  .meta({ id: 'UmzugsserviceBeitrag' });

const zuers = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

const vertragSchema = z
  .object({
    versicherungsNummer: z.string(),
    versicherungsName: z.string(),
    art: z.enum(['AENDERUNG', 'UNVERAENDERT', 'NICHT_MOEGLICH']),
    grund: z.string().optional(),
    wirksamkeitsdatum: z.iso.date().optional(),
    bisherigerBeitrag: beitragSchema.optional(),
    neuerBeitrag: beitragSchema.optional(),
    bisherigeZuersKlasse: zuers.optional(),
    zuersKlasse: zuers.optional().describe('Nur Hausrat: ZÜRS-Klasse der neuen Anschrift'),
    elementarEinschliessbar: z.boolean().optional(),
    beitragSteigt: z.boolean().optional(),
    sonderkuendigungBis: z.iso
      .date()
      .optional()
      .describe(
        'Nur bei steigendem Beitrag: letzter Tag der Sonderkündigung (§ 40 VVG), wenn heute gespeichert',
      ),
    ersetzt: z.array(z.string()).optional(),
  })
  .meta({ id: 'UmzugsserviceVertrag' });

const vorschauSchema = z
  .object({
    partnerNummer: z.string(),
    umzugsdatum: z.iso.date(),
    bisherigeAnschrift: anschriftSchema,
    neueAnschrift: anschriftSchema,
    vertraege: z.array(vertragSchema).describe('Die laufenden Verträge, die die Vermittlung betreut'),
    speicherbar: z.boolean(),
    stand: z.string().describe('Stand der Berechnung; beim Speichern mitsenden, sonst 409'),
  })
  .meta({ id: 'UmzugsserviceVorschau' });

function beitragView(figures: PremiumFigures) {
  return {
    zahlweise: figures.zahlweise,
    beitragProPeriode: centsToEuro(figures.bruttoProPeriodeCents),
    jahresbeitrag: centsToEuro(figures.bruttoJahresbeitragCents),
  };
}

function vertragView(outcome: ContractOutcome) {
  const base = {
    versicherungsNummer: outcome.contract.versicherungsNummer,
    versicherungsName: outcome.versicherungsName,
    art: outcome.art,
  };
  if (outcome.art !== 'AENDERUNG') return { ...base, grund: outcome.grund };
  const { preview } = outcome;
  const zuersKlasse = preview.change.type === 'risikoort' ? preview.change.value.zuersKlasse : undefined;
  const elementar = elementarAtNewAddress(outcome);
  const ersetzt = replacedEntries(preview);
  return {
    ...base,
    wirksamkeitsdatum: preview.wirksamkeitsdatum,
    bisherigerBeitrag: beitragView(outcome.ohneUmzug),
    ...(preview.neu ? { neuerBeitrag: beitragView(preview.neu) } : {}),
    ...(outcome.bisherigeZuersKlasse === undefined
      ? {}
      : { bisherigeZuersKlasse: outcome.bisherigeZuersKlasse }),
    ...(zuersKlasse === undefined ? {} : { zuersKlasse }),
    ...(elementar === undefined ? {} : { elementarEinschliessbar: elementar }),
    beitragSteigt: outcome.beitragSteigt,
    ...(outcome.sonderkuendigungBis ? { sonderkuendigungBis: outcome.sonderkuendigungBis } : {}),
    ...(ersetzt.length > 0 ? { ersetzt } : {}),
  };
}

function vorschauView(partnerNummer: string, preview: RelocationPreview) {
  const { strasse, hausnummer, plz, ort, gueltigAb } = preview.bisherigeAnschrift;
  return {
    partnerNummer,
    umzugsdatum: preview.umzugsdatum,
    bisherigeAnschrift: { strasse, hausnummer, plz, ort, gueltigAb },
    neueAnschrift: {
      strasse: preview.neueAnschrift.strasse,
      hausnummer: preview.neueAnschrift.hausnummer,
      plz: preview.neueAnschrift.plz,
      ort: preview.neueAnschrift.ort,
      gueltigAb: preview.umzugsdatum,
    },
    vertraege: preview.vertraege.map(vertragView),
    speicherbar: preview.speicherbar,
    stand: preview.stand,
  };
}

export const agentTasksRoutes: FastifyPluginAsyncZod = async (app) => {
  const transports = createTransports(app.config);

  // Daily at 02:30 and at start (ADR 0011): revenue tasks due today, answered ones closed, and the
  // automatic revenue adjustment. Idempotent: a second run on the same day changes nothing.
  app.jobs.define({
    name: REVENUE_TASKS_JOB,
    atStart: true,
    cron: '30 2 * * *',
    expireInSeconds: 30 * 60,
    pollingIntervalSeconds: 30,
    run: async () => {
      const result = await runRevenueTasks({
        db: app.database.db,
        transports,
        today: todayInGermany(),
        now: new Date(),
      });
      if (result.created + result.closed + result.adjusted + result.conflicts > 0) {
        app.log.info(result, 'revenue tasks');
      }
      return result;
    },
  });

  await app.register(async (scope) => {
    const agent = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(agent, 'vermittler');
    answerPrivately(agent);

    agent.get(
      TASKS,
      {
        schema: {
          tags: TAGS,
          summary: 'Offene Aktivitäten: Aufgaben der betreuten Verträge, nach Fälligkeit',
          querystring: listQuery,
          response: { 200: listSchema, ...errors(400, 401, 403) },
        },
      },
      async (request) => {
        const today = todayInGermany();
        const { status, typ, ueberfaellig, seite: page, proSeite } = request.query;
        const { items, total } = await listAgentTasks({
          db: app.database.db,
          agentIds: agentScope(actorOf(request)),
          filter: {
            ...(status ? { status } : {}),
            ...(typ ? { typ } : {}),
            ...(ueberfaellig ? { overdueOn: today } : {}),
          },
          page,
          pageSize: proSeite,
        });
        return {
          aufgaben: items.map(({ agentId: _agent, ...task }) => ({
            ...task,
            ueberfaellig: task.status === 'Offen' && compareDates(task.faelligAm, today) < 0,
          })),
          gesamt: total,
          seite: page,
          proSeite,
        };
      },
    );

    agent.patch(
      `${TASKS}/:id`,
      {
        schema: {
          tags: TAGS,
          summary: 'Aktivität abschließen (Erledigt oder Storniert)',
          params: z.object({ id: z.uuid({ error: T.notFound }) }),
          body: closeBody,
          response: { 200: aufgabeSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const db = app.database.db;
        const today = todayInGermany();
        const task = await findAgentTask({
          db,
          agentIds: agentScope(actorOf(request)),
          id: request.params.id,
        });
        if (!task) throw notFound(`No task ${request.params.id} in scope`, { userMessage: T.notFound });
        const closed = closeTask(task, request.body.status, today);
        const alreadyClosed = () =>
          conflict(`Task ${task.id} is ${task.status}`, {
            code: 'TASK_CLOSED',
            userMessage: T.alreadyClosed,
          });
        if (!closed.ok) throw alreadyClosed();
        const saved = await updateTaskStatus({
          db,
          id: task.id,
          status: request.body.status,
          erledigtAm: today,
        });
        if (!saved) throw alreadyClosed();
        const { agentId: _agent, ...view } = { ...task, ...closed.value };
        return { ...view, ueberfaellig: false };
      },
    );

    const partnerIdOf = async (partnerNummer: string) => {
      const id = await findPartnerIdByNumber({ db: app.database.db, partnerNummer });
      if (!id) throw notFound(`No partner ${partnerNummer}`);
      return id;
    };
    const relocationOn = async (request: Parameters<typeof getFlags>[0]) => {
      const flags = await getFlags(request);
      if (!flags['relocation-service']) {
        throw notFound('Flag relocation-service is off', { userMessage: T.relocationOff });
      }
      return flags;
    };
    const contextOf = async (request: Parameters<typeof getFlags>[0]) => ({
      db: app.database.db,
      actor: actorOf(request),
      today: todayInGermany(),
      now: new Date(),
      flags: await relocationOn(request),
    });
    const requestOf = (body: z.output<typeof umzugBody>) => ({
      adresse: { ...body.adresse, land: 'DE' },
      umzugsdatum: body.umzugsdatum as CalendarDate,
    });

    agent.get(
      `${RELOCATION}/:partnerNummer`,
      {
        schema: {
          tags: TAGS,
          summary: 'Umzugsservice: Kunde, heutige Anschrift und mögliche Umzugstage',
          params: partnerParams,
          response: { 200: kundeSchema, ...errors(401, 403, 404) },
        },
      },
      async (request) => {
        await relocationOn(request);
        const partner = await describePartner({
          db: app.database.db,
          actor: actorOf(request),
          partnerId: await partnerIdOf(request.params.partnerNummer),
          today: todayInGermany(),
        });
        const kundenname =
          partner.personArt === 'JuristischePersonDTO'
            ? partner.firmenname
            : [partner.vorname, partner.nachname].filter(Boolean).join(' ');
        return {
          partnerNummer: partner.partnerNummer,
          kundenname,
          ...(partner.anschrift ? { anschrift: partner.anschrift } : {}),
          ...(partner.neueAnschrift ? { neueAnschrift: partner.neueAnschrift } : {}),
          umzug: partner.umzug,
        };
      },
    );

    agent.post(
      `${RELOCATION}/:partnerNummer`,
      {
        schema: {
          tags: TAGS,
          summary: 'Umzugsservice: berechnen (Vorschau je Vertrag, nichts wird gespeichert)',
          params: partnerParams,
          body: umzugBody,
          response: { 200: vorschauSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const context = await contextOf(request);
        const partnerId = await partnerIdOf(request.params.partnerNummer);
        const preview = await previewRelocation(context, partnerId, requestOf(request.body));
        return vorschauView(request.params.partnerNummer, preview);
      },
    );

    agent.patch(
      `${RELOCATION}/:partnerNummer`,
      {
        schema: {
          tags: TAGS,
          summary: 'Umzugsservice: speichern (neue Anschrift und alle betroffenen Verträge zusammen)',
          params: partnerParams,
          body: umzugBody.extend({
            stand: z
              .string({ error: 'Bitte berechnen Sie den Umzug zuerst.' })
              .min(1, { error: 'Bitte berechnen Sie den Umzug zuerst.' })
              .max(100),
          }),
          response: { 200: vorschauSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const context = await contextOf(request);
        const partnerId = await partnerIdOf(request.params.partnerNummer);
        const saved = await saveRelocation(
          { ...context, files: app.files, transports },
          partnerId,
          requestOf(request.body),
          request.body.stand,
        );
        return vorschauView(request.params.partnerNummer, saved);
      },
    );
  });
};
