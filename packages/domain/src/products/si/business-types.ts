// Business types of the Sachinhalt products (finder /api/finder/gewerbeartsuche?produkt=SI_ALLGEFAHREN
// or SI_MEHRGEFAHREN, risk questions at /api/fragebogen/risikofragen/{gewerbeId}), data version 2026-01.
//
// Source: our own underwriting compilation. Names follow the German trade classification (WZ 2008 of
// the Statistisches Bundesamt, an official work without copyright, § 5 UrhG). The hazard class rates
// the contents risk of the premises — fire load and ignition sources (kitchens, ovens, solvents,
// wood dust), burglary attractiveness of the stock and water sensitivity — as German commercial
// contents tariffs group trades. Licence: the project's licence. Ids carry the prefix 'si-' so that
// they never collide with the BHV list in one finder.
import type { BusinessType, RiskQuestion } from '../bhv/business-types';
import type { ProductKey } from '../enums';

/** Data version of the business-type list. */
export const SI_BUSINESS_TYPES_VERSION = '2026-01';

/** Hazard class of trades that are not insurable online (individual underwriting only). */
export const SI_NOT_ONLINE_HAZARD_CLASS = 5;

const BOTH: readonly ProductKey[] = ['SI_ALLGEFAHREN', 'SI_MEHRGEFAHREN'];
// All-risk cover is offered up to hazard class 3; heavier trades get named perils only.
const MEHRGEFAHREN_ONLY: readonly ProductKey[] = ['SI_MEHRGEFAHREN'];

function knockout(id: string, text: string): RiskQuestion {
  return { id, text, answerType: 'JA_NEIN', ausschlussAntwort: 'JA' };
}

/** Questions asked for every Sachinhalt risk; a 'JA' makes the risk uninsurable online. */
export const SI_GENERAL_RISK_QUESTIONS: readonly RiskQuestion[] = [
  knockout(
    'si-vorschaeden',
    'Hatten Sie in den letzten fünf Jahren mehr als zwei Sachschäden an Ihrer Betriebseinrichtung oder Ihren Waren?',
  ),
  knockout(
    'si-leerstand',
    'Stehen die Betriebsräume länger als drei Monate im Jahr leer oder sind sie nicht in Benutzung?',
  ),
  knockout(
    'si-bauweise',
    'Befinden sich die Betriebsräume in einem Gebäude mit weicher Bedachung (z. B. Reet oder Stroh) oder in Holzbauweise?',
  ),
];

function si(
  id: string,
  name: string,
  hazardClass: number,
  products: readonly ProductKey[],
  specific: readonly RiskQuestion[] = [],
): BusinessType {
  return { id, name, products, hazardClass, riskQuestions: [...SI_GENERAL_RISK_QUESTIONS, ...specific] };
}

/** Sachinhalt business types, sorted by name. */
export const SI_BUSINESS_TYPES: readonly BusinessType[] = [
  si('si-apotheke', 'Apotheke', 2, BOTH, [
    knockout(
      'si-apotheke-btm',
      'Lagern Sie Betäubungsmittel außerhalb eines zertifizierten Wertschutzschranks?',
    ),
  ]),
  si('si-architekturbuero', 'Architektur- und Ingenieurbüro', 1, BOTH),
  si('si-arztpraxis', 'Arztpraxis', 1, BOTH, [
    knockout(
      'si-arztpraxis-grossgeraete',
      'Betreiben Sie Großgeräte wie MRT oder CT mit einem Neuwert über 250.000 EUR?',
    ),
  ]),
  si('si-baeckerei', 'Bäckerei und Konditorei mit Backstube', 3, BOTH),
  si('si-blumenladen', 'Blumen- und Pflanzenhandel', 1, BOTH),
  si('si-buchhandlung', 'Buchhandel', 2, BOTH),
  si('si-buero', 'Büro (Verwaltung, Beratung, Agentur)', 1, BOTH),
  si('si-cafe-restaurant', 'Café und Restaurant', 3, BOTH, [
    knockout(
      'si-cafe-restaurant-fritteuse',
      'Betreiben Sie Fritteusen ohne selbsttätige Feuerlöschanlage in der Abzugshaube?',
    ),
  ]),
  si('si-diskothek', 'Diskothek und Club', SI_NOT_ONLINE_HAZARD_CLASS, MEHRGEFAHREN_ONLY),
  si('si-druckerei', 'Druckerei', 4, MEHRGEFAHREN_ONLY, [
    knockout(
      'si-druckerei-loesemittel',
      'Lagern Sie mehr als 200 Liter brennbare Lösemittel in den Betriebsräumen?',
    ),
  ]),
  si('si-einzelhandel-elektronik', 'Einzelhandel mit Unterhaltungselektronik und Mobiltelefonen', 3, BOTH, [
    knockout(
      'si-einzelhandel-elektronik-sicherung',
      'Fehlt eine VdS-anerkannte Einbruchmeldeanlage, obwohl der Warenwert 50.000 EUR übersteigt?',
    ),
  ]),
  si('si-einzelhandel-lebensmittel', 'Einzelhandel mit Lebensmitteln', 2, BOTH),
  si('si-einzelhandel-textil', 'Einzelhandel mit Bekleidung und Textilien', 2, BOTH),
  si(
    'si-feuerwerk',
    'Handel mit Feuerwerkskörpern und Pyrotechnik',
    SI_NOT_ONLINE_HAZARD_CLASS,
    MEHRGEFAHREN_ONLY,
  ),
  si('si-fitnessstudio', 'Fitnessstudio', 2, BOTH),
  si('si-friseur', 'Friseursalon', 1, BOTH),
  si('si-juwelier', 'Juwelier und Goldschmiede', SI_NOT_ONLINE_HAZARD_CLASS, MEHRGEFAHREN_ONLY),
  si('si-kanzlei', 'Rechtsanwalts-, Steuerberatungs- und Notarkanzlei', 1, BOTH),
  si('si-kfz-werkstatt', 'Kfz-Werkstatt', 4, MEHRGEFAHREN_ONLY, [
    knockout('si-kfz-werkstatt-lackiererei', 'Betreiben Sie eine Lackiererei oder Lackierkabine?'),
  ]),
  si('si-kosmetikstudio', 'Kosmetik- und Nagelstudio', 1, BOTH),
  si('si-lager', 'Lager für eigene Handelswaren (ohne Gefahrstoffe)', 3, BOTH, [
    knockout('si-lager-hochregal', 'Lagern Sie Waren in Hochregalen über 7,5 m Höhe?'),
  ]),
  si('si-physiotherapie', 'Physiotherapie- und Heilpraktikerpraxis', 1, BOTH),
  si('si-saegewerk', 'Sägewerk', SI_NOT_ONLINE_HAZARD_CLASS, MEHRGEFAHREN_ONLY),
  si('si-schreinerei', 'Schreinerei und Tischlerei', 4, MEHRGEFAHREN_ONLY, [
    knockout(
      'si-schreinerei-absaugung',
      'Fehlt eine Späneabsaugung mit Filteranlage außerhalb der Werkstatt?',
    ),
  ]),
  si('si-tankstelle', 'Tankstelle', SI_NOT_ONLINE_HAZARD_CLASS, MEHRGEFAHREN_ONLY),
  si('si-zahnarztpraxis', 'Zahnarztpraxis', 1, BOTH),
];

const BY_ID = new Map(SI_BUSINESS_TYPES.map((type) => [type.id, type]));

/** The Sachinhalt business type with this id, if any. */
export function siBusinessTypeById(id: string): BusinessType | undefined {
  return BY_ID.get(id);
}
