// How a customer pays an overdue premium (issue 12): the insurer's account to transfer to, from the
// server configuration (PREMIUM_ACCOUNT_*), with the contract number as payment reference. The
// contract details carry it only while a premium is overdue (`mahnung`); a new direct debit goes
// through the bankverbindung self-service, which issues a new SEPA mandate.
import { z } from 'zod';
import type { AppConfig } from '../../platform/config';

/** `zahlungsinformationen` of GET /api/vertrag/vertrag/:id. */
export const paymentInfoSchema = z
  .strictObject({
    kontoinhaber: z.string().describe('Empfänger der Überweisung'),
    iban: z.string().describe('IBAN ohne Leerzeichen'),
    bic: z.string(),
    verwendungszweck: z.string().describe('Verwendungszweck: die Versicherungsnummer'),
  })
  .meta({ id: 'Zahlungsinformationen' });
export type PaymentInfo = z.infer<typeof paymentInfoSchema>;

/** The transfer details for the contract while a premium is overdue, otherwise nothing. */
export function paymentInfoFor(
  contract: { versicherungsNummer: string; mahnung: boolean },
  account: AppConfig['beitragskonto'],
): { zahlungsinformationen?: PaymentInfo } {
  if (!contract.mahnung) return {};
  return {
    zahlungsinformationen: {
      kontoinhaber: account.kontoinhaber,
      iban: account.iban,
      bic: account.bic,
      verwendungszweck: contract.versicherungsNummer,
    },
  };
}
