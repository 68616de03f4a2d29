// Business types of the BHV (finder /api/finder/gewerbeartsuche?produkt=BHV, risk questions at
// /api/fragebogen/risikofragen/{gewerbeId}), data version 2026-01.
//
// Source: our own underwriting compilation. Names follow the German trade classification (WZ 2008
// of the Statistisches Bundesamt, official work without copyright, § 5 UrhG); hazard classes
// reflect how often and how severely a trade causes third-party injury and property damage, as
// German BHV tariffs group trades. Licence: the project's licence.
import type { JaNein, ProductKey } from '../enums';

/** Answer types of a risk question. */
export const RISK_ANSWER_TYPES = ['JA_NEIN'] as const;
export type RiskAnswerType = (typeof RISK_ANSWER_TYPES)[number];

/** A risk question (Risikofrage); `ausschlussAntwort` is the answer that makes the risk uninsurable online. */
export interface RiskQuestion {
  id: string;
  text: string;
  answerType: RiskAnswerType;
  ausschlussAntwort?: JaNein;
}

/**
 * A business type of the finder. hazardClass 1 (office-like) to 4 (work at height, heavy goods) is
 * rated; NOT_ONLINE_HAZARD_CLASS marks trades that are only underwritten individually.
 */
export interface BusinessType {
  id: string;
  name: string;
  products: readonly ProductKey[];
  hazardClass: number;
  riskQuestions: readonly RiskQuestion[];
}

/** Hazard class of trades that are not insurable online. */
export const NOT_ONLINE_HAZARD_CLASS = 5;

/** Data version of the business-type list. */
export const BHV_BUSINESS_TYPES_VERSION = '2026-01';

function knockout(id: string, text: string): RiskQuestion {
  return { id, text, answerType: 'JA_NEIN', ausschlussAntwort: 'JA' };
}

function bhv(
  id: string,
  name: string,
  hazardClass: number,
  riskQuestions: RiskQuestion[] = [],
): BusinessType {
  return { id, name, products: ['BHV'], hazardClass, riskQuestions };
}

/** BHV business types, sorted by name. */
export const BHV_BUSINESS_TYPES: readonly BusinessType[] = [
  bhv('bhv-abbruch', 'Abbruch- und Sprengarbeiten', NOT_ONLINE_HAZARD_CLASS),
  bhv('bhv-baeckerei', 'Bäckerei und Konditorei', 2),
  bhv('bhv-bewachung', 'Bewachungsgewerbe (§ 34a GewO)', NOT_ONLINE_HAZARD_CLASS),
  bhv('bhv-cafe-restaurant', 'Café und Restaurant', 2, [
    knockout(
      'bhv-cafe-restaurant-diskothek',
      'Betreiben Sie eine Diskothek oder einen Club oder veranstalten Sie Feiern mit mehr als 500 Gästen?',
    ),
  ]),
  bhv('bhv-dachdecker', 'Dachdeckerei', 4),
  bhv('bhv-einzelhandel-lebensmittel', 'Einzelhandel mit Lebensmitteln', 2, [
    knockout(
      'bhv-einzelhandel-lebensmittel-import',
      'Stellen Sie Lebensmittel selbst her oder importieren Sie Lebensmittel direkt aus Ländern außerhalb der EU?',
    ),
  ]),
  bhv('bhv-einzelhandel-textil', 'Einzelhandel mit Bekleidung und Textilien', 1),
  bhv('bhv-elektroinstallation', 'Elektroinstallation', 3, [
    knockout(
      'bhv-elektroinstallation-hochspannung',
      'Arbeiten Sie an Anlagen mit mehr als 1.000 Volt (Hochspannung)?',
    ),
  ]),
  bhv('bhv-fitnessstudio', 'Fitnessstudio', 2, [
    knockout('bhv-fitnessstudio-kampfsport', 'Bieten Sie Kampfsport oder Klettern an?'),
  ]),
  bhv('bhv-fliesenleger', 'Fliesen-, Platten- und Mosaiklegerei', 3),
  bhv('bhv-fotografie', 'Fotografie', 1, [
    knockout('bhv-fotografie-drohne', 'Setzen Sie bei Ihrer Arbeit Drohnen ein?'),
  ]),
  bhv('bhv-friseur', 'Friseursalon', 2),
  bhv('bhv-garten-landschaftsbau', 'Garten- und Landschaftsbau', 3, [
    knockout(
      'bhv-garten-landschaftsbau-baumfaellung',
      'Fällen Sie Bäume mit Seilklettertechnik oder von einer Hubarbeitsbühne aus?',
    ),
  ]),
  bhv('bhv-gebaeudereinigung', 'Gebäudereinigung', 3, [
    knockout(
      'bhv-gebaeudereinigung-hoehe',
      'Reinigen Sie Fassaden oder Glasflächen in mehr als 20 Metern Höhe?',
    ),
  ]),
  bhv('bhv-geruestbau', 'Gerüstbau', NOT_ONLINE_HAZARD_CLASS),
  bhv('bhv-hausmeisterservice', 'Hausmeisterservice', 3, [
    {
      id: 'bhv-hausmeisterservice-winterdienst',
      text: 'Übernehmen Sie den Winterdienst auf Flächen Dritter?',
      answerType: 'JA_NEIN',
    },
  ]),
  bhv('bhv-hundeschule', 'Hundeschule und Hundepension', 3),
  bhv('bhv-it-dienstleistung', 'IT-Dienstleistung und Softwareentwicklung', 1),
  bhv('bhv-kfz-werkstatt', 'Kfz-Werkstatt', 3, [
    knockout(
      'bhv-kfz-werkstatt-tankstelle',
      'Betreiben Sie eine Tankstelle oder lagern Sie mehr als 1.000 Liter Kraftstoff?',
    ),
  ]),
  bhv('bhv-kosmetikstudio', 'Kosmetikstudio', 2, [
    knockout(
      'bhv-kosmetikstudio-invasiv',
      'Bieten Sie Behandlungen mit Laser, Injektionen oder Permanent-Make-up an?',
    ),
  ]),
  bhv('bhv-maler', 'Maler und Lackierer', 3),
  bhv('bhv-onlinehandel', 'Onlinehandel ohne eigene Herstellung', 1, [
    knockout('bhv-onlinehandel-import', 'Importieren Sie Waren direkt aus Ländern außerhalb der EU?'),
  ]),
  bhv('bhv-sanitaer-heizung', 'Sanitär-, Heizungs- und Klimatechnik', 3),
  bhv('bhv-schaedlingsbekaempfung', 'Schädlingsbekämpfung', 4),
  bhv('bhv-tischlerei', 'Tischlerei und Schreinerei', 3),
  bhv('bhv-umzug', 'Umzugsunternehmen', 4, [knockout('bhv-umzug-gefahrgut', 'Befördern Sie Gefahrgut?')]),
  bhv('bhv-unternehmensberatung', 'Unternehmensberatung', 1),
  bhv('bhv-veranstaltungstechnik', 'Veranstaltungstechnik', 4, [
    knockout(
      'bhv-veranstaltungstechnik-buehnen',
      'Bauen Sie Bühnen oder Tribünen für mehr als 1.000 Personen auf?',
    ),
  ]),
  bhv('bhv-werbeagentur', 'Werbe- und Marketingagentur', 1),
  bhv('bhv-zimmerei', 'Zimmerei', 4),
];

const BY_ID = new Map(BHV_BUSINESS_TYPES.map((entry) => [entry.id, entry]));

/** The BHV business type with this id, or undefined. */
export function bhvBusinessTypeById(id: string): BusinessType | undefined {
  return BY_ID.get(id);
}

/** The first risk question of the business types answered with its knock-out answer, if any. */
export function knockoutQuestion(
  types: readonly BusinessType[],
  answers: Readonly<Record<string, JaNein>>,
): RiskQuestion | undefined {
  for (const type of types) {
    for (const question of type.riskQuestions) {
      if (question.ausschlussAntwort && answers[question.id] === question.ausschlussAntwort) return question;
    }
  }
  return undefined;
}
