// Demo contracts concluded the way an applicant concludes them (issue 13 part 9): the demo data set
// buys a bicycle and a household insurance through the same offer and application calls the web
// pages use, so `npm start` shows an online contract with its pre-contract documents, declarations,
// mandate and policy, and a registration link for Olaf Online in the development outbox.
import type { FlowAnswers } from '@schirm/domain/application/flow';
import { fahrradApplication } from '@schirm/domain/application/flows/fahrrad';
import { hausratApplication } from '@schirm/domain/application/flows/hausrat';
import type { ProductApplication } from '@schirm/domain/application/product-application';
import { addDays, addMonths, todayInGermany } from '@schirm/domain/dates/calendar-date';
import type { Seeder } from '../../db/demo/seeders';
import {
  completeApplicationDocuments,
  prepareOffer,
  submitApplication,
  type ApplicationDeps,
} from './service';

/** The demo applicant: no account yet, the registration link waits in the development outbox. */
export const DEMO_APPLICANT_EMAIL = 'olaf.online@example.com';

function common(today: string, zahlweise: string): FlowAnswers {
  return {
    beginn: { versicherungsbeginn: addDays(today, 14), zahlweise },
    person: { vorname: 'Olaf', nachname: 'Online', geburtsdatum: '1979-09-03', email: DEMO_APPLICANT_EMAIL },
    adresse: { strasse: 'Schildergasse', hausnummer: '72', plz: '50667', ort: 'Köln' },
    sepa: { kontoinhaber: 'Olaf Online', iban: 'DE44500105175407324931', sepaMandat: true },
    beratungsverzicht: { beratungsverzicht: true },
  };
}

function demoApplications(today: string): { application: ProductApplication; answers: FlowAnswers }[] {
  return [
    {
      application: fahrradApplication,
      answers: {
        fahrrad: {
          art: 'EBIKE',
          typ: 'SONSTIGES_RAD',
          hersteller: 'riese-und-mueller',
          kaufpreisCents: 389_900,
          kaufdatum: addMonths(today, -3),
          zustand: 'NEU',
        },
        tarif: { deckungsVariante: 'FAHRRAD_KOMFORT' },
        ...common(today, 'MONATLICH'),
      },
    },
    {
      application: hausratApplication,
      answers: {
        wohnung: { plz: '50667', ort: 'Köln', strasse: 'Schildergasse', hausnummer: '72', wohnflaeche: 78 },
        schutz: {
          deckungen: ['SCHIRM_BASISDECKUNG_HAUSRAT', 'SCHIRM_GLASBRUCH_HAUSRAT'],
          selbstbeteiligung: 'SB_KEINE',
        },
        tarif: { deckungsVariante: 'HAUSRAT_KOMFORT' },
        ...common(today, 'JAEHRLICH'),
      },
    },
  ];
}

/** Seeds the online demo contracts through prepareOffer and submitApplication. */
export function onlineApplicationDemoSeeder(deps: Omit<ApplicationDeps, 'db'>): Seeder {
  return {
    name: 'online-applications',
    run: async (tx) => {
      const now = new Date();
      const today = todayInGermany(now);
      // The demo runs on localhost, where every flag is on.
      const context = { today, now, newProductGenerations: true, travelHealthInsurance: false };
      for (const { application, answers } of demoApplications(today)) {
        const offer = await prepareOffer({
          deps: { ...deps, db: tx },
          application,
          channel: 'antrag',
          answers,
          context,
        });
        if (offer.kind !== 'angebot') throw new Error(`Demo application refused: ${offer.reason}`);
        const { result } = await submitApplication({
          deps: { ...deps, db: tx },
          application,
          channel: 'antrag',
          offerId: offer.angebotId,
          answers: { ...answers, dokumente: {}, erklaerung: { antragVerbindlich: true } },
          idempotencyKey: `demo-${application.slug}`,
          context,
        });
        // The demo contracts come with their policy and e-mail at once, as the job makes them.
        await completeApplicationDocuments({
          deps: { ...deps, db: tx },
          now,
          applicationId: result.antragId,
        });
      }
      return { logins: [] };
    },
  };
}
