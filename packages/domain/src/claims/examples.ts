// A complete example report per product: the demo data's claims are reported with them, and the
// flows' and the server's tests use them. Each passes its flow with a contract that started before
// the days it names: `claimSample(produkt, today)` counts every day back (or, for the trip, ahead)
// from `today` (default SAMPLE_TODAY).
import { addDays } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';
import type { FlowAnswers } from '../application/flow';
import type { ClaimProduct } from './products';

/** The day the samples were written for. */
export const SAMPLE_TODAY = '2026-06-15';

const beschreibung = 'Beim Spielen im Garten ist der Ball gegen das Fenster des Nachbarn geflogen.';

const liability = (today: CalendarDate): FlowAnswers => ({
  schaden: {
    schadenart: 'SACHSCHADEN',
    schadentag: addDays(today, -3),
    schadenort: 'Gartenstraße 4, 10115 Berlin',
    beschreibung,
  },
  geschaedigter: {
    name: 'Max Nachbar',
    strasse: 'Gartenstraße',
    hausnummer: '6',
    plz: '10115',
    ort: 'Berlin',
    telefon: '+49 30 1234567',
    angehoerig: 'NEIN',
  },
  hergang: {
    hergang: 'Der Ball flog über den Zaun und traf die Scheibe des Wohnzimmerfensters, die dabei zersprang.',
    forderung: 'JA',
    forderungCents: 45_000,
  },
  zeugen: { zeugenVorhanden: 'JA' },
  'zeugen-angaben': { zeugen: [{ name: 'Erika Zeugin', kontakt: '+49 30 7654321' }] },
  erklaerung: { keinAnerkenntnis: true, wahrheitsgemaess: true },
});

/** A complete answer set of the product's claim flow, its days counted back from `today`. */
export function claimSample(produkt: ClaimProduct, today: CalendarDate = SAMPLE_TODAY): FlowAnswers {
  switch (produkt) {
    case 'phv':
    case 'bhv':
      return liability(today);
    case 'thv':
      return {
        ...liability(today),
        schaden: { ...liability(today).schaden, schadenart: 'PERSONENSCHADEN' },
        hergang: { ...liability(today).hergang, tier: 'Bello, Labrador' },
      };
    case 'vh': {
      const { 'zeugen-angaben': _zeugen, ...rest } = liability(today);
      return {
        ...rest,
        schaden: { ...rest.schaden, schadenart: 'FRISTVERSAEUMNIS' },
        zeugen: { zeugenVorhanden: 'NEIN' },
      };
    }
    case 'hausrat':
    case 'si':
      return {
        schaden: {
          schadenart: 'EINBRUCH',
          schadentag: addDays(today, -2),
          schadenort: 'Hauptstraße 12a, 10115 Berlin',
          beschreibung:
            'Während unseres Urlaubs wurde die Wohnungstür aufgebrochen und Elektronik gestohlen.',
        },
        gegenstaende: {
          gegenstaende: [
            { bezeichnung: 'Fernseher, 55 Zoll', wertCents: 89_900 },
            { bezeichnung: 'Laptop', wertCents: 129_900 },
          ],
        },
        polizei: {
          dienststelle: 'Polizeiabschnitt 32, Berlin',
          aktenzeichen: 'ST-2026-4711',
          anzeigeDatum: addDays(today, -2),
        },
        erklaerung: { wahrheitsgemaess: true },
      };
    case 'fahrrad':
      return {
        schaden: {
          schadenart: 'DIEBSTAHL',
          schadentag: addDays(today, -1),
          schadenort: 'Bahnhofsvorplatz, 10557 Berlin',
          beschreibung:
            'Das E-Bike stand abgeschlossen am Fahrradständer vor dem Bahnhof und war am Abend weg.',
        },
        diebstahl: {
          rahmennummer: 'WAW123456789',
          schloss: 'BUEGELSCHLOSS',
          angeschlossenAn: 'JA',
          kaufbeleg: 'JA',
        },
        polizei: {
          dienststelle: 'Bundespolizei Berlin Hauptbahnhof',
          aktenzeichen: 'BP-77-2026',
          anzeigeDatum: addDays(today, -1),
        },
        erklaerung: { wahrheitsgemaess: true },
      };
    case 'reise':
      return {
        schaden: {
          schadenart: 'RUECKTRITT',
          schadentag: addDays(today, -4),
          schadenort: 'Berlin',
          beschreibung:
            'Mein Arbeitgeber hat mir betriebsbedingt gekündigt, die Reise kann ich nicht mehr bezahlen.',
        },
        reise: {
          reiseziel: 'Mallorca',
          veranstalter: 'Sonnenreisen GmbH',
          buchungsdatum: addDays(today, -60),
          reisebeginn: addDays(today, 20),
          reiseende: addDays(today, 34),
          reisepreisCents: 240_000,
        },
        storno: { grund: 'ARBEITSPLATZ', stornoDatum: addDays(today, -3), kostenCents: 96_000 },
        erklaerung: { wahrheitsgemaess: true },
      };
  }
}
