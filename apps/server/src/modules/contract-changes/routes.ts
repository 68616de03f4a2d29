// Self-service change calls (spec §7 'Contracts (customer)', family /api/vertrag/vertrag): one path
// per change, POST = preview (calculate, nothing saved), PATCH = save as pending change. Every call
// needs the customer's token and ownership; the change must be one of the self-services the contract
// offers (product, status, flags, 'disabled self-services'), so the pages and the API agree.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toCustomerView } from '@schirm/domain/contract/customer-view';
import { centsToEuro } from '@schirm/domain/contract/amounts';
import { todayInGermany, type CalendarDate } from '@schirm/domain/dates/calendar-date';
import { catalogueEntryForSummaryProdukt } from '@schirm/domain/products/catalogue';
import { risikoOrtSchema } from '@schirm/domain/products/common/risk-address';
import {
  HAUSRAT_DECKUNGEN,
  PHV_ANZAHL,
  PRICING_ZAHLWEISEN,
  SELBSTBETEILIGUNGEN,
} from '@schirm/domain/products/enums';
import { PHV_FAMILIENSTAENDE } from '@schirm/domain/products/phv/catalogue';
import { rahmennummerSchema } from '@schirm/domain/products/fahrrad/tariff';
import { jahresumsatzInputSchema, versicherungssummeInputSchema } from '@schirm/domain/validation/amounts';
import type { SelfServiceSlug } from '@schirm/domain/flags';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { AppError, badRequest, unprocessable } from '../../platform/errors';
import { getFlags } from '../../platform/flags/service';
import type { StoredContract } from '../contracts/contract-mapping';
import { notOfferedReason, selfServicesFor } from '../customer-contracts/service';
import { errors } from '../identity/schemas';
import { isKnownPostcode, placesOfPostcode } from '../reference/postcodes';
import { validateIbanWithBank } from '../reference/banks';
import { zuersClassFor } from '../reference/zuers';
import {
  applyDuePendingChanges,
  confirmRevenue,
  ownedContract,
  premiumFigures,
  previewContractChange,
  saveContractChange,
  type AfterSave,
  type ChangePreview,
  type ChangeRequest,
  type PlannedEntry,
  type PremiumFigures,
} from './service';
import { previewExtras, previewExtrasShape } from './preview-extras';
import { newSepaMandate } from './sepa-mandate';

const TAGS = ['Vertragsänderung'];
const BASE = '/vertrag/vertrag';

const params = z.object({
  id: z
    .string()
    .regex(/^\d{9,10}$/, { error: 'Die Vertragsnummer hat 9 oder 10 Ziffern.' })
    .describe('Versicherungsnummer'),
});

const dateSchema = z.iso.date({ error: 'Bitte geben Sie ein gültiges Datum an (JJJJ-MM-TT).' });

/** What every change call gets besides its body. */
interface ChangeInputContext {
  contract: StoredContract;
  glaeubigerId: string;
  today: CalendarDate;
  now: Date;
}

interface ChangeDefinition<B extends z.ZodType> {
  /** Path below /api/vertrag/vertrag, ending in /:id. */
  path: string;
  /** The self-service page this change belongs to (spec §2). */
  slug: SelfServiceSlug | ((body: z.output<B>) => SelfServiceSlug);
  summary: string;
  body: B;
  toRequest: (body: z.output<B>, context: ChangeInputContext) => ChangeRequest;
}

function define<B extends z.ZodType>(definition: ChangeDefinition<B>): ChangeDefinition<B> {
  return definition;
}

const deckungBody = z.union([
  z.object({ deckungsVariante: z.string().min(1, { error: 'Bitte wählen Sie eine Deckungsvariante.' }) }),
  z.object({
    hausratDeckungen: z.array(z.enum(HAUSRAT_DECKUNGEN, { error: 'Unbekannter Baustein.' })).min(1, {
      error: 'Bitte wählen Sie mindestens die Basisdeckung.',
    }),
  }),
]);

/** The change calls: path, page, request body and how the body becomes the domain's change. */
export const CHANGE_DEFINITIONS = [
  define({
    path: 'beitrag/zahlweise/:id',
    slug: 'zahlungsweise',
    summary: 'Zahlweise',
    body: z.object({
      zahlweise: z.enum(PRICING_ZAHLWEISEN, { error: 'Bitte wählen Sie eine Zahlweise.' }),
    }),
    toRequest: (body) => ({ type: 'zahlweise', value: body.zahlweise }),
  }),
  define({
    path: 'beitrag/selbstbeteiligung/:id',
    slug: 'selbstbeteiligung',
    summary: 'Selbstbeteiligung',
    body: z.object({
      selbstbeteiligung: z.enum(SELBSTBETEILIGUNGEN, { error: 'Bitte wählen Sie eine Selbstbeteiligung.' }),
    }),
    toRequest: (body) => ({ type: 'selbstbeteiligung', value: body.selbstbeteiligung }),
  }),
  define({
    path: 'beitrag/elementar/:id',
    slug: 'elementar',
    summary: 'Elementarschutz ein- oder ausschließen',
    body: z.object({ elementar: z.boolean({ error: 'Bitte wählen Sie Ja oder Nein.' }) }),
    toRequest: (body) => ({ type: 'elementar', value: body.elementar }),
  }),
  define({
    path: 'beitrag/phv/:id',
    slug: 'phv',
    summary: 'Anzahl der Personen mit Privathaftpflicht (Vermögensschadenhaftpflicht)',
    body: z.object({
      phvAnzahl: z.enum(PHV_ANZAHL, { error: 'Bitte wählen Sie die Anzahl der Personen.' }),
    }),
    toRequest: (body) => ({ type: 'phvAnzahl', value: body.phvAnzahl }),
  }),
  define({
    path: 'beitrag/buerohaftpflicht/:id',
    slug: 'bhv',
    summary: 'Bürohaftpflicht ein- oder ausschließen',
    body: z.object({ buerohaftpflicht: z.boolean({ error: 'Bitte wählen Sie Ja oder Nein.' }) }),
    toRequest: (body) => ({ type: 'buerohaftpflicht', value: body.buerohaftpflicht }),
  }),
  define({
    path: 'beitrag/phv/familienstand/:id',
    slug: 'familienstand',
    summary: 'Familienstand der Privathaftpflicht',
    body: z.object({
      familienstand: z.enum(PHV_FAMILIENSTAENDE, { error: 'Bitte wählen Sie Ihren Familienstand.' }),
    }),
    toRequest: (body) => ({ type: 'familienstand', value: body.familienstand }),
  }),
  define({
    path: 'beitrag/risikoort/:id',
    slug: 'risikoort',
    summary: 'Risikoort (Umzug, neue Anschrift des versicherten Orts)',
    body: z.object({ risikoOrt: risikoOrtSchema, wunschdatum: dateSchema }),
    toRequest: (body, { contract }) => {
      if (!isKnownPostcode(body.risikoOrt.plz)) {
        throw badRequest(`Unknown postcode ${body.risikoOrt.plz}`, {
          code: 'UNKNOWN_POSTCODE',
          fieldErrors: [{ path: 'risikoOrt.plz', message: 'Diese Postleitzahl gibt es nicht.' }],
        });
      }
      const places = placesOfPostcode(body.risikoOrt.plz);
      if (!places.includes(body.risikoOrt.ort)) {
        throw badRequest(`Place ${body.risikoOrt.ort} not in ${body.risikoOrt.plz}`, {
          code: 'PLACE_NOT_IN_POSTCODE',
          fieldErrors: [
            {
              path: 'risikoOrt.ort',
              message: `Bitte wählen Sie einen Ort zur Postleitzahl: ${places.join(', ')}.`,
            },
          ],
        });
      }
      const zuersKlasse =
        contract.details.produktKey === 'HAUSRAT' ? zuersClassFor(body.risikoOrt) : undefined;
      return {
        type: 'risikoort',
        value: { ...body.risikoOrt, ...(zuersKlasse === undefined ? {} : { zuersKlasse }) },
        wunschdatum: body.wunschdatum,
      };
    },
  }),
  define({
    path: 'deckung/:id',
    slug: (body) => ('hausratDeckungen' in body ? 'versicherte-kosten' : 'deckung'),
    summary: 'Deckung: Deckungsvariante oder Hausrat-Bausteine',
    body: deckungBody,
    toRequest: (body) => ({ type: 'deckung', value: body }),
  }),
  define({
    path: 'jahresumsatz/:id',
    slug: 'jahresumsatz',
    summary: 'Jahresumsatz melden',
    body: z.object({ jahresumsatz: jahresumsatzInputSchema }),
    toRequest: (body) => ({ type: 'jahresumsatz', value: body.jahresumsatz }),
  }),
  define({
    path: 'versicherungssumme/:id',
    slug: 'versicherungssumme',
    summary: 'Versicherungssumme ändern',
    body: z.object({ wirksamkeitsdatum: dateSchema, value: versicherungssummeInputSchema }),
    toRequest: (body) => ({
      type: 'versicherungssumme',
      value: body.value,
      wunschdatum: body.wirksamkeitsdatum,
    }),
  }),
  define({
    path: 'betriebsart/:id',
    slug: 'gewerbearten',
    summary: 'Versicherte Gewerbe (Haupt- und Nebengewerbe)',
    body: z.object({
      hauptgewerbe: z.string().min(1, { error: 'Bitte wählen Sie Ihr Hauptgewerbe.' }),
      nebengewerbe: z
        .array(z.string().min(1))
        .max(10, { error: 'Bitte wählen Sie höchstens 10 Nebengewerbe.' }),
    }),
    toRequest: (body) => ({ type: 'gewerbearten', value: body }),
  }),
  define({
    path: 'bankverbindung/:id',
    slug: 'bankverbindung',
    summary: 'Bankverbindung (neues SEPA-Lastschriftmandat)',
    body: z.object({
      iban: z.string().min(1, { error: 'Bitte geben Sie Ihre IBAN an.' }),
      kontoinhaber: z
        .string()
        .trim()
        .min(2, { error: 'Bitte geben Sie die Kontoinhaberin oder den Kontoinhaber an.' })
        .max(70, { error: 'Der Name ist zu lang (höchstens 70 Zeichen).' }),
    }),
    toRequest: (body, { contract, glaeubigerId, today, now }) => {
      const checked = validateIbanWithBank(body.iban, { withBankData: true });
      if (!checked.valid) {
        throw badRequest('IBAN rejected', {
          code: 'INVALID_IBAN',
          fieldErrors: [{ path: 'iban', message: checked.messages[0] ?? 'Die IBAN ist ungültig.' }],
        });
      }
      return {
        type: 'bankverbindung',
        value: {
          iban: checked.iban,
          ...(checked.bankData?.bic ? { bic: checked.bankData.bic } : {}),
          kontoinhaber: body.kontoinhaber,
          sepaMandat: newSepaMandate(contract.versicherungsNummer, today, { glaeubigerId, now }),
        },
      };
    },
  }),
  define({
    path: 'fahrrad/:id',
    slug: 'rahmennummer',
    summary: 'Fahrraddaten: Rahmennummer',
    body: z.object({ rahmennummer: rahmennummerSchema }),
    toRequest: (body, { contract }) => {
      if (contract.details.produktKey !== 'FAHRRAD') {
        throw badRequest('Not a bicycle contract', {
          code: 'CHANGE_NOT_APPLICABLE',
          userMessage: 'Diese Änderung ist für diesen Vertrag nicht möglich.',
        });
      }
      const { hersteller, typ } = contract.details.fahrrad;
      return { type: 'fahrrad', value: { hersteller, typ, rahmennummer: body.rahmennummer } };
    },
  }),
] as const;

const premiumSchema = z
  .object({
    zahlweise: z.enum(PRICING_ZAHLWEISEN).or(z.literal('EINMALIG')),
    nettoProPeriode: z.number().describe('Nettobeitrag je Zahlungsperiode in EUR (mit Ratenzuschlag)'),
    versicherungsteuerProPeriode: z.number().describe('Versicherungsteuer (19 %) je Zahlungsperiode in EUR'),
    beitragProPeriode: z.number().describe('Zahlbetrag je Zahlungsperiode in EUR'),
    jahresbeitrag: z.number().describe('Zahlbetrag im Jahr in EUR'),
  })
  .meta({ id: 'AenderungBeitrag' });

const plannedEntrySchema = z
  .object({
    typ: z.string().describe('Art der Änderung'),
    bezeichnung: z.string().describe("Name und neuer Wert, z. B. 'Elementarschutz: eingeschlossen'"),
    wirksamkeitsdatum: z.iso.date(),
  })
  .meta({ id: 'VorgemerkteAenderung' });

const timelineEntrySchema = plannedEntrySchema
  .extend({
    art: z.enum(['vorgemerkt', 'diese']).describe('Schon vorgemerkt oder diese Änderung'),
    beitrag: premiumSchema.optional().describe('Beitrag ab diesem Tag; fehlt ohne Beitragswirkung'),
    bisherVorgemerkt: premiumSchema
      .optional()
      .describe('Neu berechnet: der Beitrag, der bisher für diese vorgemerkte Änderung galt'),
  })
  .meta({ id: 'Zeitplaneintrag' });

const previewSchema = z
  .object({
    versicherungsNummer: z.string(),
    version: z.number().int().describe('Vertragsstand der Berechnung; beim Speichern mitsenden'),
    wirksamkeitsdatum: z.iso.date(),
    bisherigerBeitrag: premiumSchema,
    neuerBeitrag: premiumSchema
      .optional()
      .describe(
        'Beitrag, wenn alle vorgemerkten Änderungen und diese gelten; fehlt bei Änderungen ohne Beitragswirkung',
      ),
    beitragOhneAenderung: premiumSchema
      .optional()
      .describe('Nur wenn Änderungen vorgemerkt sind: Beitrag, wenn sie gelten, ohne diese Änderung'),
    zeitplan: z
      .array(timelineEntrySchema)
      .describe('Vorgemerkte Änderungen und diese, in der Reihenfolge, in der sie wirksam werden'),
    ersetzteVormerkungen: z
      .array(plannedEntrySchema)
      .describe(
        'Vorgemerkte Änderungen, die diese ersetzt; beim Speichern mit vormerkungenErsetzen bestätigen',
      ),
    ruecknahme: z
      .boolean()
      .describe(
        'Die Änderung nimmt nur vorgemerkte Änderungen zurück (der Wert entspricht dem heutigen Stand)',
      ),
    versicherungssumme: z.number().optional().describe('Versicherungssumme nach der Änderung in EUR'),
    fehlermeldung: z
      .string()
      .optional()
      .describe('Nur Jahresumsatz: warum der Umsatz online nicht versichert werden kann'),
    ...previewExtrasShape,
  })
  .meta({ id: 'AenderungVorschau' });

const revenueConfirmationSchema = z
  .object({
    versicherungsNummer: z.string(),
    version: z.number().int().describe('Neuer Vertragsstand'),
    jahresumsatz: z.number().describe('Der bestätigte Jahresumsatz in EUR'),
    jahresumsatzGemeldetAm: z.iso.date().describe('Tag der Bestätigung'),
  })
  .meta({ id: 'JahresumsatzBestaetigung' });

const saveExtras = z.object({
  version: z.number({ error: 'Bitte berechnen Sie die Änderung zuerst.' }).int().min(1),
  erwarteterBeitrag: z
    .number()
    .nonnegative()
    .optional()
    .describe('Beitrag je Periode in EUR, den die Vorschau zeigte; weicht er ab, antwortet der Server 409'),
  vormerkungenErsetzen: z
    .boolean()
    .optional()
    .describe('Bestätigt, dass die in der Vorschau genannten vorgemerkten Änderungen ersetzt werden'),
});

function premiumView(figures: PremiumFigures) {
  return {
    zahlweise: figures.zahlweise,
    nettoProPeriode: centsToEuro(figures.nettoProPeriodeCents),
    versicherungsteuerProPeriode: centsToEuro(figures.versicherungsteuerProPeriodeCents),
    beitragProPeriode: centsToEuro(figures.bruttoProPeriodeCents),
    jahresbeitrag: centsToEuro(figures.bruttoJahresbeitragCents),
  };
}

function plannedEntryView(entry: PlannedEntry) {
  return {
    typ: entry.change.type,
    bezeichnung: entry.bezeichnung,
    wirksamkeitsdatum: entry.change.wirksamkeitsdatum,
  };
}

function previewView(preview: ChangePreview) {
  return {
    versicherungsNummer: preview.contract.versicherungsNummer,
    version: preview.contract.version,
    wirksamkeitsdatum: preview.wirksamkeitsdatum,
    bisherigerBeitrag: premiumView(preview.bisher),
    ...(preview.neu ? { neuerBeitrag: premiumView(preview.neu) } : {}),
    ...(preview.ohneAenderung ? { beitragOhneAenderung: premiumView(preview.ohneAenderung) } : {}),
    zeitplan: preview.zeitplan.map((step) => ({
      ...plannedEntryView(step),
      art: step.art,
      ...(step.beitrag ? { beitrag: premiumView(step.beitrag) } : {}),
      ...(step.bisherVorgemerkt ? { bisherVorgemerkt: premiumView(step.bisherVorgemerkt) } : {}),
    })),
    ersetzteVormerkungen: preview.ersetzt.map(plannedEntryView),
    ruecknahme: preview.ruecknahme,
    ...(preview.versicherungssummeCents === undefined
      ? {}
      : { versicherungssumme: centsToEuro(preview.versicherungssummeCents) }),
    ...previewExtras(preview),
  };
}

/** What a refused change tells the customer to do next. */
const CUSTOMER_NOT_OFFERED_ADVICE = 'Bitte wenden Sie sich an Ihre Vermittlerin oder Ihren Vermittler.';

/**
 * Refuses a change the contract does not offer (product, status, end date, single premium, flags,
 * 'disabled self-services'), with the same rule the details page uses to list the pages.
 */
async function assertOffered(
  contract: StoredContract,
  slug: SelfServiceSlug,
  today: CalendarDate,
  request: Parameters<typeof getFlags>[0],
  advice: string = CUSTOMER_NOT_OFFERED_ADVICE,
): Promise<void> {
  const entry = catalogueEntryForSummaryProdukt(contract.produkt);
  const view = toCustomerView(contract, {
    today,
    versicherungsName: entry.name,
    deckungsVarianten: [],
    dokumente: [],
  });
  if (!selfServicesFor(contract, view, await getFlags(request), today).includes(slug)) {
    // 422, not 403: the caller may act on the contract; this change does not exist for it.
    const reason = notOfferedReason(contract, slug, today);
    throw unprocessable(`Self-service ${slug} not offered for ${contract.versicherungsNummer}`, {
      code: 'SELF_SERVICE_NOT_OFFERED',
      userMessage: `${reason ?? 'Diese Änderung ist für diesen Vertrag online nicht möglich.'} ${advice}`,
    });
  }
}

/** Queue name of the job that applies due pending changes. */
export const PENDING_CHANGES_JOB = 'pending-changes';

export const contractChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  // The daily job on the job queue (ADR 0011): pending changes whose day has come are applied, at
  // start and every hour, by one process of all that run jobs. Each contract is saved under its
  // optimistic lock, so a run repeated after a crash cannot apply a change twice.
  app.jobs.define({
    name: PENDING_CHANGES_JOB,
    atStart: true,
    cron: '0 * * * *',
    expireInSeconds: 30 * 60,
    // An hourly job: looking every 10 s is plenty (a trigger in this process wakes it at once).
    pollingIntervalSeconds: 10,
    run: async () => {
      const result = await applyDuePendingChanges({ db: app.database.db, today: todayInGermany() });
      if (result.changes > 0 || result.conflicts > 0) app.log.info(result, 'pending changes applied');
      return result;
    },
  });

  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer, 'benutzer');
    answerPrivately(customer);

    customer.post(
      `${BASE}/jahresumsatz/:id/bestaetigen`,
      {
        schema: {
          tags: TAGS,
          summary: 'Jahresumsatz unverändert bestätigen',
          description:
            'Die Kundin oder der Kunde bestätigt den zuletzt gemeldeten Jahresumsatz. Vermerkt den Tag der Meldung und erledigt offene Umsatz-Erinnerungen; der Beitrag ändert sich nicht.',
          params,
          body: z
            .object({
              version: z
                .number()
                .int()
                .min(1)
                .optional()
                .describe('Vertragsstand, den die Seite zeigte; weicht er ab, antwortet der Server 409'),
            })
            // Fastify hands a request without body to the schema as null.
            .nullish(),
          response: { 200: revenueConfirmationSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const context = {
          db: app.database.db,
          actor: actorOf(request),
          today: todayInGermany(),
          now: new Date(),
        };
        await assertOffered(
          await ownedContract(context, request.params.id),
          'jahresumsatz',
          context.today,
          request,
        );
        const saved = await confirmRevenue(context, request.params.id, request.body?.version);
        const { details } = saved;
        if (
          (details.produktKey !== 'BHV' && details.produktKey !== 'VH') ||
          !details.jahresumsatzGemeldetAm
        ) {
          throw new Error(`Revenue confirmation of ${saved.versicherungsNummer} left no report date`);
        }
        return {
          versicherungsNummer: saved.versicherungsNummer,
          version: saved.version,
          jahresumsatz: centsToEuro(details.jahresumsatz.value),
          jahresumsatzGemeldetAm: details.jahresumsatzGemeldetAm,
        };
      },
    );

    registerChangeCalls(app, customer, { base: BASE });
  });
};

/** How registerChangeCalls mounts the change calls. */
export interface ChangeCallOptions {
  /** Path prefix below /api, e.g. '/vertrag/vertrag' (the customer's) or the agent's. */
  base: string;
  tags?: string[];
  /**
   * Per save request: what runs in the save's transaction once the change is stored (an agent's
   * change records who made it and informs the customer, issue 15).
   */
  afterSave?: (request: FastifyRequest, contract: StoredContract) => AfterSave;
  /** The next step a refused ('not offered') change names; default: the customer's (ask the agent). */
  notOfferedAdvice?: string;
}

/**
 * Registers the preview (POST) and save (PATCH) call of every change on a protected scope. The
 * caller's access is the one rule of ownedContract (customer: own; agent: its scope); the change
 * must be one the contract offers, as for the customer.
 */
export function registerChangeCalls(
  app: FastifyInstance,
  scope: FastifyInstance<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    FastifyBaseLogger,
    ZodTypeProvider
  >,
  options: ChangeCallOptions,
): void {
  for (const definition of CHANGE_DEFINITIONS) {
    const bodySchema = definition.body as z.ZodType;
    const toRequest = definition.toRequest as (body: unknown, context: ChangeInputContext) => ChangeRequest;
    const slugOf = definition.slug as SelfServiceSlug | ((body: unknown) => SelfServiceSlug);

    const prepare = async (
      request: { params: { id: string }; body: unknown },
      rawRequest: Parameters<typeof getFlags>[0],
    ) => {
      const base = {
        db: app.database.db,
        files: app.files,
        actor: actorOf(rawRequest),
        today: todayInGermany(),
        now: new Date(),
      };
      const contract = await ownedContract(base, request.params.id);
      const afterSave = options.afterSave?.(rawRequest, contract);
      const context = afterSave ? { ...base, afterSave } : base;
      const slug = typeof slugOf === 'function' ? slugOf(request.body) : slugOf;
      await assertOffered(contract, slug, context.today, rawRequest, options.notOfferedAdvice);
      return {
        context,
        change: toRequest(request.body, {
          contract,
          glaeubigerId: app.config.sepaGlaeubigerId,
          today: context.today,
          now: context.now,
        }),
      };
    };

    scope.post(
      `${options.base}/${definition.path}`,
      {
        schema: {
          tags: options.tags ?? TAGS,
          summary: `${definition.summary}: berechnen (Vorschau, nichts wird gespeichert)`,
          params,
          body: bodySchema,
          response: { 200: previewSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const { context, change } = await prepare(request, request);
        try {
          return previewView(await previewContractChange(context, request.params.id, change));
        } catch (error) {
          // The revenue calculation answers the tariff's refusal as data (spec §7: 'the response
          // may carry an error message'), so the page can show it next to the input.
          if (change.type === 'jahresumsatz' && error instanceof AppError && error.status === 422) {
            const contract = await ownedContract(context, request.params.id);
            return {
              versicherungsNummer: contract.versicherungsNummer,
              version: contract.version,
              wirksamkeitsdatum: context.today,
              bisherigerBeitrag: premiumView(premiumFigures(contract.beitrag, contract.zahlweise)),
              zeitplan: [],
              ersetzteVormerkungen: [],
              ruecknahme: false,
              fehlermeldung: error.userMessage,
            };
          }
          throw error;
        }
      },
    );

    scope.patch(
      `${options.base}/${definition.path}`,
      {
        schema: {
          tags: options.tags ?? TAGS,
          summary: `${definition.summary}: speichern (als vorgemerkte Änderung)`,
          params,
          body: z.intersection(bodySchema, saveExtras),
          response: { 200: previewSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        const body = request.body as Record<string, unknown> & z.output<typeof saveExtras>;
        const { version, erwarteterBeitrag, vormerkungenErsetzen, ...changeBody } = body;
        const { context, change } = await prepare({ params: request.params, body: changeBody }, request);
        const saved = await saveContractChange(context, request.params.id, change, {
          version,
          ...(vormerkungenErsetzen === undefined ? {} : { vormerkungenErsetzen }),
          ...(erwarteterBeitrag === undefined
            ? {}
            : { bruttoProPeriodeCents: Math.round(erwarteterBeitrag * 100) }),
        });
        return previewView(saved);
      },
    );
  }
}
