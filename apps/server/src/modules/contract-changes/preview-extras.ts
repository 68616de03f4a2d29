// What some change answers carry beyond the premium: a new bank account shows the new SEPA mandate
// (and, once saved, its PDF); a Hausrat move shows the flood class (ZÜRS) of the new home, which
// the new premium and the elementary cover depend on; a PHV family status that no longer includes
// the partner or the children names the co-insured persons it drops.
import { z } from 'zod';
import { MITVERSICHERTE_ARTEN, type MitversicherteArt } from '@schirm/domain/products/enums';
import { isElementarEinschliessbar } from '@schirm/domain/products/hausrat/tariff';
import { mitversicherteFuer, type PhvMitversichertePerson } from '@schirm/domain/products/phv/tariff';
import { dokumentSchema } from '../contract-termination/routes';
import { documentUrl } from '../documents/service';
import { bankNameOf } from './bank-account';
import type { ChangePreview } from './service';

const mandateSchema = z
  .object({
    glaeubigerId: z.string().describe('Gläubiger-Identifikationsnummer des Versicherers'),
    mandatsreferenz: z.string().optional().describe('Wird beim Speichern vergeben; fehlt in der Vorschau'),
    erteiltAm: z.iso.date().describe('Tag der Erteilung'),
    kontoinhaber: z.string(),
    iban: z.string().describe('Die neue IBAN ohne Leerzeichen'),
    bic: z.string().optional(),
    bank: z.string().optional().describe('Name des Kreditinstituts, wo bekannt'),
    vertraege: z
      .array(z.object({ versicherungsNummer: z.string(), versicherungsName: z.string() }))
      .describe('Laufende Verträge, die von diesem Konto abgebucht werden; für alle gilt das neue Mandat'),
  })
  .meta({ id: 'SepaMandat' });

const droppedPersonSchema = z
  .object({
    art: z.enum(MITVERSICHERTE_ARTEN).describe('Partnerin/Partner oder Kind'),
    vorname: z.string(),
    name: z.string(),
  })
  .meta({ id: 'NichtMehrMitversichertePerson' });

/** Fields of the change answer (AenderungVorschau) that only some changes carry. */
export const previewExtrasShape = {
  sepaMandat: mandateSchema.optional().describe('Nur Bankverbindung: das neue SEPA-Lastschriftmandat'),
  dokument: dokumentSchema
    .optional()
    .describe('Nur Bankverbindung nach dem Speichern: das SEPA-Lastschriftmandat als PDF'),
  zuersKlasse: z
    .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
    .optional()
    .describe('Nur Hausrat-Umzug: ZÜRS-Gefährdungsklasse der neuen Anschrift'),
  elementarEinschliessbar: z
    .boolean()
    .optional()
    .describe('Nur Hausrat-Umzug: ob Elementarschutz an der neuen Anschrift möglich ist'),
  nichtMehrMitversichert: z
    .array(droppedPersonSchema)
    .optional()
    .describe(
      'Nur Familienstand der Privathaftpflicht: mitversicherte Personen, die der neue Familienstand nicht mehr einschließt',
    ),
};

/** German name of a co-insured person's role, e.g. in 'Max Mustermann (Partnerin bzw. Partner)'. */
const ROLLE: Readonly<Record<MitversicherteArt, string>> = {
  MITVERSICHERTE_PERSON: 'Partnerin bzw. Partner',
  MITVERSICHERTES_KIND: 'Kind',
};

/**
 * PHV family status: the co-insured persons the contract names today whom the new status no longer
 * includes (applying the change drops them, pending-changes.ts). A withdrawal drops nobody.
 */
export function droppedCoInsured(
  preview: Pick<ChangePreview, 'change' | 'ruecknahme' | 'plan'>,
): PhvMitversichertePerson[] {
  const { change, ruecknahme, plan } = preview;
  const { details } = plan.record;
  if (change.type !== 'familienstand' || ruecknahme || details.produktKey !== 'PRIVATHAFTPFLICHT') return [];
  const personen = details.mitversichertePersonen ?? [];
  const kept = mitversicherteFuer(change.value, personen);
  return personen.filter((person) => !kept.includes(person));
}

/**
 * The sentence a confirmation (Postfach, e-mail) adds for the dropped co-insured persons, e.g.
 * 'Mit dieser Änderung sind folgende Personen nicht mehr mitversichert: Max Mustermann (Partnerin
 * bzw. Partner).'; undefined when nobody is dropped.
 */
export function droppedCoInsuredSentence(
  preview: Pick<ChangePreview, 'change' | 'ruecknahme' | 'plan'>,
): string | undefined {
  const dropped = droppedCoInsured(preview);
  if (dropped.length === 0) return undefined;
  const names = dropped.map((person) => `${person.vorname} ${person.name} (${ROLLE[person.art]})`);
  return `Mit dieser Änderung sind folgende Personen nicht mehr mitversichert: ${names.join(', ')}.`;
}

/** The extra fields of a preview or save answer. */
export function previewExtras(preview: ChangePreview) {
  const { change, dokument } = preview;
  if (change.type === 'bankverbindung') {
    const { sepaMandat, iban, bic, kontoinhaber } = change.value;
    const bank = bankNameOf(iban);
    return {
      sepaMandat: {
        glaeubigerId: sepaMandat.glaeubigerId,
        // The reference is the saved mandate's; a preview's would be another one.
        ...(dokument ? { mandatsreferenz: sepaMandat.mandatsreferenz } : {}),
        erteiltAm: sepaMandat.erteiltAm,
        kontoinhaber,
        iban,
        ...(bic ? { bic } : {}),
        ...(bank ? { bank } : {}),
        vertraege: preview.lastschriftVertraege ?? [],
      },
      ...(dokument
        ? {
            dokument: {
              id: dokument.id,
              name: dokument.name,
              typ: dokument.typ,
              url: documentUrl(dokument.id),
            },
          }
        : {}),
    };
  }
  if (change.type === 'risikoort' && change.value.zuersKlasse !== undefined) {
    const { zuersKlasse } = change.value;
    return { zuersKlasse, elementarEinschliessbar: isElementarEinschliessbar(zuersKlasse) };
  }
  if (change.type === 'familienstand') {
    const dropped = droppedCoInsured(preview);
    return dropped.length === 0
      ? {}
      : { nichtMehrMitversichert: dropped.map(({ art, vorname, name }) => ({ art, vorname, name })) };
  }
  return {};
}
