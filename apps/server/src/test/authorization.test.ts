// The authorization table (issue 5). Every route of the app is listed here: either as public (with
// the reason) or as authenticated with a request on someone's data. A route without a row fails
// the first test, so every new route must be thought through here. Each authenticated route is
// called with no token, an expired token, a token of the other pool, another customer's token and
// another agent's token; none of them may see or change the data the row is about.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../db/schema/contracts';
import { accounts } from '../db/schema/identity';
import { partners } from '../db/schema/partners';
import {
  insertAgentAccount,
  insertCustomer,
  mintAccessToken,
  testMobile,
  type TestAccount,
} from '../modules/identity/identity-test-kit';
import { CHANGE_DEFINITIONS } from '../modules/contract-changes/routes';
import { storeContractDocument } from '../modules/documents/service';
import { insertClerkAccount } from '../modules/clerk/clerk-test-kit';
import { insertTestClaim } from '../modules/claims/fixtures.test-helper';
import { insertMailboxMessage } from '../modules/mailbox/repository';
import { listRegisteredRoutes } from '../platform/auth/authenticate';
import { loadIdentityKeys, type IdentityKeys } from '../platform/auth/keys';
import { createTestApp, type TestApp } from './test-app';
import type { AuthenticatedRoute, AuthorizationRows, Fixture } from './authorization-kit';
import { rows as adviceRows } from './authorization-rows/advice';
import { rows as agentClaimRows } from './authorization-rows/agent-claims';
import { rows as agentAdminRows } from './authorization-rows/agent-admin';
import { rows as agentCustomerRows } from './authorization-rows/agent-customers';
import { rows as agentPortfolioRows } from './authorization-rows/agent-portfolio';
import { rows as agentTaskRows } from './authorization-rows/agent-tasks';
import { rows as contractTransferRows } from './authorization-rows/contract-transfer';
import { rows as embeddingRows } from './authorization-rows/embedding';
import { rows as extranetRows } from './authorization-rows/extranet';
import { rows as maklerpostRows } from './authorization-rows/maklerpost';
import { rows as extranetDocumentRows } from './authorization-rows/extranet-documents';

/** Rows kept by the areas under authorization-rows/ (issue 15 and later). */
const AREA_ROWS: readonly AuthorizationRows[] = [
  agentPortfolioRows,
  agentCustomerRows,
  agentAdminRows,
  agentTaskRows,
  adviceRows,
  contractTransferRows,
  agentClaimRows,
  embeddingRows,
  extranetRows,
  maklerpostRows,
  extranetDocumentRows,
];

/** Routes anyone may call, with the reason. */
const CORE_PUBLIC_ROUTES: Readonly<Record<string, string>> = {
  'GET /api/docs/': 'API documentation',
  'GET /api/docs/static/index.html': 'API documentation',
  'GET /api/docs/static/swagger-initializer.js': 'API documentation',
  'GET /api/docs/json': 'API documentation',
  'GET /api/docs/yaml': 'API documentation',
  'GET /api/docs/static/*': 'API documentation',
  'GET /api/openapi.json': 'API documentation',
  'POST /ofrep/v1/evaluate/flags/:key': 'feature flags, needed before sign-in',
  'POST /ofrep/v1/evaluate/flags': 'feature flags, needed before sign-in',
  'GET /api/health': 'liveness',
  'GET /api/content/faq': 'public FAQ (help before sign-in)',
  'GET /api/content/faq/:id': 'public FAQ (help before sign-in)',
  'GET /api/ready': 'readiness',
  'GET /api/i18n/:channel/:namespace': 'texts, needed before sign-in',
  'GET /api/fragebogen/search/zip/:zipcode': 'reference data for public forms',
  'GET /api/fragebogen/validate/zip/:zipcode': 'reference data for public forms',
  'GET /api/zuers/zuers/orte/:postcode': 'reference data for public forms',
  'GET /api/zuers/zuers/strassen': 'reference data for public forms',
  'GET /api/zuers/zuers/klasse': 'reference data for public forms',
  'GET /api/openiban-validator/validate/:iban': 'reference data for public forms',
  'GET /api/finder/hunderasse': 'reference data for public forms',
  'GET /api/finder/fahrradhersteller': 'reference data for public forms',
  'GET /api/finder/gewerbeartsuche': 'reference data for public forms',
  'GET /api/fragebogen/risikofragen/:gewerbeId': 'reference data for public forms',
  'GET /api/fragebogen/risikofragen/:gewerbeId/showable': 'reference data for public forms',
  'POST /api/taa/fahrrad2/tarifieren': 'public pricing of the application flows',
  'POST /api/taa/thv/v2/tarifieren': 'public pricing of the application flows',
  'POST /api/taa/phv/v2/tarifieren': 'public pricing of the application flows',
  'POST /api/taa/si/tarifieren': 'public pricing of the application flows',
  'POST /api/taa/hausrat/v2/tarifieren': 'public pricing of the application flows',
  'POST /api/taa/bhv/tarifieren': 'public pricing of the application flows',
  'POST /api/taa/bhv/wechsel/tarifieren': 'public pricing of the application flows',
  'POST /api/taa/vh2/tarifieren': 'public pricing of the application flows',
  'POST /api/taa/reise/tarifieren': 'public pricing of the application flows',
  'POST /api/taa/kfz/tarifieren': 'public pricing of the application flows',
  'GET /api/druck/pdf/kundeninformation/:typ': 'public printed documents (product information)',
  'GET /api/druck/pdf/ipid/:typ': 'public printed documents (product information)',
  'GET /api/druck/pdf/avb/:typ': 'public printed documents (product information)',
  'GET /api/druck/pdf/leistungsuebersicht/:productKey': 'public printed documents (product information)',
  'GET /api/druck/pdf/mischbetriebslogik': 'public printed documents (product information)',
  'GET /api/druck/docs': 'public printed documents (product information)',
  'GET /api/dokument/dvelop/dokumente/static': 'public static documents (terms of use, consent forms)',
  'GET /api/dokument/dvelop/dokumente/static/:name': 'public static documents (terms of use, consent forms)',
  'POST /api/taa/fahrrad2/vorbereiten':
    'public application: the offer and its documents go to the e-mail given',
  'POST /api/taa/fahrrad2/antrag':
    'public application: needs the offer id (unguessable) and the same answers',
  'POST /api/taa/thv/v2/vorbereiten':
    'public application: the offer and its documents go to the e-mail given',
  'POST /api/taa/thv/v2/antrag': 'public application: needs the offer id (unguessable) and the same answers',
  'POST /api/taa/phv/v2/vorbereiten':
    'public application: the offer and its documents go to the e-mail given',
  'POST /api/taa/phv/v2/antrag': 'public application: needs the offer id (unguessable) and the same answers',
  'POST /api/taa/si/vorbereiten': 'public application: the offer and its documents go to the e-mail given',
  'POST /api/taa/si/antrag': 'public application: needs the offer id (unguessable) and the same answers',
  'POST /api/taa/hausrat/v2/vorbereiten':
    'public application: the offer and its documents go to the e-mail given',
  'POST /api/taa/hausrat/v2/antrag':
    'public application: needs the offer id (unguessable) and the same answers',
  'POST /api/taa/bhv/vorbereiten': 'public application: the offer and its documents go to the e-mail given',
  'POST /api/taa/bhv/antrag': 'public application: needs the offer id (unguessable) and the same answers',
  'POST /api/taa/vh2/vorbereiten': 'public application: the offer and its documents go to the e-mail given',
  'POST /api/taa/vh2/antrag': 'public application: needs the offer id (unguessable) and the same answers',
  'POST /api/taa/reise/vorbereiten': 'public application: the offer and its documents go to the e-mail given',
  'POST /api/taa/reise/antrag': 'public application: needs the offer id (unguessable) and the same answers',
  'POST /api/taa/kfz/vorbereiten': 'public application: the offer and its documents go to the e-mail given',
  'POST /api/taa/kfz/antrag': 'public application: needs the offer id (unguessable) and the same answers',
  'GET /api/taa/angebote/:angebotId/dokumente/:typ':
    'pre-contract documents of an offer: unguessable offer id, until it expires',
  'GET /api/taa/antraege/:antragId/dokumente/:dokument':
    'policy and mandate of a concluded application: unguessable id, 14 days',
  'POST /api/taa/entwuerfe': 'public application draft: the resume link goes to the e-mail given',
  'GET /api/taa/entwuerfe/:entwurfId': 'draft resume by the unguessable id from the e-mail, 30 days',
  'GET /api/entwicklung/postausgang': 'development outbox: localhost only, 404 elsewhere',
  'GET /api/auth/pool-config/:portal': 'sign-in',
  'POST /api/auth/sign-in/init': 'sign-in',
  'POST /api/auth/sign-in/verify': 'sign-in',
  'POST /api/auth/sign-in/new-password': 'sign-in (holds the challenge session)',
  'POST /api/auth/sign-in/tan': 'sign-in (holds the challenge session)',
  'POST /api/auth/refresh': 'session refresh by the httpOnly cookie',
  'POST /api/auth/logout': 'logout by the httpOnly cookie',
  'POST /api/auth/forgot-password': 'forgot password (neutral answer)',
  'POST /api/auth/forgot-password/confirm': 'forgot password (needs the e-mailed code)',
  'POST /api/benutzer/zugang/email/:contractId': 'registration (neutral answer)',
  'GET /api/benutzer/zugang/link/verification': 'registration (needs the e-mailed link)',
  'POST /api/benutzer/zugang/link/verification': 'registration (needs the e-mailed link)',
  'POST /api/benutzer/zugang/link': 'registration (needs the e-mailed link)',
  'POST /api/benutzer/benutzer/email/bestaetigen': 'e-mail change (needs the link sent to the new address)',
  'POST /api/benutzer/benutzer/handynummer/reset': 'lost mobile number (neutral answer)',
  'POST /api/benutzer/benutzer/handynummer/reset/token': 'lost mobile number (needs the e-mailed link)',
  'POST /api/verifikation/tan/generieren':
    'TAN verification (needs the verification id; PHONE_CHANGE needs its account)',
  'POST /api/verifikation/tan/pruefen':
    'TAN verification (needs the verification id; PHONE_CHANGE needs its account)',
  'GET /api/vertrag/vertrag/:id/vertragsart':
    'contract type lookup: product type only, nothing personal (spec §7)',
  'GET /api/entwicklung/postausgang/:id/anhang': 'development outbox: localhost only, 404 elsewhere',
  'POST /api/upload/':
    'upload URL for claimants without an account too (rate limited); signed-in: customers and agents only (clerks 403); the upload is bound to the account or upload key',
  'PUT /api/upload/:uploadId': 'single-use upload URL: unguessable signature, 15 minutes, once',
  'GET /api/schadenstrecke/einwilligungserklaerung':
    "consent wording shown before sign-in; a customer's own token adds only their own state",
  'POST /api/feedback': 'feedback, anonymous unless a customer token names the sender (rate-limited)',
  'POST /api/schadenstrecke/oeffentlich':
    'public claim report: the same 202 whether or not a contract matches (rate limited); the policyholder is told, never the claimant',
};

const proofBody = {
  session: 'x'.repeat(43),
  A: 'ab'.repeat(32),
  M1: 'cd'.repeat(32),
  salt: 'ef'.repeat(32),
  verifier: '12'.repeat(64),
};

/** A valid body per self-service change call (the owner may still get 403 where it does not apply). */
const CHANGE_BODIES: Readonly<Record<string, object>> = {
  'beitrag/zahlweise/:id': { zahlweise: 'MONATLICH' },
  'beitrag/selbstbeteiligung/:id': { selbstbeteiligung: 'SB_500' },
  'beitrag/elementar/:id': { elementar: true },
  'beitrag/phv/:id': { phvAnzahl: 'ZWEI' },
  'beitrag/buerohaftpflicht/:id': { buerohaftpflicht: false },
  'beitrag/phv/familienstand/:id': { familienstand: 'FAMILIE' },
  'beitrag/risikoort/:id': {
    risikoOrt: { plz: '50667', ort: 'Köln', strasse: 'Hohe Straße', hausnummer: '1' },
    wunschdatum: '2027-01-01',
  },
  'deckung/:id': { deckungsVariante: 'PHV_PREMIUM' },
  'jahresumsatz/:id': { jahresumsatz: '300.000,00' },
  'versicherungssumme/:id': { wirksamkeitsdatum: '2027-01-01', value: '100.000,00' },
  'betriebsart/:id': { hauptgewerbe: 'bhv-maler', nebengewerbe: [] },
  'bankverbindung/:id': { iban: 'DE62370400440532013001', kontoinhaber: 'Eindringling' },
  'fahrrad/:id': { rahmennummer: 'WBK123456' },
};

/** A move a customer may report (the owner gets through to the date and address checks). */
const MOVE_BODY = {
  adresse: { strasse: 'Hohe Straße', hausnummer: '1', plz: '50667', ort: 'Köln' },
  umzugsdatum: '2027-01-01',
};

/** Preview (POST) and save (PATCH) rows of every self-service change call. */
function changeRows(): Record<string, AuthenticatedRoute> {
  return Object.fromEntries(
    CHANGE_DEFINITIONS.flatMap(({ path }) => {
      const body = CHANGE_BODIES[path];
      if (!body) throw new Error(`No body for ${path} in CHANGE_BODIES`);
      const row = (payload: object): AuthenticatedRoute => ({
        pool: 'benutzer',
        owner: (f) => f.customerA,
        request: (f) => ({
          url: `/api/vertrag/vertrag/${path.replace(':id', f.customerA.contractNumber)}`,
          payload,
        }),
      });
      return [
        [`POST /api/vertrag/vertrag/${path}`, row(body)],
        [`PATCH /api/vertrag/vertrag/${path}`, row({ ...body, version: 1 })],
      ];
    }),
  );
}

/** Every route behind a token, with a request on its owner's (or target's) data. */
const CORE_AUTHENTICATED_ROUTES: Readonly<Record<string, AuthenticatedRoute>> = {
  'POST /api/auth/global-logout': {
    pool: 'any',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/auth/global-logout' }),
  },
  'GET /api/auth/me': { pool: 'any', owner: (f) => f.customerA, request: () => ({ url: '/api/auth/me' }) },
  'POST /api/auth/password-proof': {
    pool: 'any',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/auth/password-proof', payload: {} }),
  },
  'GET /api/benutzer/benutzer': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/benutzer/benutzer' }),
  },
  'POST /api/benutzer/benutzer/passwort/aendern': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/benutzer/benutzer/passwort/aendern', payload: proofBody }),
  },
  'POST /api/benutzer/benutzer/email/aendern': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({
      url: '/api/benutzer/benutzer/email/aendern',
      payload: { ...proofBody, email: 'neu@example.com' },
    }),
  },
  'POST /api/benutzer/benutzer/handynummer': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/benutzer/benutzer/handynummer', payload: { handynummer: testMobile() } }),
  },
  'GET /api/benutzer/benutzer/datenauskunft': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/benutzer/benutzer/datenauskunft' }),
  },
  'POST /api/benutzer/benutzer/aendern': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({
      url: '/api/benutzer/benutzer/aendern',
      payload: { nickname: 'Eindringling', telefon: '+49 221 999999' },
    }),
  },
  'POST /api/vermittler/vermittler/passwort/aendern': {
    pool: 'vermittler',
    owner: (f) => f.agentX,
    request: () => ({ url: '/api/vermittler/vermittler/passwort/aendern', payload: proofBody }),
  },
  'POST /api/vermittler/vermittler/:email/initial-passwort': {
    pool: 'vermittler',
    owner: (f) => f.agentX,
    target: (f) => f.subAgentX,
    request: (f) => ({
      url: `/api/vermittler/vermittler/${encodeURIComponent(f.subAgentX.username)}/initial-passwort`,
      payload: {},
    }),
  },
  'POST /api/benutzer/benutzer/:email/reset/initial-passwort': {
    pool: 'vermittler',
    owner: (f) => f.agentX,
    target: (f) => f.customerA,
    request: (f) => ({
      url: `/api/benutzer/benutzer/${encodeURIComponent(f.customerA.username)}/reset/initial-passwort`,
      payload: {},
    }),
  },
  'GET /api/vertrag/vertrag/findByPartnerNummer/:id': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/vertrag/vertrag/findByPartnerNummer/${f.customerA.partnerNummer}` }),
  },
  'GET /api/vertrag/vertrag/:id': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/vertrag/vertrag/${f.customerA.contractNumber}` }),
  },
  'GET /api/vertrag/vertrag/kuendigungsgruende/:productKey': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/vertrag/vertrag/kuendigungsgruende/PRIVATHAFTPFLICHT' }),
  },
  'GET /api/vertrag/vertrag/widerrufsgruende': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/vertrag/vertrag/widerrufsgruende' }),
  },
  'GET /api/vertrag/vertrag/:id/kuendigungstermine': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/vertrag/vertrag/${f.customerA.contractNumber}/kuendigungstermine` }),
  },
  'DELETE /api/vertrag/vertrag/:id/kuendigung/:reason': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/vertrag/vertrag/${f.customerA.contractNumber}/kuendigung/SONSTIGES` }),
  },
  'DELETE /api/vertrag/vertrag/:id/widerruf/:reason': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/vertrag/vertrag/${f.customerA.contractNumber}/widerruf/SONSTIGES` }),
  },
  'POST /api/vertrag/vertrag/confirmation/:partner/:contract': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({
      url: `/api/vertrag/vertrag/confirmation/${f.customerA.partnerNummer}/${f.customerA.contractNumber}`,
    }),
  },
  ...changeRows(),
  // The test customer's contract has no revenue: the owner gets through to a 422 (not offered).
  'POST /api/vertrag/vertrag/jahresumsatz/:id/bestaetigen': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/vertrag/vertrag/jahresumsatz/${f.customerA.contractNumber}/bestaetigen` }),
  },
  'POST /api/partner/partner/:id/umzug': {
    pool: 'any',
    owner: (f) => f.customerA,
    request: (f) => ({
      url: `/api/partner/partner/${f.customerA.partnerNummer}/umzug`,
      payload: MOVE_BODY,
    }),
  },
  'PATCH /api/partner/partner/:id/umzug': {
    pool: 'any',
    owner: (f) => f.customerA,
    request: (f) => ({
      url: `/api/partner/partner/${f.customerA.partnerNummer}/umzug`,
      payload: { ...MOVE_BODY, stand: 'x' },
    }),
  },
  'GET /api/dokument/download-bereich/dokumente': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/dokument/download-bereich/dokumente' }),
  },
  'GET /api/dokument/download-bereich/dokumente/:id': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/dokument/download-bereich/dokumente/${f.customerA.documentId}` }),
  },
  'GET /api/dokument/benutzer/nachricht/count': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/dokument/benutzer/nachricht/count' }),
  },
  'GET /api/dokument/benutzer/nachricht/eingang': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/dokument/benutzer/nachricht/eingang?seite=1&proSeite=20' }),
  },
  'GET /api/dokument/benutzer/nachricht/ausgang': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/dokument/benutzer/nachricht/ausgang' }),
  },
  'GET /api/dokument/benutzer/nachricht/:id': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/dokument/benutzer/nachricht/${f.customerA.messageId}` }),
  },
  'DELETE /api/dokument/benutzer/nachricht/:id': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/dokument/benutzer/nachricht/${f.customerA.messageId}` }),
  },
  'GET /api/dokument/benutzer/nachricht/download/:id': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/dokument/benutzer/nachricht/download/${f.customerA.messageId}` }),
  },
  // The clerk's routes (pool innendienst, ADR 0027): the target is the customer whose data they show.
  'GET /api/innendienst/nachrichten': {
    pool: 'innendienst',
    owner: (f) => f.clerk,
    target: (f) => f.customerA,
    request: () => ({ url: '/api/innendienst/nachrichten?filter=alle' }),
  },
  'GET /api/innendienst/nachrichten/:id': {
    pool: 'innendienst',
    owner: (f) => f.clerk,
    target: (f) => f.customerA,
    request: (f) => ({ url: `/api/innendienst/nachrichten/${f.questionId}` }),
  },
  'POST /api/innendienst/nachrichten/:id/antwort': {
    pool: 'innendienst',
    owner: (f) => f.clerk,
    target: (f) => f.customerA,
    request: (f) => ({
      url: `/api/innendienst/nachrichten/${f.questionId}/antwort`,
      payload: { text: 'Antwort' },
    }),
  },
  'GET /api/innendienst/schaeden': {
    pool: 'innendienst',
    owner: (f) => f.clerk,
    target: (f) => f.customerA,
    request: () => ({ url: '/api/innendienst/schaeden' }),
  },
  'GET /api/innendienst/schaeden/:claimId': {
    pool: 'innendienst',
    owner: (f) => f.clerk,
    target: (f) => f.customerA,
    request: (f) => ({ url: `/api/innendienst/schaeden/${f.claim.claimId}` }),
  },
  'GET /api/innendienst/schaeden/:claimId/nachrichten': {
    pool: 'innendienst',
    owner: (f) => f.clerk,
    target: (f) => f.customerA,
    request: (f) => ({ url: `/api/innendienst/schaeden/${f.claim.claimId}/nachrichten` }),
  },
  'GET /api/innendienst/schaeden/:claimId/dateien/:uploadId': {
    pool: 'innendienst',
    owner: (f) => f.clerk,
    target: (f) => f.customerA,
    request: (f) => ({ url: `/api/innendienst/schaeden/${f.claim.claimId}/dateien/${f.claim.uploadId}` }),
  },
  'POST /api/innendienst/schaeden/:claimId/status': {
    pool: 'innendienst',
    owner: (f) => f.clerk,
    target: (f) => f.customerA,
    request: (f) => ({
      url: `/api/innendienst/schaeden/${f.claim.claimId}/status`,
      payload: { nach: 'DECKUNG_GEPRUEFT' },
    }),
  },
  'POST /api/innendienst/schaeden/:claimId/bearbeitung': {
    pool: 'innendienst',
    owner: (f) => f.clerk,
    target: (f) => f.customerA,
    request: (f) => ({
      url: `/api/innendienst/schaeden/${f.claim.claimId}/bearbeitung`,
      payload: { uebernehmen: true, bisher: null },
    }),
  },
  'POST /api/innendienst/schaeden/:claimId/unterlagen': {
    pool: 'innendienst',
    owner: (f) => f.clerk,
    target: (f) => f.customerA,
    request: (f) => ({
      url: `/api/innendienst/schaeden/${f.claim.claimId}/unterlagen`,
      payload: { titel: 'Rechnung' },
    }),
  },
  'POST /api/innendienst/schaeden/:claimId/nachrichten': {
    pool: 'innendienst',
    owner: (f) => f.clerk,
    target: (f) => f.customerA,
    request: (f) => ({
      url: `/api/innendienst/schaeden/${f.claim.claimId}/nachrichten`,
      payload: { text: 'Guten Tag' },
    }),
  },
  'POST /api/nachricht/nachricht/': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({
      url: '/api/nachricht/nachricht/',
      payload: {
        thema: 'VERTRAG',
        versicherungsNummer: f.customerA.contractNumber,
        betreff: 'Frage',
        html: '<p>Guten Tag</p>',
      },
    }),
  },
  // Claims (issue 14, ADR 0026): the customer's own claims; the agent's customers' claims.
  'POST /api/schadenstrecke/schaden/v2/:contractId': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({
      url: `/api/schadenstrecke/schaden/v2/${f.customerA.contractNumber}`,
      payload: { produkt: 'phv', antworten: {} },
    }),
  },
  'GET /api/schadenstrecke/schaden': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/schadenstrecke/schaden?partnernummer=${f.customerA.partnerNummer}` }),
  },
  'GET /api/schadenstrecke/schaden/:claimId': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/schadenstrecke/schaden/${f.claim.claimId}` }),
  },
  'GET /api/schadenstrecke/schaden/:claimId/dateien/:uploadId': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/schadenstrecke/schaden/${f.claim.claimId}/dateien/${f.claim.uploadId}` }),
  },
  'GET /api/schadenstrecke/required-documents/:claimId': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/schadenstrecke/required-documents/${f.claim.claimId}` }),
  },
  'POST /api/schadenstrecke/required-documents/:claimId/:key': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({
      url: `/api/schadenstrecke/required-documents/${f.claim.claimId}/${f.claim.documentKey}`,
      payload: { uploadIds: [] },
    }),
  },
  'GET /api/schadenstrecke/schaden/:claimId/nachrichten': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/schadenstrecke/schaden/${f.claim.claimId}/nachrichten` }),
  },
  'POST /api/schadenstrecke/schaden/:claimId/nachrichten': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({
      url: `/api/schadenstrecke/schaden/${f.claim.claimId}/nachrichten`,
      payload: { text: 'Hallo' },
    }),
  },
  'PUT /api/schadenstrecke/entwuerfe/:contractId': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({
      url: `/api/schadenstrecke/entwuerfe/${f.customerA.contractNumber}`,
      payload: { produkt: 'phv', antworten: {}, schritt: 'schaden' },
    }),
  },
  'GET /api/schadenstrecke/entwuerfe/:contractId': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/schadenstrecke/entwuerfe/${f.customerA.contractNumber}` }),
  },
  'DELETE /api/schadenstrecke/entwuerfe/:contractId': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: (f) => ({ url: `/api/schadenstrecke/entwuerfe/${f.customerA.contractNumber}` }),
  },
  'GET /api/schadenstrecke/vermittler/schaden': {
    pool: 'vermittler',
    owner: (f) => f.agentX,
    target: (f) => f.customerA,
    request: (f) => ({
      url: `/api/schadenstrecke/vermittler/schaden?partnernummer=${f.customerA.partnerNummer}`,
    }),
  },
  'GET /api/schadenstrecke/vermittler/schaden/:claimId': {
    pool: 'vermittler',
    owner: (f) => f.agentX,
    target: (f) => f.customerA,
    request: (f) => ({ url: `/api/schadenstrecke/vermittler/schaden/${f.claim.claimId}` }),
  },
  'GET /api/schadenstrecke/vermittler/schaden/:claimId/nachrichten': {
    pool: 'vermittler',
    owner: (f) => f.agentX,
    target: (f) => f.customerA,
    request: (f) => ({ url: `/api/schadenstrecke/vermittler/schaden/${f.claim.claimId}/nachrichten` }),
  },
  'POST /api/schadenstrecke/einwilligungserklaerung': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({
      url: '/api/schadenstrecke/einwilligungserklaerung',
      payload: { version: '2026-11', zugestimmt: true },
    }),
  },
  'DELETE /api/schadenstrecke/einwilligungserklaerung': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/schadenstrecke/einwilligungserklaerung' }),
  },
  'GET /api/partner/einwilligungen': {
    pool: 'benutzer',
    owner: (f) => f.customerA,
    request: () => ({ url: '/api/partner/einwilligungen' }),
  },
};

const PUBLIC_ROUTES: Readonly<Record<string, string>> = Object.assign(
  {},
  CORE_PUBLIC_ROUTES,
  ...AREA_ROWS.map((area) => area.publicRoutes ?? {}),
);
const AUTHENTICATED_ROUTES: Readonly<Record<string, AuthenticatedRoute>> = Object.assign(
  {},
  CORE_AUTHENTICATED_ROUTES,
  ...AREA_ROWS.map((area) => area.authenticatedRoutes ?? {}),
);

let testApp: TestApp;
let keys: IdentityKeys;
let fixture: Fixture;

/** The customer with the partner number the contract calls are addressed by. */
async function withPartnerNummer<T extends TestAccount>(customer: T): Promise<T & { partnerNummer: string }> {
  const [partner] = await testApp.database.db
    .select({ partnerNummer: partners.partnerNummer })
    .from(partners)
    .where(eq(partners.id, customer.partnerId ?? ''));
  if (!partner) throw new Error('customer without partner');
  return { ...customer, partnerNummer: partner.partnerNummer };
}

/** The customer with a stored PDF document of their contract and a message with it, for the download routes. */
async function withDocument<T extends TestAccount & { contractNumber: string }>(
  customer: T,
): Promise<T & { documentId: string; messageId: string }> {
  const db = testApp.database.db;
  const [contract] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.versicherungsNummer, customer.contractNumber));
  if (!contract) throw new Error('customer without contract');
  const document = await storeContractDocument({
    tx: db,
    files: testApp.app.files,
    contractId: contract.id,
    name: 'Versicherungsschein',
    pdf: Buffer.from('%PDF-1.4\n%%EOF\n'),
  });
  const message = await insertMailboxMessage(db, {
    partnerId: customer.partnerId ?? '',
    contractId: contract.id,
    subject: 'Ihr Versicherungsschein',
    body: 'Im Anhang finden Sie Ihren Versicherungsschein.',
    documentId: document.id,
  });
  return { ...customer, documentId: document.id, messageId: message.id };
}

async function createFixture(): Promise<Fixture> {
  const db = testApp.database.db;
  const agentX = await insertAgentAccount(db);
  const subAgentX = await insertAgentAccount(db, { parentAgentId: agentX.agentId ?? '' });
  const agentY = await insertAgentAccount(db);
  const customerA = await withDocument(
    await withPartnerNummer(await insertCustomer(db, { agentId: subAgentX.agentId ?? '' })),
  );
  return {
    db,
    files: testApp.app.files,
    agentX,
    subAgentX,
    agentY,
    customerA,
    customerB: await withPartnerNummer(await insertCustomer(db, { agentId: agentY.agentId ?? '' })),
    clerk: await insertClerkAccount(db),
    claim: await insertTestClaim(db, testApp.app.files, {
      partnerId: customerA.partnerId ?? '',
      contractNumber: customerA.contractNumber,
      accountId: customerA.id,
    }),
    questionId: (
      await insertMailboxMessage(db, {
        partnerId: customerA.partnerId ?? '',
        direction: 'AUSGANG',
        thema: 'VERTRAG',
        subject: 'Frage zum Vertrag',
        body: 'Guten Tag',
      })
    ).id,
  };
}

beforeAll(async () => {
  testApp = await createTestApp();
  keys = loadIdentityKeys(testApp.config);
});

afterAll(async () => {
  await testApp.close();
});

const routeKey = (method: string, url: string) => `${method} ${url}`;

/** What must not change for the target: its account row and its partner. */
async function snapshot(target: TestAccount): Promise<unknown> {
  const db = testApp.database.db;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, target.id));
  const [partner] = target.partnerId
    ? await db.select().from(partners).where(eq(partners.id, target.partnerId))
    : [];
  return { account, partner };
}

/** Values that identify the target's data in an answer. */
function identifiers(target: TestAccount): string[] {
  return [target.username, target.mobile, target.id, target.partnerId, target.agentId].filter(
    (value): value is string => typeof value === 'string',
  );
}

async function call(method: string, row: AuthenticatedRoute, token: string | undefined) {
  const { url, payload } = await row.request(fixture);
  return testApp.app.inject({
    method: method as 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url,
    ...(payload === undefined ? {} : { payload }),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
}

describe('authorization table', () => {
  it('has a row for every route of the app, and protects exactly the authenticated ones', () => {
    const routes = listRegisteredRoutes(testApp.app);
    expect(routes.length).toBeGreaterThan(40);
    const missing = routes
      .map((route) => routeKey(route.method, route.url))
      .filter((key) => !(key in PUBLIC_ROUTES) && !(key in AUTHENTICATED_ROUTES));
    expect(missing, 'routes without a row in the authorization table').toEqual([]);
    const misclassified = routes
      .filter((route) => route.isProtected !== routeKey(route.method, route.url) in AUTHENTICATED_ROUTES)
      .map((route) => routeKey(route.method, route.url));
    expect(misclassified, 'routes whose protection differs from the table').toEqual([]);
    const registered = new Set(routes.map((route) => routeKey(route.method, route.url)));
    const stale = [...Object.keys(PUBLIC_ROUTES), ...Object.keys(AUTHENTICATED_ROUTES)].filter(
      (key) => !registered.has(key),
    );
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });

  describe.each(Object.entries(AUTHENTICATED_ROUTES))('%s', (key, row) => {
    const method = key.split(' ')[0] ?? 'GET';

    // Fresh people per route: the owner's own call may change them (e.g. a global logout).
    beforeAll(async () => {
      fixture = await createFixture();
    });

    it('answers 401 without a token and with an expired one', async () => {
      const target = (row.target ?? row.owner)(fixture);
      const before = await snapshot(target);
      expect((await call(method, row, undefined)).statusCode).toBe(401);
      const expired = await mintAccessToken(keys, row.owner(fixture), new Date(Date.now() - 11 * 60_000));
      const response = await call(method, row, expired);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      expect(await snapshot(target)).toEqual(before);
    });

    it('answers 403 to tokens of the other pools (routes for every pool let each in)', async () => {
      const others = [fixture.agentX, fixture.customerA, fixture.clerk].filter(
        (other) => other.pool !== row.owner(fixture).pool,
      );
      for (const other of others) {
        const response = await call(method, row, await mintAccessToken(keys, other));
        if (row.pool === 'any') expect([401, 403], other.pool).not.toContain(response.statusCode);
        else expect(response.statusCode, other.pool).toBe(403);
      }
    });

    it('shows and changes nothing of the target to another customer and another agent', async () => {
      const target = (row.target ?? row.owner)(fixture);
      // Clerk routes: customers and agents are the strangers (refused by pool, checked here for leaks).
      const strangers = [fixture.customerB, fixture.agentY].filter(
        (stranger) => row.pool === 'any' || row.pool === 'innendienst' || stranger.pool === row.pool,
      );
      expect(strangers.length).toBeGreaterThan(0);
      for (const stranger of strangers) {
        const before = await snapshot(target);
        const response = await call(method, row, await mintAccessToken(keys, stranger));
        for (const identifier of identifiers(target)) {
          expect(response.body, `${stranger.username} sees ${identifier}`).not.toContain(identifier);
        }
        expect(await snapshot(target), `${stranger.username} changed the target`).toEqual(before);
      }
    });

    it('lets the owner through (the route is reachable, so the checks above are meaningful)', async () => {
      const response = await call(method, row, await mintAccessToken(keys, row.owner(fixture)));
      expect([401, 403, 404]).not.toContain(response.statusCode);
      expect(response.statusCode, response.body).toBeLessThan(500);
    });
  });
});
