// What the application specs share (application.spec.ts, embedding.spec.ts).

/** A calendar day (yyyy-MM-dd) as the date fields read and show it: dd.MM.yyyy. */
export function germanDate(day: string): string {
  const [year, month, date] = day.split('-');
  return `${date}.${month}.${year}`;
}
