// The insured address of a contract (spec §3 `risikoOrt`): business premises for BHV and SI, the
// home for Hausrat. Shared by the product details of those products and by the change of address.
import { z } from 'zod';
import { hausnummerSchema } from '../../validation/identifiers';

/** Risk location of a contract (spec §3 `risikoOrt`). */
export const risikoOrtSchema = z.object({
  plz: z.string().regex(/^\d{5}$/, { error: 'Bitte geben Sie eine gültige Postleitzahl mit 5 Ziffern ein.' }),
  ort: z.string().trim().min(1, { error: 'Bitte geben Sie den Ort an.' }),
  strasse: z.string().trim().min(1, { error: 'Bitte geben Sie die Straße an.' }),
  hausnummer: hausnummerSchema,
});
export type RisikoOrt = z.infer<typeof risikoOrtSchema>;
