// Display of dates and instants the German way. A 'yyyy-MM-dd' string is a calendar day and is
// shown as is; a Date or an ISO timestamp is an instant and is shown as the day (and time) it is
// in Germany (Europe/Berlin, with summer time), whatever the time zone of the browser or server.
import { formatGermanDate, isCalendarDate, todayInGermany } from '../dates/calendar-date';
import type { CalendarDate } from '../dates/calendar-date';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const berlinTime = new Intl.DateTimeFormat('de-DE', {
  timeZone: 'Europe/Berlin',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function toInstant(value: Date | string): Date {
  const instant = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Invalid date: ${String(value)}`);
  return instant;
}

function berlinDay(value: CalendarDate | Date | string): CalendarDate {
  if (typeof value === 'string' && DATE_ONLY.test(value)) {
    if (!isCalendarDate(value)) throw new RangeError(`Invalid calendar date: ${value}`);
    return value;
  }
  return todayInGermany(toInstant(value));
}

/** 'dd.MM.yyyy' for a calendar date, a Date or an ISO timestamp (day in Europe/Berlin). */
export function formatDate(value: CalendarDate | Date | string): string {
  return formatGermanDate(berlinDay(value));
}

/** 'dd.MM.yyyy um HH:mm Uhr' for an instant (as German receipts write it), in Europe/Berlin time. */
export function formatDateTime(instant: Date | string): string {
  const date = toInstant(instant);
  const parts = berlinTime.formatToParts(date);
  const hour = parts.find((part) => part.type === 'hour')?.value ?? '00';
  const minute = parts.find((part) => part.type === 'minute')?.value ?? '00';
  return `${formatGermanDate(todayInGermany(date))} um ${hour}:${minute} Uhr`;
}
