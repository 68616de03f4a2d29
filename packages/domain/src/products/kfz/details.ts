// Product details of a motor contract (Kfz-Versicherung): the vehicle as the registration
// certificate names it, the eVB number issued at conclusion, and every rating fact the tariff
// priced, so that the contract can be priced again (docs/tariffs/kfz.md, "Contract details").
import { z } from 'zod';
import { isCalendarDate } from '../../dates/calendar-date';
import { JA_NEIN } from '../enums';
import { KFZ_SELBSTBETEILIGUNGEN_TEILKASKO, KFZ_SELBSTBETEILIGUNGEN_VOLLKASKO } from './catalogue';
import { EVB_ALPHABET, EVB_LENGTH } from './evb';
import { FAHRERKREISE, KFZ_NUTZUNGEN, SF_KLASSEN } from './tariff-data';

const dateSchema = z.string().refine(isCalendarDate, { message: 'Bitte geben Sie ein gültiges Datum an.' });

/** The insured vehicle. */
export const kfzFahrzeugSchema = z.object({
  /** Herstellerschlüsselnummer (field 2.1 of the Zulassungsbescheinigung Teil I). */
  hsn: z.string().regex(/^\d{4}$/),
  /** Typschlüsselnummer: the first 3 characters of field 2.2. */
  tsn: z.string().regex(/^[A-Z0-9]{3}$/),
  /** Manufacturer and model as the class table names them for HSN/TSN. */
  hersteller: z.string().min(1).max(100),
  modell: z.string().min(1).max(100),
  erstzulassung: dateSchema,
  /** Registration plate; unknown until the car is registered with the eVB number. */
  kennzeichen: z.string().min(1).max(20).optional(),
  /**
   * The eVB number issued at conclusion (unique). Optional in the schema only because the
   * application's contract terms are built before the server draws it; every motor contract the
   * application service writes carries one.
   */
  evbNummer: z
    .string()
    .regex(new RegExp(`^[${EVB_ALPHABET}]{${EVB_LENGTH}}$`))
    .optional(),
});
export type KfzFahrzeugDetails = z.output<typeof kfzFahrzeugSchema>;

/** Details of a KFZ contract: the vehicle and the rating facts of the tariff. */
export const kfzDetailsSchema = z.object({
  fahrzeug: kfzFahrzeugSchema,
  nutzung: z.enum(KFZ_NUTZUNGEN),
  jaehrlicheFahrleistungKm: z.number().int().min(1_000).max(200_000),
  fahrerkreis: z.enum(FAHRERKREISE),
  juengsterFahrerAlter: z.number().int().min(16).max(110),
  sfKlasseHaftpflicht: z.enum(SF_KLASSEN),
  sfKlasseVollkasko: z.enum(SF_KLASSEN).exclude(['S']).optional(),
  garage: z.enum(JA_NEIN),
  /** The holder's postcode the regional classes were taken from. */
  plz: z.string().regex(/^\d{5}$/),
  selbstbeteiligungTeilkasko: z.enum(KFZ_SELBSTBETEILIGUNGEN_TEILKASKO).optional(),
  selbstbeteiligungVollkasko: z.enum(KFZ_SELBSTBETEILIGUNGEN_VOLLKASKO).optional(),
});
export type KfzDetails = z.output<typeof kfzDetailsSchema>;
