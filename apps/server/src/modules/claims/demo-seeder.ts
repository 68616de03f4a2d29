// Demo claims, made the way a customer and a clerk make them (ADR 0026): Anna Schneider reports a
// burglary under her Hausrat contract and a broken window under her PHV through submitClaim; the
// demo clerk then settles the burglary (cover checked, assessed, settled) and, on the PHV claim,
// checks the cover, asks for the invoice of the glazier and writes a message. So the tracker, the
// open document, the conversation and the Postfach show real actions, not seeded rows.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { claimSample } from '@schirm/domain/claims/examples';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import type { Database } from '../../db/database';
import { DEMO_CUSTOMERS } from '../../db/demo/portfolio/demo-people';
import type { Seeder } from '../../db/demo/seeders';
import { accounts } from '../../db/schema/identity';
import type { Actor } from '../../platform/auth/actor';
import type { FileStorage } from '../../platform/files/file-storage';
import type { Transports } from '../outbox/transports';
import { moveClaim, postClaimMessage, requestClaimDocument, submitClaim, type ClaimDeps } from './service';

async function actorOf(db: Database, pool: 'benutzer' | 'innendienst', username?: string): Promise<Actor> {
  const [account] = await db
    .select()
    .from(accounts)
    .where(username ? and(eq(accounts.pool, pool), eq(accounts.username, username)) : eq(accounts.pool, pool))
    .limit(1);
  if (!account)
    throw new Error(
      `Demo ${pool} account ${username ?? ''} is missing: the identity and clerk seeders must run first`,
    );
  return {
    pool,
    userId: account.id,
    username: account.username,
    ...(account.partnerId ? { partnerId: account.partnerId } : {}),
  };
}

/** Seeds two claims of the demo customer Anna Schneider in different states (after identity and clerk). */
export function claimsDemoSeeder({
  files,
  transports,
}: {
  files: FileStorage;
  transports: Transports;
}): Seeder {
  return {
    name: 'demo-claims',
    run: async (tx) => {
      const db = tx as unknown as Database;
      const deps: ClaimDeps = { db, files, transports };
      const anna = DEMO_CUSTOMERS.annaSchneider;
      const customer = await actorOf(db, 'benutzer', anna.email);
      const clerk = await actorOf(db, 'innendienst');
      const today = todayInGermany();

      const burglary = await submitClaim({
        deps,
        actor: customer,
        versicherungsNummer: anna.contracts.hausrat,
        produkt: 'hausrat',
        antworten: claimSample('hausrat', today),
        uploads: [],
        idempotencyKey: randomUUID(),
      });
      const burglaryId = burglary.result.claimId;
      await moveClaim({ deps, actor: clerk, claimId: burglaryId, nach: 'DECKUNG_GEPRUEFT' });
      await moveClaim({ deps, actor: clerk, claimId: burglaryId, nach: 'BEGUTACHTET' });
      await moveClaim({
        deps,
        actor: clerk,
        claimId: burglaryId,
        nach: 'REGULIERT',
        grund: 'Wir überweisen 2.198,00 EUR auf Ihr Konto.',
      });

      const window = await submitClaim({
        deps,
        actor: customer,
        versicherungsNummer: anna.contracts.phv,
        produkt: 'phv',
        antworten: claimSample('phv', today),
        uploads: [],
        idempotencyKey: randomUUID(),
      });
      const windowId = window.result.claimId;
      await moveClaim({ deps, actor: clerk, claimId: windowId, nach: 'DECKUNG_GEPRUEFT' });
      await requestClaimDocument({
        deps,
        actor: clerk,
        claimId: windowId,
        titel: 'Rechnung des Glasers',
        beschreibung: 'Die Rechnung über den Austausch der Fensterscheibe.',
        fristTage: 14,
      });
      await postClaimMessage({
        deps,
        actor: clerk,
        claimId: windowId,
        text: 'Vielen Dank für Ihre Meldung. Sobald die Rechnung des Glasers vorliegt, erstatten wir den Schaden direkt an Ihren Nachbarn.',
      });
      return { logins: [] };
    },
  };
}
