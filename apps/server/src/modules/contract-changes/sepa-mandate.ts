// A new SEPA direct-debit mandate for a changed bank account: the insurer's creditor identifier, a
// mandate reference unique per contract and second (SEPA: at most 35 characters of A–Z, 0–9 and
// +?/-:().,'), and the day the customer gave it.
import type { Bankverbindung } from '@schirm/domain/contract/contract-record';
import type { CalendarDate } from '@schirm/domain/dates/calendar-date';

export function newSepaMandate(
  versicherungsNummer: string,
  today: CalendarDate,
  { glaeubigerId, now }: { glaeubigerId: string; now: Date },
): Bankverbindung['sepaMandat'] {
  const stamp = now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return { glaeubigerId, mandatsreferenz: `SCHIRM-${versicherungsNummer}-${stamp}`, erteiltAm: today };
}
