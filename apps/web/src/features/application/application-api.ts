// The calls of the direct application (docs/api/applications.md, docs/api/pricing.md): the live
// price, the offer with the pre-contract documents, the binding application, drafts, and the
// reference look-ups the pages use (finders, bank of an IBAN). All without sign-in.
import type { FlowAnswers } from '@schirm/domain/application/flow';
import type { PricingZahlweise, Zahlweise } from '@schirm/domain/products/enums';
import { request } from '../../lib/api';
import type { RequestFailure, RequestResult } from '../../lib/request';
import type { BankInfo } from '../../ui/forms/iban-input';
import type { SearchOption } from '../../ui/forms/searchable-select';

export { checkPostalCode } from '../../lib/address-lookup';

/** One payment period's premium of a quoted variant (cents are what the screens compute with). */
export interface QuotePremium {
  zahlweise: PricingZahlweise | 'EINMALIG';
  nettoCents: number;
  versicherungsteuerCents: number;
  bruttoCents: number;
  bruttoJahrCents?: number;
}

export interface QuoteVariant {
  deckungsVarianteIdentifier: string;
  deckungsVarianteName: string;
  premiums: readonly QuotePremium[];
}

/** POST /api/taa/{pricingPath}/tarifieren: a quote or a refusal of the risk. */
export type PricingAnswer =
  | {
      kind: 'quote';
      product: string;
      variants: readonly QuoteVariant[];
      /** Motor: the vehicle of HSN/TSN and the region whose classes apply. */
      fahrzeug?: { hsn: string; tsn: string; hersteller: string; modell: string; leistungKw: number };
      region?: string;
    }
  | { kind: 'uninsurable'; code: string; reason: string };

/** The premium of an offer or contract. */
export interface OfferPremium {
  nettoCents: number;
  versicherungsteuerCents: number;
  bruttoCents: number;
  nettoJahresbeitragCents?: number;
}

/** The offer of POST …/vorbereiten: the documents were sent to `versandtAn`. */
export interface Angebot {
  kind: 'angebot';
  angebotId: string;
  gueltigBis: string;
  produkt: string;
  produktName: string;
  variante: string;
  varianteName: string;
  zahlweise: Zahlweise;
  versicherungsbeginn: string;
  beitrag: OfferPremium;
  versicherungssummeCents?: number;
  dokumente: readonly { typ: string; name: string; url: string; sha256?: string }[];
  versandtAn: string;
  versandtAm: string;
}

export interface Uninsurable {
  kind: 'uninsurable';
  code: string;
  reason: string;
}

/** The online risk check referred the application to the underwriters. */
export interface CheckFailed {
  kind: 'check-failed';
  code: string;
  reason: string;
}

/** The application result of POST …/antrag (spec §3 'application result'). */
export interface ApplicationResult {
  kind: 'vertrag';
  antragId: string;
  versicherungsNummer: string;
  status: string;
  produkt: string;
  produktName: string;
  varianteName: string;
  vertragsBeginn: string;
  zahlweise: Zahlweise;
  beitrag: OfferPremium;
  email: string;
  registrierung: 'LINK_GESENDET' | 'KONTO_VORHANDEN';
  dokumente: readonly { name: string; url: string }[];
  /** Motor: the electronic insurance confirmation for the registration office. */
  evbNummer?: string;
  /** Advice channels: the agent the contract was concluded for. */
  vermittler?: { vermittlerNummer: string; name: string; vertriebsweg: string; agentur: string };
  /** The agent's advice: the customer, whose portfolio entry the confirmation links. */
  kunde?: { name: string; partnerNummer: string };
  /** The contract brand (HFK or SCHIRM). */
  marke?: string;
}

/** A field error of a 422 answer: `path` is '<stepId>.<field>'. */
export interface ServerFieldError {
  path: string;
  message: string;
}

/** A saved draft as GET /api/taa/entwuerfe/{id} answers it. */
export interface Draft {
  produkt: string;
  kanal: string;
  antworten: FlowAnswers;
  schritt: string;
  gueltigBis: string;
}

/** The error envelope's code, German message, field errors and details, when the body is one. */
export function envelopeOf(failure: RequestFailure): {
  code?: string;
  message?: string;
  fieldErrors: ServerFieldError[];
  details?: Record<string, unknown>;
} {
  const body = failure.error as
    | {
        error?: {
          code?: string;
          message?: string;
          fieldErrors?: ServerFieldError[];
          details?: Record<string, unknown>;
        };
      }
    | undefined;
  const error = body?.error;
  return {
    ...(error?.code ? { code: error.code } : {}),
    ...(error?.message ? { message: error.message } : {}),
    fieldErrors: Array.isArray(error?.fieldErrors) ? error.fieldErrors : [],
    ...(error?.details ? { details: error.details } : {}),
  };
}

/** The live price of every variant and payment period; a newer call cancels the one in flight. */
export function fetchPrices(
  pricingPath: string,
  body: Record<string, unknown>,
  signal: AbortSignal,
): Promise<RequestResult<PricingAnswer>> {
  return request<PricingAnswer>({
    method: 'POST',
    path: `/api/taa/${pricingPath}/tarifieren`,
    body,
    authenticated: false,
    signal,
  });
}

/** The offer: validates, prices and sends the pre-contract documents. */
export function prepareOffer(
  pricingPath: string,
  body: { produkt: string; kanal: 'antrag'; antworten: FlowAnswers; einbettungspartner?: string },
): Promise<RequestResult<Angebot | Uninsurable | CheckFailed>> {
  return request<Angebot | Uninsurable | CheckFailed>({
    method: 'POST',
    path: `/api/taa/${pricingPath}/vorbereiten`,
    body,
    authenticated: false,
  });
}

/** The binding application; the key makes a repeated send answer the same contract. */
export function submitApplication(
  pricingPath: string,
  body: {
    produkt: string;
    kanal: 'antrag';
    angebotId: string;
    antworten: FlowAnswers;
    einbettungspartner?: string;
  },
  idempotencyKey: string,
): Promise<RequestResult<ApplicationResult>> {
  return request<ApplicationResult>({
    method: 'POST',
    path: `/api/taa/${pricingPath}/antrag`,
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    authenticated: false,
    // A second send with the same key must reach the server too, not cancel the first.
    cancelPrevious: false,
  });
}

export function saveDraft(body: {
  produkt: string;
  kanal: 'antrag';
  antworten: FlowAnswers;
  schritt: string;
  email: string;
}): Promise<RequestResult<{ entwurfId: string; gueltigBis: string }>> {
  return request({ method: 'POST', path: '/api/taa/entwuerfe', body, authenticated: false });
}

export function loadDraft(entwurfId: string): Promise<RequestResult<Draft>> {
  return request<Draft>({
    path: '/api/taa/entwuerfe/{entwurfId}',
    pathParams: { entwurfId },
    authenticated: false,
  });
}

const FINDER_PATHS = {
  fahrradhersteller: '/api/finder/fahrradhersteller',
  hunderasse: '/api/finder/hunderasse',
  gewerbeart: '/api/finder/gewerbeartsuche',
} as const;

// The names of finder hits seen in this tab, by value: a chosen entry keeps its name after a reload
// even where the page keeps no search text (list items such as secondary trades).
const FINDER_LABELS_KEY = 'schirm.antrag.finder-namen';
const FINDER_LABELS_MAX = 500;

function readFinderLabels(): Record<string, string> {
  try {
    return JSON.parse(globalThis.sessionStorage?.getItem(FINDER_LABELS_KEY) ?? '{}') as Record<
      string,
      string
    >;
  } catch {
    return {};
  }
}

function rememberFinderLabels(options: readonly SearchOption[]): void {
  try {
    const labels = { ...readFinderLabels() };
    for (const option of options) labels[option.value] = option.label;
    const entries = Object.entries(labels);
    globalThis.sessionStorage?.setItem(
      FINDER_LABELS_KEY,
      JSON.stringify(Object.fromEntries(entries.slice(-FINDER_LABELS_MAX))),
    );
  } catch {
    // Without storage the field shows the entry's key after a reload; the answer stays right.
  }
}

/** The name of a finder entry seen in this tab, or undefined. */
export function finderLabel(value: string): string | undefined {
  return readFinderLabels()[value];
}

/** Hits of a finder (spec §7) as options; business types only when insurable online. */
export async function searchFinder(
  finder: keyof typeof FINDER_PATHS,
  pattern: string,
  signal: AbortSignal,
  produkt?: string,
): Promise<SearchOption[]> {
  const result = await request<{ id: string; name: string; insurableOnline?: boolean }[]>({
    path: FINDER_PATHS[finder],
    query: { pattern, ...(produkt ? { produkt } : {}) },
    authenticated: false,
    cancelPrevious: false,
    signal,
  });
  if (!result.ok) throw new Error(result.errorMessage);
  if (result.canceled) throw new DOMException(result.errorMessage, 'AbortError');
  const options = result.data
    .filter((hit) => hit.insurableOnline !== false)
    .map((hit) => ({ value: hit.id, label: hit.name }));
  rememberFinderLabels(options);
  return options;
}

/** Bank name and BIC of a valid IBAN, or null (shown next to the IBAN only). */
export async function lookupBank(iban: string): Promise<BankInfo | null> {
  const result = await request<{ valid: boolean; bankData?: { name: string; bic: string | null } }>({
    path: '/api/openiban-validator/validate/{iban}',
    pathParams: { iban },
    query: { getBIC: true },
    authenticated: false,
    cancelPrevious: false,
  });
  if (!result.ok || result.canceled || !result.data.valid || !result.data.bankData) return null;
  return { bankName: result.data.bankData.name, bic: result.data.bankData.bic ?? '' };
}
