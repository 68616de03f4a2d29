// The eVB number of a motor contract (products/kfz/evb.ts): drawn with node:crypto's randomInt when
// the application is concluded, so it cannot be guessed, and drawn again while a stored motor
// contract has it. The unique index contracts_evb_nummer_key (migration 0008) guards the moment
// between this check and the insert: two applications drawing the same number then (1 in about
// 27,5 billion) make the second insert fail, and its retry draws anew.
import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { ProduktDetails } from '@schirm/domain/contract/product-details';
import { createEvbNumber, type RandomInt } from '@schirm/domain/products/kfz/tariff';
import type { Database } from '../../db/database';
import { contracts } from '../../db/schema/contracts';

/** Draws before giving up: a second collision in a row means the random source is broken. */
const MAX_DRAWS = 5;

/** A new eVB number no stored motor contract has. */
export async function issueEvbNumber(db: Database, random: RandomInt = randomInt): Promise<string> {
  for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
    const candidate = createEvbNumber(random);
    const [taken] = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(
        and(
          eq(contracts.produkt, 'KFZ'),
          sql`(${contracts.productDetails} -> 'fahrzeug' ->> 'evbNummer') = ${candidate}`,
        ),
      )
      .limit(1);
    if (!taken) return candidate;
  }
  throw new Error(`No free eVB number after ${MAX_DRAWS} draws`);
}

/** The details with a new eVB number for a motor contract; other products' details unchanged. */
export async function withEvbNumber(
  db: Database,
  details: ProduktDetails,
  random: RandomInt = randomInt,
): Promise<ProduktDetails> {
  if (details.produktKey !== 'KFZ') return details;
  return { ...details, fahrzeug: { ...details.fahrzeug, evbNummer: await issueEvbNumber(db, random) } };
}

/** The eVB number of a contract's details, if it is a motor contract that has one. */
export function evbNumberOf(details: ProduktDetails): string | undefined {
  return details.produktKey === 'KFZ' ? details.fahrzeug.evbNummer : undefined;
}
