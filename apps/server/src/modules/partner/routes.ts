// Partner calls (spec §7 'Partner': /api/partner/partner/{id}, …/umzug, rechtsformen, …/bankverbindung,
// findByVermittlernummer/{id}), {id} = the partner number (Kundennummer): the master data of 'Meine
// Daten' and reporting a move (issue 12, ADR 0019); the master data and bank account are read by
// agents too, under the one scope rule (issue 15, ADR 0031).
// POST …/umzug previews (nothing saved), PATCH …/umzug saves, as the contract changes do (ADR 0008);
// agents call them for a customer in their scope too (Umzugsservice, ADR 0033).
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { centsToEuro } from '@schirm/domain/contract/amounts';
import { todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { hausnummerSchema } from '@schirm/domain/validation/identifiers';
import { PERSON_ARTEN, PRICING_ZAHLWEISEN } from '@schirm/domain/products/enums';
import { RECHTSFORMEN } from '@schirm/domain/application/common-steps';
import { assertCanAccessPartner } from '../../platform/auth/ownership';
import { maskedBankAccount, partnersOfAgent } from '../agent-customers/service';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { notFound } from '../../platform/errors';
import { getFlags } from '../../platform/flags/service';
import type { PremiumFigures } from '../contract-changes/service';
import { findPartnerIdByNumber } from '../contracts/partners-repository';
import { errors } from '../identity/schemas';
import { createTransports } from '../outbox/transports';
import { describePartner } from './master-data';
import {
  elementarAtNewAddress,
  previewRelocation,
  replacedEntries,
  saveRelocation,
  type ContractOutcome,
  type RelocationPreview,
} from './relocation';
import { RELOCATION_TEXTS } from './texts';

const TAGS = ['Partner'];
const BASE = '/partner/partner';

const params = z.object({
  id: z
    .string()
    .regex(/^\d{6,12}$/, { error: 'Die Kundennummer hat 6 bis 12 Ziffern.' })
    .describe('Partnernummer (Kundennummer)'),
});

const anschriftSchema = z
  .object({
    strasse: z.string(),
    hausnummer: z.string(),
    plz: z.string(),
    ort: z.string(),
    land: z.string(),
    gueltigAb: z.iso.date().describe('Tag, ab dem die Anschrift gilt'),
  })
  .meta({ id: 'Anschrift' });

const stammdatenSchema = z
  .object({
    partnerNummer: z.string().describe('Kundennummer'),
    personArt: z.enum(PERSON_ARTEN),
    anrede: z.string().optional().describe('Frau, Herr oder divers; fehlt bei Firmen und ohne Angabe'),
    titel: z.string().optional(),
    vorname: z.string().optional(),
    nachname: z.string().optional(),
    geburtsdatum: z.iso.date().optional(),
    firmenname: z.string().optional(),
    rechtsform: z.string().optional(),
    gruendungsdatum: z.iso.date().optional(),
    email: z.string().optional().describe('Kontakt-E-Mail-Adresse des Partners'),
    telefon: z.string().optional().describe('Telefon für Rückfragen (E.164)'),
    anschrift: anschriftSchema.optional().describe('Heute gültige Postanschrift'),
    neueAnschrift: anschriftSchema
      .optional()
      .describe('Bereits gemeldeter Umzug: Anschrift ab einem späteren Tag'),
    umzug: z
      .object({
        fruehestesDatum: z.iso.date(),
        spaetestesDatum: z.iso.date(),
      })
      .describe('Tage, für die heute ein Umzug gemeldet werden kann'),
  })
  .meta({ id: 'Stammdaten' });

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

const premiumSchema = z
  .object({
    zahlweise: z.enum(PRICING_ZAHLWEISEN).or(z.literal('EINMALIG')),
    beitragProPeriode: z.number().describe('Zahlbetrag je Zahlungsperiode in EUR'),
    versicherungsteuerProPeriode: z.number().describe('Versicherungsteuer je Zahlungsperiode in EUR'),
    jahresbeitrag: z.number().describe('Zahlbetrag im Jahr in EUR'),
  })
  .meta({ id: 'UmzugBeitrag' });

const vertragSchema = z
  .object({
    versicherungsNummer: z.string(),
    versicherungsName: z.string(),
    art: z
      .enum(['AENDERUNG', 'UNVERAENDERT', 'NICHT_MOEGLICH'])
      .describe(
        'AENDERUNG: zieht mit um; UNVERAENDERT: ändert sich nicht; NICHT_MOEGLICH: online nicht umstellbar',
      ),
    grund: z
      .string()
      .optional()
      .describe('Warum der Vertrag sich nicht ändert oder nicht umgestellt werden kann'),
    version: z.number().int(),
    wirksamkeitsdatum: z.iso.date().optional().describe('Ab diesem Tag gilt der neue versicherte Ort'),
    bisherigerBeitrag: premiumSchema.optional().describe('Beitrag heute'),
    beitragOhneUmzug: premiumSchema
      .optional()
      .describe('Beitrag an diesem Tag ohne den Umzug (mit anderen vorgemerkten Änderungen)'),
    neuerBeitrag: premiumSchema.optional().describe('Beitrag ab dem Umzug'),
    zuersKlasse: z
      .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
      .optional()
      .describe('Nur Hausrat: ZÜRS-Gefährdungsklasse der neuen Anschrift'),
    elementarEinschliessbar: z.boolean().optional(),
    beitragSteigt: z.boolean().optional(),
    ersetzt: z
      .array(z.string())
      .optional()
      .describe(
        'Vorgemerkte Änderungen des Vertrags, die der Umzug ersetzt (z. B. ein früher gemeldeter Umzug)',
      ),
    sonderkuendigungsrecht: z
      .string()
      .optional()
      .describe('Nur bei steigendem Beitrag: das Sonderkündigungsrecht (§ 40 VVG)'),
  })
  .meta({ id: 'UmzugVertrag' });

const umzugVorschauSchema = z
  .object({
    partnerNummer: z.string(),
    umzugsdatum: z.iso.date(),
    bisherigeAnschrift: anschriftSchema,
    neueAnschrift: anschriftSchema,
    vertraege: z.array(vertragSchema).describe('Alle laufenden Verträge'),
    speicherbar: z
      .boolean()
      .describe('false: ein Vertrag an der alten Anschrift ist online nicht umstellbar'),
    stand: z.string().describe('Stand der Berechnung; beim Speichern mitsenden, sonst 409'),
  })
  .meta({ id: 'UmzugVorschau' });

function premiumView(figures: PremiumFigures) {
  return {
    zahlweise: figures.zahlweise,
    beitragProPeriode: centsToEuro(figures.bruttoProPeriodeCents),
    versicherungsteuerProPeriode: centsToEuro(figures.versicherungsteuerProPeriodeCents),
    jahresbeitrag: centsToEuro(figures.bruttoJahresbeitragCents),
  };
}

function contractView(outcome: ContractOutcome) {
  const base = {
    versicherungsNummer: outcome.contract.versicherungsNummer,
    versicherungsName: outcome.versicherungsName,
    art: outcome.art,
    version: outcome.contract.version,
  };
  if (outcome.art !== 'AENDERUNG') return { ...base, grund: outcome.grund };
  const { preview } = outcome;
  const zuersKlasse = preview.change.type === 'risikoort' ? preview.change.value.zuersKlasse : undefined;
  const elementar = elementarAtNewAddress(outcome);
  return {
    ...base,
    wirksamkeitsdatum: preview.wirksamkeitsdatum,
    bisherigerBeitrag: premiumView(preview.bisher),
    beitragOhneUmzug: premiumView(outcome.ohneUmzug),
    ...(preview.neu ? { neuerBeitrag: premiumView(preview.neu) } : {}),
    ...(zuersKlasse === undefined ? {} : { zuersKlasse }),
    ...(elementar === undefined ? {} : { elementarEinschliessbar: elementar }),
    beitragSteigt: outcome.beitragSteigt,
    ...(replacedEntries(preview).length > 0 ? { ersetzt: replacedEntries(preview) } : {}),
    ...(outcome.beitragSteigt ? { sonderkuendigungsrecht: RELOCATION_TEXTS.contracts.sonderkuendigung } : {}),
  };
}

function previewView(partnerNummer: string, preview: RelocationPreview) {
  return {
    partnerNummer,
    umzugsdatum: preview.umzugsdatum,
    bisherigeAnschrift: {
      strasse: preview.bisherigeAnschrift.strasse,
      hausnummer: preview.bisherigeAnschrift.hausnummer,
      plz: preview.bisherigeAnschrift.plz,
      ort: preview.bisherigeAnschrift.ort,
      land: preview.bisherigeAnschrift.land,
      gueltigAb: preview.bisherigeAnschrift.gueltigAb,
    },
    neueAnschrift: { ...preview.neueAnschrift, gueltigAb: preview.umzugsdatum },
    vertraege: preview.vertraege.map(contractView),
    speicherbar: preview.speicherbar,
    stand: preview.stand,
  };
}

export const partnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const transports = createTransports(app.config);
  const partnerIdOf = async (partnerNummer: string) => {
    const id = await findPartnerIdByNumber({ db: app.database.db, partnerNummer });
    if (!id) throw notFound(`No partner ${partnerNummer}`);
    return id;
  };

  // Reference data for forms: the legal forms of a company (JuristischePersonDTO.rechtsform).
  app.withTypeProvider<ZodTypeProvider>().get(
    `${BASE}/rechtsformen`,
    {
      schema: {
        tags: TAGS,
        summary: 'Rechtsformen einer Firma (Schlüssel und Bezeichnung)',
        response: {
          200: z.array(z.object({ value: z.string(), label: z.string() })).meta({ id: 'Rechtsformen' }),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return Object.entries(RECHTSFORMEN).map(([value, label]) => ({ value, label }));
    },
  );

  // Read by the customer (own partner) and by agents (the one scope rule, issue 15).
  await app.register(async (scope) => {
    const reader = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(reader);
    answerPrivately(reader);

    reader.get(
      `${BASE}/:id`,
      {
        schema: {
          tags: TAGS,
          summary: 'Stammdaten: Anrede, Name, Anschrift, Geburtsdatum, Kundennummer, Kontakt',
          description:
            'Für die Kundin oder den Kunden selbst und für Vermittler, die einen Vertrag des Partners betreuen (eigene oder Untervermittler).',
          params,
          response: { 200: stammdatenSchema, ...errors(401, 403, 404) },
        },
      },
      async (request) =>
        describePartner({
          db: app.database.db,
          actor: actorOf(request),
          partnerId: await partnerIdOf(request.params.id),
          today: todayInGermany(),
        }),
    );

    reader.get(
      `${BASE}/:id/bankverbindung`,
      {
        schema: {
          tags: TAGS,
          summary: 'Die heute gültige Bankverbindung (IBAN maskiert)',
          description:
            'Ändern: über die Vertragsänderung Bankverbindung (neues SEPA-Lastschriftmandat), nicht hier.',
          params,
          response: {
            200: z
              .object({
                iban: z.string().describe("Maskiert, z. B. 'DE62 **** **** **** **30 01'"),
                kontoinhaber: z.string(),
                bic: z.string().optional(),
              })
              .meta({ id: 'PartnerBankverbindung' }),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request) => {
        const partnerId = await partnerIdOf(request.params.id);
        await assertCanAccessPartner({ db: app.database.db, actor: actorOf(request), partnerId });
        return maskedBankAccount(app.database.db, partnerId, todayInGermany());
      },
    );
  });

  await app.register(async (scope) => {
    const agent = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(agent, 'vermittler');
    answerPrivately(agent);

    agent.get(
      `${BASE}/findByVermittlernummer/:id`,
      {
        schema: {
          tags: TAGS,
          summary: 'Die Kunden eines Vermittlers (eigene Nummer oder die eines Untervermittlers)',
          params: z.object({
            id: z
              .string()
              .regex(/^\d{10}$/, { error: 'Die Vermittlernummer hat 10 Ziffern.' })
              .describe('Vermittlernummer'),
          }),
          response: {
            200: z
              .object({
                vermittlerNummer: z.string(),
                partner: z.array(
                  z.object({ partnerNummer: z.string(), personArt: z.enum(PERSON_ARTEN), name: z.string() }),
                ),
                vollstaendig: z.boolean().describe('false: mehr als 500 Kunden, die Liste ist gekürzt'),
              })
              .meta({ id: 'PartnerDesVermittlers' }),
            ...errors(400, 401, 403, 404),
          },
        },
      },
      async (request) =>
        partnersOfAgent(
          { db: app.database.db, actor: actorOf(request), today: todayInGermany() },
          request.params.id,
        ),
    );
  });

  // Reporting a move: the customer for the own partner, an agent for a customer in its scope (the
  // Umzugsservice, spec §7 `…/umzug`; flag relocation-service, ADR 0033). The service's ownership
  // check (assertCanAccessPartner) answers 404 to anyone else, a clerk included.
  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer);
    customer.addHook('onRequest', async (request) => {
      if (actorOf(request).pool !== 'vermittler') return;
      if (!(await getFlags(request))['relocation-service']) {
        throw notFound('Flag relocation-service is off', { userMessage: RELOCATION_TEXTS.agentServiceOff });
      }
    });
    answerPrivately(customer);

    const contextOf = async (request: Parameters<typeof getFlags>[0]) => ({
      db: app.database.db,
      actor: actorOf(request),
      today: todayInGermany(),
      now: new Date(),
      flags: await getFlags(request),
    });
    const requestOf = (body: z.output<typeof umzugBody>) => ({
      adresse: { ...body.adresse, land: 'DE' },
      umzugsdatum: body.umzugsdatum as CalendarDate,
    });

    customer.post(
      `${BASE}/:id/umzug`,
      {
        schema: {
          tags: TAGS,
          summary: 'Umzug melden: berechnen (Vorschau je Vertrag, nichts wird gespeichert)',
          params,
          body: umzugBody,
          response: { 200: umzugVorschauSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const partnerId = await partnerIdOf(request.params.id);
        const preview = await previewRelocation(await contextOf(request), partnerId, requestOf(request.body));
        return previewView(request.params.id, preview);
      },
    );

    customer.patch(
      `${BASE}/:id/umzug`,
      {
        schema: {
          tags: TAGS,
          summary: 'Umzug melden: speichern (neue Anschrift und alle betroffenen Verträge zusammen)',
          params,
          body: umzugBody.extend({
            stand: z
              .string({ error: 'Bitte berechnen Sie den Umzug zuerst.' })
              .min(1, { error: 'Bitte berechnen Sie den Umzug zuerst.' })
              .max(100),
          }),
          response: { 200: umzugVorschauSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const partnerId = await partnerIdOf(request.params.id);
        const saved = await saveRelocation(
          { ...(await contextOf(request)), files: app.files, transports },
          partnerId,
          requestOf(request.body),
          request.body.stand,
        );
        return previewView(request.params.id, saved);
      },
    );
  });
};
