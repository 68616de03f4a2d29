// Contract transfer routes (issue 15, ADR 0035; docs/api/contract-transfer.md):
// - BHV tariff change (flag 'bhv-tariff-change'): preview and submit for the agent (scope rule)
//   and the signed-in customer; without sign-in a request by contract number and postcode that
//   answers the same 202 whether or not a contract matches, and the e-mailed link's preview and
//   submit. Submits need an Idempotency-Key.
// - Contract holder change (flag 'contract-holder-change'): the agent's state, start and cancel;
//   the new holder's preview and confirmation by the e-mailed link; the customer's request.
// - The daily job 'holder-changes' applies confirmed holder changes whose day has come.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isCalendarDate, todayInGermany, compareDates } from '@schirm/domain/dates/calendar-date';
import { actorOf, answerPrivately, protectScope } from '../../platform/auth/authenticate';
import { forbidden } from '../../platform/errors';
import { getFlags } from '../../platform/flags/service';
import { errors } from '../identity/schemas';
import { createTransports } from '../outbox/transports';
import {
  previewTariffChange,
  previewTariffChangeByLink,
  requestTariffChangeLink,
  submitTariffChange,
  submitTariffChangeByLink,
  tariffChangeResultSchema,
} from './bhv-tariff-change';
import {
  applyDueHolderChanges,
  cancelHolderChange,
  confirmHolderChange,
  HOLDER_CHANGE_VIEW_STATES,
  HOLDER_CHANGES_JOB,
  holderChangeState,
  previewHolderConfirmation,
  requestHolderChange,
  startHolderChange,
} from './holder-change';
import type { TransferDeps } from './shared';
import { TRANSFER_ERRORS, TRANSFER_TEXTS } from './texts';

const TAGS = ['Vertragsübertragung'];

const versicherungsNummer = z
  .string()
  .regex(/^\d{9,10}$/, { error: 'Die Vertragsnummer hat 9 oder 10 Ziffern.' })
  .describe('Versicherungsnummer');

const calendarDate = (message: string) =>
  z.string({ error: message }).refine(isCalendarDate, { error: message });

const wechselDatumQuery = z.object({
  wechselDatum: calendarDate('Bitte geben Sie ein gültiges Datum an.')
    .optional()
    .describe('Gewünschter Wechseltermin (JJJJ-MM-TT); ohne: die nächste Hauptfälligkeit'),
});

const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string({ error: TRANSFER_ERRORS.idempotencyKeyMissing })
    .trim()
    .min(8, { error: TRANSFER_ERRORS.idempotencyKeyMissing })
    .max(100, { error: TRANSFER_ERRORS.idempotencyKeyMissing }),
});

const token = z
  .string({ error: TRANSFER_ERRORS.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, { error: TRANSFER_ERRORS.linkInvalid });

const comparedPeriod = z.object({
  zahlweise: z.enum(['MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH', 'JAEHRLICH']),
  altBruttoCents: z.number().int(),
  neuNettoCents: z.number().int(),
  neuVersicherungsteuerCents: z.number().int(),
  neuBruttoCents: z.number().int(),
  differenzCents: z.number().int(),
  altJahresbruttoCents: z.number().int(),
  neuJahresbruttoCents: z.number().int(),
});

const previewSchema = z
  .object({
    versicherungsNummer: z.string(),
    versicherungsName: z.string(),
    neuerVersicherungsName: z.string(),
    inhaber: z.string(),
    hauptgewerbe: z.string(),
    nebengewerbe: z.array(z.string()),
    jahresumsatzCents: z.number().int(),
    wechselDatum: z.iso.date().describe('Beginn des neuen Vertrags (0:00 Uhr)'),
    altEndetMitAblaufDes: z.iso.date().describe('Ende des alten Vertrags (24:00 Uhr dieses Tages)'),
    fruehestesDatum: z.iso.date(),
    spaetestesDatum: z.iso.date(),
    variante: z.string(),
    varianteName: z.string(),
    versicherungssummeCents: z.number().int(),
    selbstbeteiligung: z.string(),
    zahlweise: z.string(),
    altBruttoCents: z.number().int(),
    vergleich: z
      .array(comparedPeriod)
      .describe('Beiträge je Zahlweise, alt und neu (inkl. 19 % Versicherungsteuer)'),
    neu: z.object({
      zahlweise: z.string(),
      netAnnualCents: z.number().int(),
      surchargeBp: z.number().int(),
      netCents: z.number().int(),
      taxCents: z.number().int(),
      grossCents: z.number().int(),
      grossAnnualCents: z.number().int(),
    }),
  })
  .meta({ id: 'BhvTarifwechselVorschau' });

const publicAnswer = z.object({ eingegangen: z.literal(true), nachricht: z.string() });

const holderView = z.object({
  id: z.string(),
  status: z
    .enum(HOLDER_CHANGE_VIEW_STATES)
    .describe(
      'OFFEN: wartet auf die Bestätigung; ABGELAUFEN: Link abgelaufen; BESTAETIGT: bestätigt, wird am wirksamAb durchgeführt; DURCHGEFUEHRT: Vertrag übergegangen; STORNIERT; GEGENSTANDSLOS: Vertrag endete vorher',
    ),
  neuerInhaber: z.string(),
  email: z.string(),
  wirksamAb: z.iso.date(),
  erstelltAm: z.string(),
  gueltigBis: z.string(),
  bestaetigtAm: z.string().optional(),
  durchgefuehrtAm: z.string().optional(),
  storniertAm: z.string().optional(),
  gegenstandslosAm: z.string().optional(),
});

const holderStateSchema = z
  .object({
    versicherungsNummer: z.string(),
    versicherungsName: z.string(),
    vertragsstatus: z.string(),
    inhaber: z.object({ name: z.string(), partnerNummer: z.string() }),
    fruehestesDatum: z.iso.date(),
    spaetestesDatum: z.iso.date(),
    offen: holderView.optional(),
    verlauf: z.array(holderView),
    anfragen: z.array(
      z.object({
        id: z.string(),
        neuerInhaberName: z.string(),
        neuerInhaberEmail: z.string().optional(),
        wunschdatum: z.iso.date(),
        nachricht: z.string().optional(),
        eingegangenAm: z.string(),
      }),
    ),
  })
  .meta({ id: 'Inhaberwechsel' });

const required = (message: string, max = 100) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message });

const personSchema = z.object({
  anrede: z.enum(['Frau', 'Herr', 'Divers']).optional(),
  vorname: required('Bitte geben Sie den Vornamen an.'),
  nachname: required('Bitte geben Sie den Nachnamen an.'),
  geburtsdatum: calendarDate('Bitte geben Sie das Geburtsdatum an.').refine(
    (value) => compareDates(value, todayInGermany()) < 0 && compareDates(value, '1900-01-01') > 0,
    { error: 'Bitte prüfen Sie das Geburtsdatum.' },
  ),
  email: z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse an.' }).max(200),
  adresse: z.object({
    strasse: required('Bitte geben Sie die Straße an.'),
    hausnummer: z
      .string({ error: 'Bitte geben Sie die Hausnummer an.' })
      .trim()
      .regex(/^\d+\s?[a-zA-Z]?(\s?[-/]\s?\d+\s?[a-zA-Z]?)?$/, { error: 'Bitte prüfen Sie die Hausnummer.' }),
    plz: z.string({ error: 'Bitte geben Sie die Postleitzahl an.' }).regex(/^\d{5}$/, {
      error: 'Die Postleitzahl hat 5 Ziffern.',
    }),
    ort: required('Bitte geben Sie den Ort an.'),
  }),
});

const startBody = z.object({
  wirksamAb: calendarDate('Bitte geben Sie das Datum an, ab dem der Wechsel gilt.'),
  neuerInhaber: z.union([
    z.object({
      partnerNummer: z.string().regex(/^\d{6,12}$/, { error: 'Bitte prüfen Sie die Partnernummer.' }),
    }),
    z.object({ person: personSchema }),
  ]),
});

const confirmationPreview = z
  .object({
    versicherungsNummer: z.string(),
    versicherungsName: z.string(),
    wirksamAb: z.iso.date(),
    neuerInhaber: z.string(),
    zahlweise: z.string(),
    bruttoBeitragProPeriodeCents: z.number().int(),
  })
  .meta({ id: 'InhaberwechselBestaetigungVorschau' });

const confirmationAnswer = z
  .object({
    versicherungsNummer: z.string(),
    versicherungsName: z.string(),
    wirksamAb: z.iso.date(),
    status: z
      .enum(['DURCHGEFUEHRT', 'BESTAETIGT'])
      .describe('DURCHGEFUEHRT: der Vertrag ist übergegangen; BESTAETIGT: er geht am wirksamAb über'),
    mandatsreferenz: z.string(),
    registrierung: z.string(),
  })
  .meta({ id: 'InhaberwechselBestaetigung' });

/** Public requests per IP: each may send an e-mail. */
const PUBLIC_LINK_LIMIT = { max: 10, timeWindow: '10 minutes' } as const;
/** Link pages per IP: a token cannot be guessed in this many tries. */
const LINK_PAGE_LIMIT = { max: 60, timeWindow: '10 minutes' } as const;

async function assertFlag(request: FastifyRequest, key: 'bhv-tariff-change' | 'contract-holder-change') {
  const flags = await getFlags(request);
  if (!flags[key]) {
    throw forbidden(`Flag ${key} is off`, {
      code: 'FEATURE_DISABLED',
      userMessage:
        key === 'bhv-tariff-change' ? TRANSFER_ERRORS.tariffChangeOff : TRANSFER_ERRORS.holderChangeOff,
    });
  }
}

/** The routes of this module (issue 15), registered under /api by app.ts (src/routes.ts). */
export const contractTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: TransferDeps = {
    db: app.database.db,
    files: app.files,
    transports: createTransports(app.config),
    publicUrl: app.config.publicUrl,
    sepaGlaeubigerId: app.config.sepaGlaeubigerId,
  };

  // Daily at 00:15 and at start (ADR 0011, ADR 0035 'Effective date'): confirmed holder changes
  // whose day has come are applied, those whose contract ended first become GEGENSTANDSLOS. Each
  // change in its own transaction under a row lock: a repeated run applies nothing twice.
  app.jobs.define({
    name: HOLDER_CHANGES_JOB,
    atStart: true,
    cron: '15 0 * * *',
    expireInSeconds: 30 * 60,
    pollingIntervalSeconds: 30,
    run: async () => {
      const result = await applyDueHolderChanges(deps, { now: new Date(), log: app.log });
      if (result.applied + result.voided + result.failed > 0) app.log.info(result, 'holder changes');
      return result;
    },
  });

  // ---- agent ---------------------------------------------------------------------------------
  await app.register(async (scope) => {
    const agent = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(agent, 'vermittler');
    answerPrivately(agent);
    const params = z.object({ vertragsnummer: versicherungsNummer });

    agent.get(
      '/vermittler/tarifwechsel/bhv/:vertragsnummer',
      {
        schema: {
          tags: TAGS,
          summary: 'BHV-Tarifwechsel: Beitragsvergleich alt/neu für einen Vertrag im eigenen Bestand',
          params,
          querystring: wechselDatumQuery,
          response: { 200: previewSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await assertFlag(request, 'bhv-tariff-change');
        return previewTariffChange(deps, {
          actor: actorOf(request),
          versicherungsNummer: request.params.vertragsnummer,
          ...(request.query.wechselDatum ? { wechselDatum: request.query.wechselDatum } : {}),
          now: new Date(),
        });
      },
    );

    agent.post(
      '/vermittler/tarifwechsel/bhv/:vertragsnummer',
      {
        schema: {
          tags: TAGS,
          summary:
            'BHV-Tarifwechsel abschließen (Idempotency-Key): alter Vertrag endet am Vortag, neuer beginnt',
          params,
          headers: idempotencyHeaders,
          body: wechselDatumQuery,
          response: { 200: tariffChangeResultSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await assertFlag(request, 'bhv-tariff-change');
        return submitTariffChange(deps, {
          actor: actorOf(request),
          versicherungsNummer: request.params.vertragsnummer,
          ...(request.body.wechselDatum ? { wechselDatum: request.body.wechselDatum } : {}),
          idempotencyKey: `${actorOf(request).userId}:${request.headers['idempotency-key']}`,
          now: new Date(),
        });
      },
    );

    agent.get(
      '/vermittler/inhaberwechsel/:vertragsnummer',
      {
        schema: {
          tags: TAGS,
          summary:
            'Wechsel des Versicherungsnehmers: Stand, wartender Wechsel, Verlauf, Anfragen der Kundin/des Kunden',
          params,
          response: { 200: holderStateSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await assertFlag(request, 'contract-holder-change');
        return holderChangeState(deps, {
          actor: actorOf(request),
          versicherungsNummer: request.params.vertragsnummer,
          now: new Date(),
        });
      },
    );

    agent.post(
      '/vermittler/inhaberwechsel/:vertragsnummer',
      {
        schema: {
          tags: TAGS,
          summary: 'Wechsel des Versicherungsnehmers anstoßen: Link zur Bestätigung an die neue Person',
          params,
          body: startBody,
          response: { 201: holderStateSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request, reply) => {
        await assertFlag(request, 'contract-holder-change');
        const state = await startHolderChange(deps, {
          actor: actorOf(request),
          versicherungsNummer: request.params.vertragsnummer,
          neuerInhaber: request.body.neuerInhaber,
          wirksamAb: request.body.wirksamAb,
          now: new Date(),
        });
        return reply.code(201).send(state);
      },
    );

    agent.delete(
      '/vermittler/inhaberwechsel/:vertragsnummer',
      {
        schema: {
          tags: TAGS,
          summary: 'Wartenden Wechsel des Versicherungsnehmers stornieren (der Link wird ungültig)',
          params,
          response: { 200: holderStateSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await assertFlag(request, 'contract-holder-change');
        return cancelHolderChange(deps, {
          actor: actorOf(request),
          versicherungsNummer: request.params.vertragsnummer,
          now: new Date(),
        });
      },
    );
  });

  // ---- customer ------------------------------------------------------------------------------
  await app.register(async (scope) => {
    const customer = scope.withTypeProvider<ZodTypeProvider>();
    protectScope(customer, 'benutzer');
    answerPrivately(customer);
    const params = z.object({ id: versicherungsNummer });

    customer.get(
      '/vertrag/vertrag/:id/tarifwechsel',
      {
        schema: {
          tags: TAGS,
          summary: 'BHV-Tarifwechsel: Beitragsvergleich für den eigenen Vertrag',
          params,
          querystring: wechselDatumQuery,
          response: { 200: previewSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await assertFlag(request, 'bhv-tariff-change');
        return previewTariffChange(deps, {
          actor: actorOf(request),
          versicherungsNummer: request.params.id,
          ...(request.query.wechselDatum ? { wechselDatum: request.query.wechselDatum } : {}),
          now: new Date(),
        });
      },
    );

    customer.post(
      '/vertrag/vertrag/:id/tarifwechsel',
      {
        schema: {
          tags: TAGS,
          summary: 'BHV-Tarifwechsel für den eigenen Vertrag abschließen (Idempotency-Key)',
          params,
          headers: idempotencyHeaders,
          body: wechselDatumQuery,
          response: { 200: tariffChangeResultSchema, ...errors(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => {
        await assertFlag(request, 'bhv-tariff-change');
        return submitTariffChange(deps, {
          actor: actorOf(request),
          versicherungsNummer: request.params.id,
          ...(request.body.wechselDatum ? { wechselDatum: request.body.wechselDatum } : {}),
          idempotencyKey: `${actorOf(request).userId}:${request.headers['idempotency-key']}`,
          now: new Date(),
        });
      },
    );

    customer.post(
      '/vertrag/vertrag/:id/inhaberwechsel/anfrage',
      {
        config: {
          rateLimit: {
            max: 10,
            timeWindow: '1 hour',
            keyGenerator: (request) => request.actor?.userId ?? request.ip,
          },
        },
        schema: {
          tags: TAGS,
          summary: 'Wechsel des Versicherungsnehmers anfragen (für Vermittler/in und Innendienst)',
          params,
          body: z.object({
            name: required(
              'Bitte geben Sie den Namen der neuen Versicherungsnehmerin oder des neuen Versicherungsnehmers an.',
              200,
            ),
            email: z.email({ error: 'Bitte geben Sie eine gültige E-Mail-Adresse an.' }).max(200).optional(),
            wunschdatum: calendarDate('Bitte geben Sie das gewünschte Datum an.'),
            nachricht: z
              .string()
              .trim()
              .max(2000, { error: 'Bitte fassen Sie sich kürzer (höchstens 2.000 Zeichen).' })
              .optional(),
          }),
          response: { 201: z.object({ eingegangenAm: z.string() }), ...errors(400, 401, 403, 404, 422, 429) },
        },
      },
      async (request, reply) => {
        await assertFlag(request, 'contract-holder-change');
        const { name, email, wunschdatum, nachricht } = request.body;
        const answer = await requestHolderChange(deps, {
          actor: actorOf(request),
          versicherungsNummer: request.params.id,
          name,
          ...(email ? { email } : {}),
          wunschdatum,
          ...(nachricht ? { nachricht } : {}),
          now: new Date(),
        });
        return reply.code(201).send(answer);
      },
    );
  });

  // ---- public --------------------------------------------------------------------------------
  const open = app.withTypeProvider<ZodTypeProvider>();

  open.post(
    '/tarifwechsel/bhv/anfrage',
    {
      config: { rateLimit: PUBLIC_LINK_LIMIT },
      schema: {
        tags: TAGS,
        summary:
          'BHV-Tarifwechsel ohne Anmeldung: immer 202 mit derselben Antwort; passt ein Vertrag, geht ein Link an die E-Mail-Adresse des Versicherungsnehmers',
        body: z.object({
          vertragsnummer: versicherungsNummer,
          plz: z.string({ error: 'Die Postleitzahl hat 5 Ziffern.' }).regex(/^\d{5}$/, {
            error: 'Die Postleitzahl hat 5 Ziffern.',
          }),
        }),
        response: { 202: publicAnswer, ...errors(400, 403, 429) },
      },
    },
    async (request, reply) => {
      await assertFlag(request, 'bhv-tariff-change');
      await requestTariffChangeLink(deps, {
        versicherungsNummer: request.body.vertragsnummer,
        plz: request.body.plz,
        now: new Date(),
      });
      return reply
        .code(202)
        .send({ eingegangen: true, nachricht: TRANSFER_TEXTS.tariffChangeRequested.message });
    },
  );

  open.post(
    '/tarifwechsel/bhv/link',
    {
      config: { rateLimit: LINK_PAGE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'BHV-Tarifwechsel über den E-Mail-Link: Beitragsvergleich (Link einmalig, 48 Stunden)',
        body: z.object({ token, ...wechselDatumQuery.shape }),
        response: { 200: previewSchema, ...errors(400, 403, 409, 422, 429) },
      },
    },
    async (request) => {
      await assertFlag(request, 'bhv-tariff-change');
      return previewTariffChangeByLink(deps, {
        token: request.body.token,
        ...(request.body.wechselDatum ? { wechselDatum: request.body.wechselDatum } : {}),
        now: new Date(),
      });
    },
  );

  open.post(
    '/tarifwechsel/bhv/link/abschluss',
    {
      config: { rateLimit: LINK_PAGE_LIMIT },
      schema: {
        tags: TAGS,
        summary:
          'BHV-Tarifwechsel über den E-Mail-Link abschließen (Idempotency-Key; der Link ist danach verbraucht)',
        headers: idempotencyHeaders,
        body: z.object({ token, ...wechselDatumQuery.shape }),
        response: { 200: tariffChangeResultSchema, ...errors(400, 403, 409, 422, 429) },
      },
    },
    async (request) => {
      await assertFlag(request, 'bhv-tariff-change');
      return submitTariffChangeByLink(deps, {
        token: request.body.token,
        ...(request.body.wechselDatum ? { wechselDatum: request.body.wechselDatum } : {}),
        idempotencyKey: `link:${request.headers['idempotency-key']}`,
        now: new Date(),
      });
    },
  );

  open.post(
    '/inhaberwechsel/bestaetigung/vorschau',
    {
      config: { rateLimit: LINK_PAGE_LIMIT },
      schema: {
        tags: TAGS,
        summary: 'Wechsel des Versicherungsnehmers: was die neue Person bestätigt (Link einmalig, 14 Tage)',
        body: z.object({ token }),
        response: { 200: confirmationPreview, ...errors(400, 403, 429) },
      },
    },
    async (request) => {
      await assertFlag(request, 'contract-holder-change');
      return previewHolderConfirmation(deps, { token: request.body.token, now: new Date() });
    },
  );

  open.post(
    '/inhaberwechsel/bestaetigung',
    {
      config: { rateLimit: LINK_PAGE_LIMIT },
      schema: {
        tags: TAGS,
        summary:
          'Wechsel des Versicherungsnehmers bestätigen, mit SEPA-Lastschriftmandat: ab wirksamAb heute oder früher geht der Vertrag sofort über, sonst am wirksamAb (täglicher Job); beide Personen werden benachrichtigt',
        body: z.object({
          token,
          iban: z
            .string({ error: TRANSFER_ERRORS.ibanInvalid })
            .trim()
            .min(15, { error: TRANSFER_ERRORS.ibanInvalid })
            .max(42),
          kontoinhaber: required('Bitte geben Sie die Kontoinhaberin oder den Kontoinhaber an.', 70),
          mandat: z.literal(true, { error: TRANSFER_ERRORS.mandateRequired }),
        }),
        response: { 200: confirmationAnswer, ...errors(400, 403, 409, 429) },
      },
    },
    async (request) => {
      await assertFlag(request, 'contract-holder-change');
      return confirmHolderChange(deps, {
        token: request.body.token,
        iban: request.body.iban,
        kontoinhaber: request.body.kontoinhaber,
        now: new Date(),
      });
    },
  );
};
