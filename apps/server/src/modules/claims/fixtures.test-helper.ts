// A claim of a test customer written straight into the tables (fast enough for a fixture per
// route of the authorization table): the claim with its history, one required document, a file
// (a stored upload attached to the claim), a message from the insurer and a draft for the contract.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { formatClaimNumber } from '@schirm/domain/claims/number';
import { addDays, todayInGermany } from '@schirm/domain/dates/calendar-date';
import type { Database } from '../../db/database';
import {
  claimDocuments,
  claimDrafts,
  claimMessages,
  claims,
  claimStatusHistory,
} from '../../db/schema/claims';
import { contracts } from '../../db/schema/contracts';
import { uploads } from '../../db/schema/uploads';
import type { FileStorage } from '../../platform/files/file-storage';

let serial = 9_000_000;

/** The customer's claim on their PHV contract, with a file, an open document, a message and a draft. */
export async function insertTestClaim(
  db: Database,
  files: FileStorage,
  { partnerId, contractNumber, accountId }: { partnerId: string; contractNumber: string; accountId: string },
): Promise<{ claimId: string; uploadId: string; documentKey: string }> {
  const [contract] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(eq(contracts.versicherungsNummer, contractNumber));
  if (!contract) throw new Error(`no contract ${contractNumber}`);
  const today = todayInGermany();
  serial += 1;
  const [claim] = await db
    .insert(claims)
    .values({
      schadennummer: formatClaimNumber(2099, serial % 9_999_999 || 1),
      contractId: contract.id,
      partnerId,
      produkt: 'phv',
      schadentag: addDays(today, -2),
      antworten: { schaden: { schadenart: 'SACHSCHADEN', schadentag: addDays(today, -2) } },
      quelle: 'KUNDE',
      idempotencyKey: randomUUID(),
    })
    .returning({ id: claims.id });
  const claimId = claim!.id;
  await db.insert(claimStatusHistory).values({ claimId, status: 'GEMELDET' });
  await db.insert(claimDocuments).values({
    claimId,
    key: 'fotos',
    titel: 'Fotos des Schadens',
    beschreibung: 'Aufnahmen des Schadens.',
    fristBis: addDays(today, 7),
    erforderlich: false,
    quelle: 'CHECKLISTE',
  });
  await db.insert(claimMessages).values({
    claimId,
    autorArt: 'INNENDIENST',
    autorName: 'Schirm Schadenservice',
    betreff: 'Rückfrage',
    text: 'Bitte senden Sie uns ein Foto.',
  });
  const storageKey = await files.put(Buffer.from('Foto des Schadens'), 'txt');
  const [upload] = await db
    .insert(uploads)
    .values({
      accountId,
      status: 'FERTIG',
      dateiname: 'schaden.txt',
      angegebeneGroesse: 17,
      groesse: 17,
      typ: 'text/plain',
      storageKey,
      expiresAt: new Date(Date.now() + 60_000),
      finishedAt: new Date(),
      targetKind: 'schaden',
      targetId: claimId,
      attachedAt: new Date(),
    })
    .returning({ id: uploads.id });
  await db
    .insert(claimDrafts)
    .values({
      partnerId,
      contractId: contract.id,
      produkt: 'phv',
      antworten: {},
      schritt: 'schaden',
      idempotencyKey: randomUUID(),
    })
    .onConflictDoNothing();
  return { claimId, uploadId: upload!.id, documentKey: 'fotos' };
}
