// The enumerations of spec §3 with the spec's exact spelling. `{product}` in the spec is the
// operator brand key SCHIRM (ARCHITECTURE.md), so Hausrat covers read SCHIRM_…_HAUSRAT.

/** Operator brand key that replaces `{product}` in spec names. */
export const OPERATOR_BRAND_KEY = 'SCHIRM';

/** Payment periods; the pricing request omits EINMALIG (single premium). */
export const ZAHLWEISEN = [
  'MONATLICH',
  'VIERTELJAEHRLICH',
  'HALBJAEHRLICH',
  'JAEHRLICH',
  'EINMALIG',
] as const;
export type Zahlweise = (typeof ZAHLWEISEN)[number];
export const PRICING_ZAHLWEISEN = ['MONATLICH', 'VIERTELJAEHRLICH', 'HALBJAEHRLICH', 'JAEHRLICH'] as const;
export type PricingZahlweise = (typeof PRICING_ZAHLWEISEN)[number];

/**
 * Contract-type codes (vertragsArt codes of the contract family). HRV is household contents. KFZ is
 * the project's own: the spec shows no contract-type code for motor contracts (docs/tariffs/kfz.md).
 */
export const CONTRACT_TYPE_CODES = [
  'BHV',
  'VH',
  'SI_ALLGEFAHREN',
  'FAHRRAD',
  'THV',
  'PHV',
  'HRV',
  'REISE',
  'KFZ',
] as const;
export type ContractTypeCode = (typeof CONTRACT_TYPE_CODES)[number];

/** Product keys. */
export const PRODUCT_KEYS = [
  'VH',
  'SI_ALLGEFAHREN',
  'SI_MEHRGEFAHREN',
  'REISE',
  'HAUSRAT',
  'FAHRRAD',
  'PRIVATHAFTPFLICHT',
  'TIERHALTERHAFTPFLICHT',
  'BHV',
  'KFZ',
] as const;
export type ProductKey = (typeof PRODUCT_KEYS)[number];

/** Product type names. */
export const PRODUCT_TYPE_NAMES = [
  'BHV',
  'VH',
  'SI',
  'FAHRRAD',
  'TIERHALTER',
  'PRIVATHAFTPFLICHT',
  'HAUSRAT',
  'REISE',
  'KFZ',
] as const;
export type ProductTypeName = (typeof PRODUCT_TYPE_NAMES)[number];

/** Product (with generation) of the back-office contract summary. */
export const SUMMARY_PRODUKTE = [
  'VH',
  'VH_2',
  'SI_ALLGEFAHREN',
  'SI_MEHRGEFAHREN',
  'REISE',
  'HAUSRAT',
  'FAHRRAD',
  'FAHRRAD_2',
  'PRIVATHAFTPFLICHT',
  'TIERHALTERHAFTPFLICHT',
  'BHV_1',
  'BHV_2',
  'KFZ',
] as const;
export type SummaryProdukt = (typeof SUMMARY_PRODUKTE)[number];

/** Contract statuses; active means LAUFEND or AUSLAUFEND. */
export const VERTRAGSSTATUS = [
  'LAUFEND',
  'AUSLAUFEND',
  'BEENDET',
  'AUFGEHOBEN',
  'STORNIERT',
  'UNBEKANNT',
] as const;
export type Vertragsstatus = (typeof VERTRAGSSTATUS)[number];

/** Summary contract kind. */
export const VERTRAGSARTEN = ['GEWERBE', 'PRIVAT'] as const;
export type Vertragsart = (typeof VERTRAGSARTEN)[number];

/** Whether and how a contract can be cancelled. */
export const KUENDBAR = ['NEIN', 'TAEGLICH', 'VERTRAGSENDE'] as const;
export type Kuendbar = (typeof KUENDBAR)[number];

/** Private-liability count (0 to 3). */
export const PHV_ANZAHL = ['KEINE', 'EINS', 'ZWEI', 'DREI'] as const;
export type PhvAnzahl = (typeof PHV_ANZAHL)[number];

/** Deductible options. */
export const SELBSTBETEILIGUNGEN = ['SB_KEINE', 'SB_250', 'SB_500', 'SB_1000', 'SB_5000'] as const;
export type Selbstbeteiligung = (typeof SELBSTBETEILIGUNGEN)[number];

/** Unit of a deductible. */
export const SELBSTBETEILIGUNG_EINHEITEN = ['PERCENT', 'ABSOLUT'] as const;
export type SelbstbeteiligungEinheit = (typeof SELBSTBETEILIGUNG_EINHEITEN)[number];

/** Contract brand (marke). */
export const MARKEN = ['HFK', OPERATOR_BRAND_KEY] as const;
export type Marke = (typeof MARKEN)[number];

/** Travel group (reise.personenkreis). */
export const PERSONENKREISE = ['SINGLE_PLUS_KIND', 'SINGLE', 'PAAR', 'FAMILIE'] as const;
export type Personenkreis = (typeof PERSONENKREISE)[number];

/** Consultation places. */
export const BERATUNGSORTE = ['onCustomerSite', 'byPhone', 'onAgencySite', 'other'] as const;
export type Beratungsort = (typeof BERATUNGSORTE)[number];

/** Document types. */
export const DOKUMENT_TYPEN = ['default', 'other'] as const;
export type DokumentTyp = (typeof DOKUMENT_TYPEN)[number];

/** Hausrat cover names. */
export const HAUSRAT_DECKUNGEN = [
  `${OPERATOR_BRAND_KEY}_BASISDECKUNG_HAUSRAT`,
  `${OPERATOR_BRAND_KEY}_GLASBRUCH_HAUSRAT`,
  `${OPERATOR_BRAND_KEY}_ELEMENTAR_HAUSRAT`,
  `${OPERATOR_BRAND_KEY}_FAHRRAD_HAUSRAT`,
  `${OPERATOR_BRAND_KEY}_WOHNUNGSSCHUTZBRIEF_HAUSRAT`,
  `${OPERATOR_BRAND_KEY}_UNBENANNTE_GEFAHREN_HAUSRAT`,
] as const;
export type HausratDeckung = (typeof HAUSRAT_DECKUNGEN)[number];

/** Editable fields per product (configurable). */
export const EDITABLE_FIELDS = [
  'insuranceSum',
  'deductible',
  'mainBusiness',
  'additionalBusiness',
  'turnover',
  'coverages',
  'businessResidence',
  'riskLocation',
  'bikeManufacturer',
  'bikeType',
  'bikeFrameNumber',
  'familyStatus',
  'livingSpace',
  'residence',
  'travelGroup',
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** Bicycle cover types. */
export const FAHRRAD_DECKUNGEN = [
  'FAHRRAD_DECKUNG_DIEBSTAHL',
  'FAHRRAD_DECKUNG_REPARATUR',
  'FAHRRAD_DECKUNG_REPARATUR_OHNE_VERSCHLEISS',
  'FAHRRAD_DECKUNG_SCHUTZBRIEF',
] as const;
export type FahrradDeckung = (typeof FAHRRAD_DECKUNGEN)[number];

/** Public use. */
export const OEFFENTLICHE_NUTZUNG = ['OEFFENTLICH', 'TEILWEISE_OEFFENTLICH', 'NICHT_OEFFENTLICH'] as const;
export type OeffentlicheNutzung = (typeof OEFFENTLICHE_NUTZUNG)[number];

/** Bike kind. */
export const FAHRRAD_ARTEN = ['FAHRRAD', 'EBIKE'] as const;
export type FahrradArt = (typeof FAHRRAD_ARTEN)[number];

/** Bike type. */
export const FAHRRAD_TYPEN = ['MOUNTAINBIKE', 'RENNRAD', 'SONSTIGES_RAD'] as const;
export type FahrradTyp = (typeof FAHRRAD_TYPEN)[number];

/** Yes/no of the contract model; application forms use 'yes' and 'no'. */
export const JA_NEIN = ['JA', 'NEIN'] as const;
export type JaNein = (typeof JA_NEIN)[number];
export const FORM_YES_NO = ['yes', 'no'] as const;
export type FormYesNo = (typeof FORM_YES_NO)[number];

/** Condition of an insured object. */
export const ZUSTAENDE = ['NEU', 'GEBRAUCHT'] as const;
export type Zustand = (typeof ZUSTAENDE)[number];

/** Person kind of a partner. */
export const PERSON_ARTEN = ['NatuerlichePersonDTO', 'JuristischePersonDTO'] as const;
export type PersonArt = (typeof PERSON_ARTEN)[number];

/** Cancellation status: cancelled by the customer (HABE) or by the insurance company (WURDE). */
export const KUENDIGUNGSSTATUS = [
  `${OPERATOR_BRAND_KEY}_KUENDIGUNGSSTATUS_HABE`,
  `${OPERATOR_BRAND_KEY}_KUENDIGUNGSSTATUS_WURDE`,
] as const;
export type Kuendigungsstatus = (typeof KUENDIGUNGSSTATUS)[number];

/** Co-insured kinds. */
export const MITVERSICHERTE_ARTEN = ['MITVERSICHERTE_PERSON', 'MITVERSICHERTES_KIND'] as const;
export type MitversicherteArt = (typeof MITVERSICHERTE_ARTEN)[number];

/** Task types and states (spec §3 Task). */
export const TASK_TYPEN = ['UmsatzErinnern1', 'UmsatzErinnern2', 'UmsatzAutomatischAnpassen'] as const;
export type TaskTyp = (typeof TASK_TYPEN)[number];
export const TASK_STATUS = ['Offen', 'Erledigt', 'Storniert'] as const;
export type TaskStatus = (typeof TASK_STATUS)[number];

/** Chat message direction and source. */
export const CHAT_DIRECTIONS = ['incoming', 'outgoing'] as const;
export type ChatDirection = (typeof CHAT_DIRECTIONS)[number];
export const CHAT_SOURCES = ['CHAT', 'EMAIL', 'SYSTEM', 'ATTACHMENT'] as const;
export type ChatSource = (typeof CHAT_SOURCES)[number];

/** Toast states. */
export const TOAST_STATES = ['positive', 'warning', 'neutral', 'negative', 'highlight'] as const;
export type ToastState = (typeof TOAST_STATES)[number];

/** Brand values accepted in `?brand=` (spec §1). */
export const BRAND_VALUES = ['schirm', 'hfk', 's-direkt', 'protect', 'protect-ch'] as const;
export type BrandValue = (typeof BRAND_VALUES)[number];
