// What some change answers carry beyond the premium: a new bank account shows the new SEPA mandate
// (and, once saved, its PDF); a Hausrat move shows the flood class (ZÜRS) of the new home, which
// the new premium and the elementary cover depend on.
import { z } from 'zod';
import { isElementarEinschliessbar } from '@schirm/domain/products/hausrat/tariff';
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
};

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
  return {};
}
