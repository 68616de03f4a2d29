// The back-office contract summary: spec §3 'Contract summary (back-office style)', names exactly as
// the spec writes them. Every field is present; what does not apply is null. Amounts in EUR.
import { z } from 'zod';
import { compareDates } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';
import { PERIODS_PER_YEAR } from '../products/common/pricing';
import { SUMMARY_PRODUKTE, VERTRAGSARTEN, VERTRAGSSTATUS } from '../products/enums';
import { contractEnd } from './contract-record';
import type { ContractRecord } from './contract-record';
import { centsToEuro } from './amounts';
import { nextContractAnniversary } from './main-due-date';
import { CONTRACT_PRODUCT_META } from './product-meta';
import { isActive } from './status';

const date = z.iso.date();
const euro = z.number().nonnegative();

/** Spec §3 'Contract summary (back-office style)'. */
export const contractSummarySchema = z.strictObject({
  vertragsnummer: z.string(),
  status: z.enum(VERTRAGSSTATUS),
  vertragsart: z.enum(VERTRAGSARTEN),
  produkt: z.enum(SUMMARY_PRODUKTE),
  vertragsbeginn: date,
  /** Day the contract ends or ended, when known. */
  vertragsende: date.nullable(),
  /** Next anniversary of the contract start while the contract runs past it. */
  naechsteVertragsjaehrung: date.nullable(),
  hauptfaelligkeit: z.strictObject({ day: z.number().int(), month: z.number().int() }),
  /** Commercial contracts only; jahresumsatz where the product is rated on revenue. */
  gewerbeVertragsdaten: z.strictObject({ jahresumsatz: euro.nullable() }).nullable(),
  /** Recurring gross premium per payment period; null for single premiums and contracts no longer active. */
  folgeBeitrag: euro.nullable(),
  /** Gross premium per year; null for a single premium (EINMALIG), which is paid once, not yearly. */
  jaehrlicherBeitrag: euro.nullable(),
  lastUpdated: z.iso.datetime({ offset: true }),
});
export type ContractSummary = z.infer<typeof contractSummarySchema>;

// A single-premium contract (travel) has no insurance years: it runs once to its end.
function nextAnniversary(record: ContractRecord, today: CalendarDate): CalendarDate | null {
  if (!isActive(record.status) || record.zahlweise === 'EINMALIG') return null;
  const anniversary = nextContractAnniversary(record.vertragsBeginn, today);
  const end = contractEnd(record);
  return end !== undefined && compareDates(anniversary, end) >= 0 ? null : anniversary;
}

/** Maps a contract to the back-office summary. */
export function toContractSummary(record: ContractRecord, today: CalendarDate): ContractSummary {
  const meta = CONTRACT_PRODUCT_META[record.produkt];
  const { details } = record;
  const perPeriod = record.beitrag.bruttoBeitragProPeriodeCents;
  const recurring = isActive(record.status) && record.zahlweise !== 'EINMALIG';
  return {
    vertragsnummer: record.versicherungsNummer,
    status: record.status,
    vertragsart: meta.vertragsart,
    produkt: record.produkt,
    vertragsbeginn: record.vertragsBeginn,
    vertragsende: contractEnd(record) ?? null,
    naechsteVertragsjaehrung: nextAnniversary(record, today),
    hauptfaelligkeit: { day: record.hauptfaelligkeit.day, month: record.hauptfaelligkeit.month },
    gewerbeVertragsdaten:
      meta.vertragsart === 'GEWERBE'
        ? {
            jahresumsatz:
              details.produktKey === 'BHV' || details.produktKey === 'VH'
                ? centsToEuro(details.jahresumsatz.value)
                : null,
          }
        : null,
    folgeBeitrag: recurring ? centsToEuro(perPeriod) : null,
    jaehrlicherBeitrag:
      record.zahlweise === 'EINMALIG' ? null : centsToEuro(perPeriod * PERIODS_PER_YEAR[record.zahlweise]),
    lastUpdated: record.updatedAt,
  };
}
