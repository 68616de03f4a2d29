// Professions of the VH (finder /api/finder/gewerbeartsuche?produkt=VH, risk questions at
// /api/fragebogen/risikofragen/{gewerbeId}), data version 2026-01, in the business-type shape of
// the BHV finder so that one finder serves both products.
//
// Source: our own underwriting compilation; names after the German classification of occupations
// (KldB 2010 of the Bundesagentur für Arbeit). Professions with a statutory professional indemnity
// duty and chamber rules (lawyers, tax advisers, auditors, § 34d/§ 34f intermediaries, architects)
// are underwritten individually and carry NOT_ONLINE_HAZARD_CLASS. Licence: the project's licence.
import type { BusinessType, RiskQuestion } from '../bhv/business-types';
import { NOT_ONLINE_HAZARD_CLASS } from '../bhv/business-types';

/** Data version of the profession list. */
export const VH_PROFESSIONS_VERSION = '2026-01';

function knockout(id: string, text: string): RiskQuestion {
  return { id, text, answerType: 'JA_NEIN', ausschlussAntwort: 'JA' };
}

function vh(id: string, name: string, hazardClass: number, riskQuestions: RiskQuestion[] = []): BusinessType {
  return { id, name, products: ['VH'], hazardClass, riskQuestions };
}

/**
 * VH professions, sorted by name. Hazard class 1: creative and language work with small contract
 * values; 2: consulting and IT, where an error can stop a client's business; 3: property and expert
 * work, where one error concerns large assets.
 */
export const VH_PROFESSIONS: readonly BusinessType[] = [
  vh('vh-architektur', 'Architektur und Ingenieurwesen', NOT_ONLINE_HAZARD_CLASS),
  vh('vh-coaching', 'Coaching und Training', 1),
  vh('vh-datenschutz', 'Datenschutzberatung (externer Datenschutzbeauftragter)', 2),
  vh('vh-finanzanlagenvermittlung', 'Finanzanlagenvermittlung (§ 34f GewO)', NOT_ONLINE_HAZARD_CLASS),
  vh('vh-grafikdesign', 'Grafik- und Webdesign', 1),
  vh('vh-immobilienmakler', 'Immobilienmakler (§ 34c GewO)', 3),
  vh('vh-immobilienverwaltung', 'Immobilien- und WEG-Verwaltung (§ 34c GewO)', 3, [
    knockout('vh-immobilienverwaltung-einheiten', 'Verwalten Sie mehr als 1.000 Wohneinheiten?'),
  ]),
  vh('vh-it-beratung', 'IT-Beratung und Softwareentwicklung', 2, [
    knockout(
      'vh-it-beratung-sicherheitskritisch',
      'Entwickeln oder betreuen Sie Software zur Steuerung von Medizinprodukten, Fahrzeugen oder Industrieanlagen?',
    ),
  ]),
  vh('vh-journalismus', 'Journalismus und Text', 1),
  vh('vh-personalberatung', 'Personalberatung und -vermittlung', 2, [
    knockout(
      'vh-personalberatung-ueberlassung',
      'Überlassen Sie Arbeitnehmer an Dritte (Arbeitnehmerüberlassung)?',
    ),
  ]),
  vh('vh-projektmanagement', 'Projektmanagement', 2),
  vh('vh-rechtsanwalt', 'Rechtsanwältin oder Rechtsanwalt', NOT_ONLINE_HAZARD_CLASS),
  vh('vh-sachverstaendiger', 'Sachverständige und Gutachter (ohne Bauwesen)', 3, [
    knockout('vh-sachverstaendiger-bau', 'Erstellen Sie Gutachten über Gebäude oder Bauschäden?'),
  ]),
  vh('vh-steuerberatung', 'Steuerberatung', NOT_ONLINE_HAZARD_CLASS),
  vh('vh-uebersetzung', 'Übersetzen und Dolmetschen', 1),
  vh('vh-unternehmensberatung', 'Unternehmensberatung', 2, [
    knockout(
      'vh-unternehmensberatung-finanzen',
      'Beraten Sie zu Geldanlagen, Versicherungen oder Finanzierungen?',
    ),
  ]),
  vh('vh-veranstaltungsplanung', 'Veranstaltungsplanung', 2),
  vh('vh-versicherungsvermittlung', 'Versicherungsvermittlung (§ 34d GewO)', NOT_ONLINE_HAZARD_CLASS),
  vh('vh-werbeagentur', 'Werbe- und Marketingagentur', 2),
  vh('vh-wirtschaftspruefung', 'Wirtschaftsprüfung', NOT_ONLINE_HAZARD_CLASS),
];

const BY_ID = new Map(VH_PROFESSIONS.map((entry) => [entry.id, entry]));

/** The VH profession with this id, or undefined. */
export function vhProfessionById(id: string): BusinessType | undefined {
  return BY_ID.get(id);
}
