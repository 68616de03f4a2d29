// Response bodies of the tarifieren endpoints. Amounts come twice: as EUR numbers in the fields the
// spec names (versicherungssumme, proportionalFee, like the contract view's amounts) and as exact
// integer cents in the `…Cents` fields, which are the ones to compute with. German display strings
// are the web app's job (formatCents), not the server's.
import { SUMMARY_PRODUKTE, ZAHLWEISEN } from '@schirm/domain/products/enums';
import { z } from 'zod';

const euros = (what: string) => z.number().describe(`${what} in EUR (Cent-Betrag ÷ 100)`);
const cents = (what: string) => z.int().describe(`${what} in Cent (exakt)`);

export const premiumResponseSchema = z
  .object({
    zahlweise: z.enum(ZAHLWEISEN),
    ratenzahlungszuschlagBp: z
      .int()
      .describe('Ratenzahlungszuschlag in Basispunkten (100 bp = 1 %) auf den Netto-Jahresbeitrag'),
    netto: euros('Nettobeitrag je Zahlungsperiode (inkl. Ratenzahlungszuschlag)'),
    nettoCents: cents('Nettobeitrag je Zahlungsperiode'),
    versicherungsteuer: euros('Versicherungsteuer (19 %) je Zahlungsperiode'),
    versicherungsteuerCents: cents('Versicherungsteuer je Zahlungsperiode'),
    brutto: euros('Bruttobeitrag je Zahlungsperiode: der Betrag, der je Periode abgebucht wird'),
    bruttoCents: cents('Bruttobeitrag je Zahlungsperiode'),
    nettoJahr: euros('Nettobeitrag im Jahr (je Periode × Perioden)'),
    nettoJahrCents: cents('Nettobeitrag im Jahr'),
    versicherungsteuerJahr: euros('Versicherungsteuer im Jahr'),
    versicherungsteuerJahrCents: cents('Versicherungsteuer im Jahr'),
    bruttoJahr: euros('Bruttobeitrag im Jahr (je Periode × Perioden)'),
    bruttoJahrCents: cents('Bruttobeitrag im Jahr'),
  })
  .meta({ id: 'TarifBeitrag' });

export type PremiumResponse = z.infer<typeof premiumResponseSchema>;

const variantFields = {
  deckungsVarianteIdentifier: z.string().describe('Kennung der Deckungsvariante, z. B. PHV_KOMFORT'),
  deckungsVarianteName: z.string().describe('Name der Deckungsvariante, z. B. Komfort'),
  versicherungssumme: euros('Versicherungssumme').nullable(),
  versicherungssummeCents: cents('Versicherungssumme').nullable(),
  premiums: z.array(premiumResponseSchema).describe('Beitrag je angefragter Zahlweise'),
};

export const variantResponseSchema = z.object(variantFields).meta({ id: 'TarifVariante' });
export type VariantResponse = z.infer<typeof variantResponseSchema>;

/** Spec §3 'Pricing result': the fee per payment period the bicycle flow shows. */
export const fahrradPricingResultSchema = z
  .object({
    proportionalFee: euros('Bruttobeitrag je Zahlungsperiode'),
    proportionalFeeCents: cents('Bruttobeitrag je Zahlungsperiode'),
    paymentPeriod: z.enum(ZAHLWEISEN),
  })
  .meta({ id: 'PricingResult' });

const fahrradVariantSchema = z
  .object({ ...variantFields, pricingResults: z.array(fahrradPricingResultSchema) })
  .meta({ id: 'FahrradTarifVariante' });

const reiseVariantSchema = z
  .object({
    ...variantFields,
    reisekrankenNetto: euros('Nettobeitrag der Auslandsreisekrankenversicherung (versicherungsteuerfrei)'),
    reisekrankenNettoCents: cents('Nettobeitrag der Auslandsreisekrankenversicherung'),
  })
  .meta({ id: 'ReiseTarifVariante' });

const quoteFields = {
  kind: z.literal('quote'),
  product: z
    .enum(SUMMARY_PRODUKTE)
    .describe('Produkt mit Generation, wie es der Vertrag später trägt (z. B. BHV_2, FAHRRAD_2)'),
  tariffVersion: z.string().describe('Version der Tarifdaten, z. B. 2026-01'),
};

export const uninsurableResponseSchema = z
  .object({
    kind: z.literal('uninsurable'),
    code: z.string().describe('Stabiler Grund, z. B. THV_DANGEROUS_BREED'),
    reason: z.string().describe('Deutscher Text für die „Leider nicht möglich“-Seite'),
  })
  .meta({ id: 'NichtVersicherbar' });

export type UninsurableResponse = z.infer<typeof uninsurableResponseSchema>;

export const quoteResponseSchema = z
  .object({ ...quoteFields, variants: z.array(variantResponseSchema) })
  .meta({ id: 'TarifAngebot' });
export type QuoteResponse = z.infer<typeof quoteResponseSchema>;

export const fahrradQuoteResponseSchema = z
  .object({ ...quoteFields, variants: z.array(fahrradVariantSchema) })
  .meta({ id: 'FahrradTarifAngebot' });
export type FahrradQuoteResponse = z.infer<typeof fahrradQuoteResponseSchema>;

export const reiseQuoteResponseSchema = z
  .object({ ...quoteFields, variants: z.array(reiseVariantSchema) })
  .meta({ id: 'ReiseTarifAngebot' });
export type ReiseQuoteResponse = z.infer<typeof reiseQuoteResponseSchema>;

export const hausratQuoteResponseSchema = z
  .object({
    ...quoteFields,
    variants: z.array(variantResponseSchema),
    zuersKlasse: z
      .union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])
      .describe('ZÜRS-Gefährdungsklasse der Adresse, vom Server nachgeschlagen'),
    elementarEinschliessbar: z.boolean().describe('Ob der Elementarschutz an dieser Adresse wählbar ist'),
  })
  .meta({ id: 'HausratTarifAngebot' });
export type HausratQuoteResponse = z.infer<typeof hausratQuoteResponseSchema>;

export const kfzQuoteResponseSchema = z
  .object({
    ...quoteFields,
    variants: z.array(variantResponseSchema),
    fahrzeug: z
      .object({
        hsn: z.string(),
        tsn: z.string(),
        hersteller: z.string(),
        modell: z.string(),
        leistungKw: z.int(),
      })
      .describe('Das Fahrzeug zu HSN/TSN aus der Klassentabelle, zur Anzeige neben den Schlüsselnummern'),
    region: z
      .string()
      .describe('Zulassungsbezirk oder Gebiet zur Postleitzahl, dessen Regionalklassen gelten'),
  })
  .meta({ id: 'KfzTarifAngebot' });
export type KfzQuoteResponse = z.infer<typeof kfzQuoteResponseSchema>;

/** Every tarifieren answer: a quote, or 'uninsurable' (a valid answer with status 200, not an error). */
export type PricingResponse<Q = QuoteResponse> = Q | UninsurableResponse;
