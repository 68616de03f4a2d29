// The agent's customer screens (issue 15, ADR 0031): one customer (/vermittler/kunde), correcting
// its contact data (/vermittler/kundendaten), one contract (/vermittler/vertraege/details) with the
// self-service changes made for the customer, the agent's document download, and
// GET /api/vertrag/vertrag/{id}/vermittlernummer (spec §7). Every call goes through the one scope
// rule (service.ts); a customer or contract outside it is a 404.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contractSummarySchema } from '@schirm/domain/contract/summary';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { TASK_STATUS, TASK_TYPEN, PERSON_ARTEN, ZAHLWEISEN } from '@schirm/domain/products/enums';
import { SELF_SERVICE_SLUGS } from '@schirm/domain/flags';
import { emailSchema } from '@schirm/domain/validation/email';
import { optionalPhoneSchema } from '@schirm/domain/validation/phone';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { assertCanAccessPartner } from '../../platform/auth/ownership';
import { notFound } from '../../platform/errors';
import { sendFile } from '../../platform/files/content-disposition';
import { getFlags } from '../../platform/flags/service';
import { registerChangeCalls } from '../contract-changes/routes';
import { contractDetailsSchema } from '../customer-contracts/routes';
import { assertAgentReachesContract } from '../contract-changes/service';
import { findAgentByNumber } from '../contracts/agents-repository';
import { findContractByNumber } from '../contracts/repository';
import { documentFileName } from '../documents/service';
import { errors } from '../identity/schemas';
import { createTransports } from '../outbox/transports';
import {
  agentChangeContract,
  agentContactData,
  agentContractDetails,
  agentCustomerOverview,
  correctContactData,
  openAgentDocument,
  recordAgentChange,
} from './service';

const TAGS = ['Vermittler: Kunden'];

/** Where the agent's self-service change calls live: the customer's paths below this prefix. */
export const AGENT_CHANGE_BASE = '/vermittler/vertraege/aenderung';

const partnerParams = z.object({
  partnerNummer: z
    .string()
    .regex(/^\d{6,12}$/, { error: 'Die Kundennummer hat 6 bis 12 Ziffern.' })
    .describe('Partnernummer (Kundennummer)'),
});
const contractParams = z.object({
  vertragsnummer: z
    .string()
    .regex(/^\d{9,10}$/, { error: 'Die Vertragsnummer hat 9 oder 10 Ziffern.' })
    .describe('Versicherungsnummer'),
});

const offenerBeitragSchema = z
  .object({
    art: z.enum(['ERSTBEITRAG', 'FOLGEBEITRAG']),
    faelligAm: z.iso.date(),
    betrag: z.number().describe('EUR'),
    ueberfaellig: z.boolean().describe('Fällig und nicht bezahlt (Mahnung)'),
    gemahntAm: z.iso.date().optional().describe('Tag der qualifizierten Mahnung'),
    zahlungsfristBis: z.iso.date().optional(),
  })
  .meta({ id: 'VermittlerOffenerBeitrag' });

const taskSchema = z
  .object({
    vertragsnummer: z.string(),
    typ: z.enum(TASK_TYPEN),
    status: z.enum(TASK_STATUS),
    faelligAm: z.iso.date(),
    erledigtAm: z.iso.date().nullable(),
    erstelltAm: z.iso.date(),
  })
  .meta({ id: 'Aufgabe' });

/** A document as the agent's views list it (the extranet lists the same with its own download). */
export const agentDocumentSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    vertragsnummer: z.string(),
    erstelltAm: z.iso.datetime(),
    url: z.string().describe('Download für Vermittler (Bearer-Token)'),
  })
  .meta({ id: 'VermittlerDokument' });

const maskedBankSchema = z
  .object({
    iban: z.string().describe("Maskiert, z. B. 'DE62 **** **** **** **30 01'"),
    kontoinhaber: z.string(),
    bic: z.string().optional(),
  })
  .meta({ id: 'BankverbindungMaskiert' });

/** The agent's customer; the extranet (modules/extranet) shows it without the documents. */
export const agentCustomerSchema = z
  .object({
    partnerNummer: z.string(),
    personArt: z.enum(PERSON_ARTEN),
    name: z.string(),
    anrede: z.string().optional(),
    titel: z.string().optional(),
    vorname: z.string().optional(),
    nachname: z.string().optional(),
    firmenname: z.string().optional(),
    rechtsform: z.string().optional(),
    geburtsdatum: z.iso.date().optional(),
    email: z.string().optional(),
    telefon: z.string().optional(),
    portalZugang: z.boolean().describe('Die Kundin oder der Kunde hat ein Konto im Kundenportal'),
    anschrift: z
      .object({ strasse: z.string(), hausnummer: z.string(), plz: z.string(), ort: z.string() })
      .optional(),
    bankverbindung: maskedBankSchema.optional(),
    vertraege: z
      .array(
        contractSummarySchema.extend({
          versicherungsName: z.string(),
          mahnung: z.boolean(),
          offeneBeitraege: z.array(offenerBeitragSchema),
        }),
      )
      .describe('Nur Verträge, die der Vermittler oder ein Untervermittler betreut'),
    offeneAufgaben: z.array(taskSchema),
    dokumente: z.array(agentDocumentSchema),
  })
  .meta({ id: 'VermittlerKunde' });

const CORRECTABLE = ['anrede', 'titel', 'vorname', 'nachname', 'firmenname', 'email', 'telefon'] as const;

const contactSchema = z
  .object({
    partnerNummer: z.string(),
    personArt: z.enum(PERSON_ARTEN),
    name: z.string(),
    version: z.string().describe('Stand der Kontaktdaten; beim Speichern mitsenden, sonst 409'),
    anrede: z.string().nullable(),
    titel: z.string().nullable(),
    vorname: z.string().nullable(),
    nachname: z.string().nullable(),
    firmenname: z.string().nullable(),
    email: z.string().nullable(),
    telefon: z.string().nullable(),
    portalZugang: z.boolean(),
    korrigierbar: z
      .array(z.enum(CORRECTABLE))
      .describe('Felder, die der Vermittler berichtigen darf (ADR 0031)'),
    berichtigt: z.array(z.enum(CORRECTABLE)).optional().describe('Nach dem Speichern: geänderte Felder'),
  })
  .meta({ id: 'VermittlerKontaktdaten' });

const nameField = z
  .string()
  .trim()
  .max(100, { error: 'Bitte verwenden Sie höchstens 100 Zeichen.' })
  .regex(/^[\p{L}\p{M} .'-]*$/u, {
    error: 'Bitte verwenden Sie nur Buchstaben, Leerzeichen, Bindestrich, Punkt und Apostroph.',
  });

const correctionBody = z.object({
  version: z
    .string({ error: 'Bitte laden Sie die Seite neu.' })
    .min(1, { error: 'Bitte laden Sie die Seite neu.' })
    .max(100),
  anrede: z.enum(['Frau', 'Herr', 'divers'], { error: 'Bitte wählen Sie eine Anrede.' }).nullish(),
  titel: z.string().trim().max(30, { error: 'Bitte verwenden Sie höchstens 30 Zeichen.' }).nullish(),
  vorname: nameField.nullish(),
  nachname: nameField.nullish(),
  firmenname: z.string().trim().max(150, { error: 'Bitte verwenden Sie höchstens 150 Zeichen.' }).nullish(),
  email: emailSchema.transform((value) => value.toLowerCase()).nullish(),
  telefon: optionalPhoneSchema({ mobileRequired: false }).nullish(),
});

const premiumStepSchema = z
  .object({
    gueltigAb: z.iso.date(),
    zahlweise: z.enum(ZAHLWEISEN),
    beitragProPeriode: z.number(),
    jahresbeitrag: z.number().nullable(),
    grund: z.enum(['VERTRAGSABSCHLUSS', 'VERTRAGSAENDERUNG', 'UMSATZANPASSUNG', 'BEITRAGSANPASSUNG']),
  })
  .meta({ id: 'Beitragsverlauf' });

/** The agent's contract; the extranet (modules/extranet) shows it without what only the agent can act on. */
export const agentContractSchema = contractSummarySchema
  .extend({
    versicherungsName: z.string(),
    version: z.number().int().describe('Vertragsstand; die Änderungen senden ihn beim Speichern mit'),
    partnerNummer: z.string(),
    kundenName: z.string(),
    zahlweise: z.enum(ZAHLWEISEN),
    bankverbindung: maskedBankSchema.optional(),
    risikoOrt: z
      .object({ strasse: z.string(), hausnummer: z.string(), plz: z.string(), ort: z.string() })
      .optional(),
    vermittler: z.object({ vermittlerNummer: z.string(), name: z.string() }).optional(),
    mahnung: z.boolean(),
    offeneBeitraege: z.array(offenerBeitragSchema),
    beitragsverlauf: z.array(premiumStepSchema),
    vorgemerkteAenderungen: z.array(
      z.object({
        typ: z.string(),
        bezeichnung: z.string(),
        wirksamkeitsdatum: z.iso.date(),
        neuerBeitrag: z.number().optional(),
        zahlweise: z.enum(ZAHLWEISEN).optional(),
      }),
    ),
    aenderungenDurchVermittler: z
      .array(
        z.object({
          am: z.iso.datetime(),
          vermittler: z.string(),
          vermittlerNummer: z.string(),
          bezeichnung: z.string(),
          wirksamkeitsdatum: z.string(),
        }),
      )
      .describe('Änderungen, die ein Vermittler für die Kundin oder den Kunden gespeichert hat'),
    aufgaben: z.array(taskSchema),
    dokumente: z.array(agentDocumentSchema),
    selbstServices: z
      .array(z.string())
      .describe(`Änderungen, die der Vertrag anbietet (Aufrufe unter /api${AGENT_CHANGE_BASE}/…)`),
    nichtAngeboteneAenderungen: z
      .array(
        z.object({
          aenderung: z.enum(SELF_SERVICE_SLUGS),
          grund: z
            .enum(['VERTRAGSSTAND', 'ABGESCHALTET', 'KEINE_LASTSCHRIFT', 'TARIF'])
            .describe(
              'VERTRAGSSTAND: Vertrag endet oder ist beendet; ABGESCHALTET: derzeit abgeschaltet (Flags); KEINE_LASTSCHRIFT: Beitrag ohne Lastschrift; TARIF: Tarif und Vertragsdaten sehen die Änderung nicht vor',
            ),
        }),
      )
      .describe('Die übrigen Änderungen (ohne Kündigung), die der Vertrag nicht anbietet, mit Grund'),
    inhaberwechsel: z.boolean().describe('Flag contract-holder-change: Wechsel des Versicherungsnehmers'),
    tarifwechsel: z
      .boolean()
      .describe('Laufender BHV_1-Vertrag und Flag bhv-tariff-change: Wechsel in die neue Tarifgeneration'),
  })
  .meta({ id: 'VermittlerVertrag' });

function originOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'], now: new Date() };
}

/** The routes of this module (issue 15), registered under /api by app.ts (src/routes.ts). */
export const agentCustomersRoutes: FastifyPluginAsyncZod = async (app) => {
  const transports = createTransports(app.config);
  const db = app.database.db;

  await app.register(async (scope) => {
    const agent = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(agent, 'vermittler');
    answerPrivately(agent);
    const contextOf = (request: FastifyRequest) => ({ db, actor: actorOf(request), today: todayInGermany() });

    agent.get(
      '/vermittler/kunden/:partnerNummer',
      {
        schema: {
          tags: TAGS,
          summary:
            'Ein Kunde: Kontakt, Bankverbindung (maskiert), Verträge, offene Beiträge, Aufgaben, Dokumente',
          params: partnerParams,
          response: { 200: agentCustomerSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => agentCustomerOverview(contextOf(request), request.params.partnerNummer),
    );

    agent.get(
      '/vermittler/kunden/:partnerNummer/kontaktdaten',
      {
        schema: {
          tags: TAGS,
          summary: 'Kontaktdaten zum Berichtigen, mit Stand (version) und den berichtigbaren Feldern',
          params: partnerParams,
          response: { 200: contactSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => agentContactData(contextOf(request), request.params.partnerNummer),
    );

    agent.put(
      '/vermittler/kunden/:partnerNummer/kontaktdaten',
      {
        schema: {
          tags: TAGS,
          summary: 'Kontaktdaten berichtigen (Kunde wird per E-Mail und Postfach informiert)',
          description:
            'Speichert in einer Transaktion mit Protokolleintrag, der den Vermittler nennt. 409 CONTACT_DATA_CHANGED, wenn sich die Daten seit dem Laden geändert haben (version). Wiederholtes Senden derselben Berichtigung antwortet 400 NOTHING_CHANGED und ändert nichts.',
          params: partnerParams,
          body: correctionBody,
          response: { 200: contactSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        correctContactData(
          { ...contextOf(request), transports, origin: originOf(request) },
          request.params.partnerNummer,
          request.body,
        ),
    );

    agent.get(
      '/vermittler/kunden/dokumente/:id',
      {
        schema: {
          tags: TAGS,
          summary: 'Ein Dokument eines Vertrags eines eigenen Kunden herunterladen (PDF)',
          params: z.object({ id: z.uuid({ error: 'Unbekanntes Dokument.' }) }),
          response: { 200: z.any().describe('PDF'), ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { document, file } = await openAgentDocument(
          { ...contextOf(request), files: app.files },
          request.params.id,
        );
        return sendFile(reply, {
          stream: file.stream,
          size: file.size,
          contentType: 'application/pdf',
          fileName: documentFileName(document),
        });
      },
    );

    agent.get(
      '/vermittler/vertraege/:vertragsnummer',
      {
        schema: {
          tags: TAGS,
          summary:
            'Ein Vertrag: Beitragsverlauf, vorgemerkte Änderungen, Aufgaben, Dokumente, mögliche Änderungen',
          params: contractParams,
          response: { 200: agentContractSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) =>
        agentContractDetails(
          { ...contextOf(request), flags: await getFlags(request) },
          request.params.vertragsnummer,
        ),
    );

    agent.get(
      `${AGENT_CHANGE_BASE}/:vertragsnummer`,
      {
        schema: {
          tags: ['Vermittler: Vertragsänderung'],
          summary: 'Ein Vertrag, wie die Änderungsseiten ihn lesen (wie GET /api/vertrag/vertrag/{id})',
          description:
            'Für die Änderungsseiten, die ein Vermittler für die Kundin oder den Kunden öffnet: dieselbe Sicht mit möglichen Änderungen (selbstServices), vorgemerkten Änderungen und geplantem Stand; ohne Dokumente, IBAN maskiert.',
          params: contractParams,
          response: { 200: contractDetailsSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) =>
        agentChangeContract(
          { ...contextOf(request), flags: await getFlags(request) },
          request.params.vertragsnummer,
        ),
    );

    // The customer's self-service changes, made by the agent: the same preview/save engine and the
    // same offer rule; the save records the agent and informs the customer in its transaction.
    registerChangeCalls(app, agent, {
      base: AGENT_CHANGE_BASE,
      tags: ['Vermittler: Vertragsänderung'],
      afterSave: (request) => recordAgentChange(actorOf(request), transports, originOf(request)),
      // An agent is not told to ask its agent: where the contract page names what is possible.
      notOfferedAdvice:
        'Welche Änderungen der Vertrag anbietet, steht in den Vertragsdetails; für alles andere hilft Ihnen der Vermittlerservice.',
    });
  });

  await app.register(async (scope) => {
    const anyone = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(anyone);
    answerPrivately(anyone);

    anyone.get(
      '/vertrag/vertrag/:id/vermittlernummer',
      {
        schema: {
          tags: ['Vertrag'],
          summary: 'Der Vermittler eines Vertrags (Nummer, Name, Vertriebsweg)',
          description:
            'Für die Kundin oder den Kunden des Vertrags und für Vermittler, die ihn betreuen (eigene oder Untervermittler).',
          params: z.object({
            id: z
              .string()
              .regex(/^\d{9,10}$/, { error: 'Die Vertragsnummer hat 9 oder 10 Ziffern.' })
              .describe('Versicherungsnummer'),
          }),
          response: {
            200: z
              .object({
                versicherungsNummer: z.string(),
                vermittlerNummer: z.string().nullable().describe('null: Direktvertrag ohne Vermittler'),
                name: z.string().optional(),
                vertriebsweg: z.string().optional(),
              })
              .meta({ id: 'VertragVermittler' }),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const contract = await findContractByNumber({ db, versicherungsNummer: request.params.id });
        if (!contract) throw notFound(`No contract ${request.params.id}`);
        if (actor.pool === 'vermittler')
          await assertAgentReachesContract({ db, actor, contractId: contract.id });
        else await assertCanAccessPartner({ db, actor, partnerId: contract.partnerId });
        const agent = contract.vermittlerNummer
          ? await findAgentByNumber({ db, vermittlerNummer: contract.vermittlerNummer })
          : undefined;
        return {
          versicherungsNummer: contract.versicherungsNummer,
          vermittlerNummer: agent?.vermittlerNummer ?? null,
          ...(agent ? { name: agent.name, vertriebsweg: agent.vertriebsweg } : {}),
        };
      },
    );
  });
};
