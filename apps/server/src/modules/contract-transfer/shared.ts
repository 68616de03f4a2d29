// What both transfers need: their dependencies, the contract an actor may act on (the one scope
// rule for agents, ownership for customers; 404 otherwise, so others' contracts look like unknown
// ones), numbers from the online sequence, and single-use link tokens (256 random bits; the row
// keeps the SHA-256).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { ONLINE_CONTRACT_NUMBER_SEQUENCE } from '../../db/schema/applications';
import { contracts } from '../../db/schema/contracts';
import type { Transaction } from '../../db/transaction';
import type { Actor } from '../../platform/auth/actor';
import { agentScope } from '../../platform/auth/ownership';
import { notFound } from '../../platform/errors';
import type { FileStorage } from '../../platform/files/file-storage';
import type { StoredContract } from '../contracts/contract-mapping';
import { findContractById } from '../contracts/repository';
import { randomToken, sha256Hex } from '../identity/secrets';
import type { Transports } from '../outbox/transports';
import { TRANSFER_ERRORS } from './texts';

export interface TransferDeps {
  db: Database;
  files: FileStorage;
  transports: Transports;
  /** Origin of the web app, for the links in e-mails. */
  publicUrl: string;
  sepaGlaeubigerId: string;
}

function unknownContract(detail: string): Error {
  return notFound(detail, { code: 'CONTRACT_NOT_FOUND', userMessage: TRANSFER_ERRORS.contractUnknown });
}

/** The contract with its agent id, or undefined. */
async function contractRow(db: Database | Transaction, versicherungsNummer: string) {
  const [row] = await db
    .select({ id: contracts.id, agentId: contracts.agentId, partnerId: contracts.partnerId })
    .from(contracts)
    .where(eq(contracts.versicherungsNummer, versicherungsNummer));
  return row;
}

/**
 * The contract an actor may act on: an agent's own or one of an agent below it (agentScope), or
 * the signed-in customer's own. Anything else is 404.
 */
export async function contractForActor(
  db: Database,
  actor: Actor,
  versicherungsNummer: string,
): Promise<StoredContract & { agentId: string | null }> {
  const row = await contractRow(db, versicherungsNummer);
  const allowed =
    row !== undefined &&
    (actor.pool === 'vermittler'
      ? row.agentId !== null && agentScope(actor).includes(row.agentId)
      : actor.pool === 'benutzer' && actor.partnerId === row.partnerId);
  if (!row || !allowed)
    throw unknownContract(`${actor.userId} may not act on contract ${versicherungsNummer}`);
  const contract = await findContractById({ db, id: row.id });
  if (!contract) throw unknownContract(`Contract ${versicherungsNummer} vanished`);
  return { ...contract, agentId: row.agentId };
}

/** The next number of the online sequence (shared with the online application's numbers). */
export async function nextOnlineNumber(db: Database | Transaction): Promise<number> {
  // node-postgres answers `execute` with a QueryResult, PGlite with { rows }; both carry `rows`.
  const result = (await db.execute(
    sql`SELECT nextval(${ONLINE_CONTRACT_NUMBER_SEQUENCE}) AS value`,
  )) as unknown as {
    rows: { value: string | number }[];
  };
  const value = Number(result.rows[0]?.value);
  if (!Number.isSafeInteger(value)) throw new Error('nextval returned no number');
  return value;
}

/** A new link token and the hash that is stored. */
export function newLinkToken(): { token: string; secretHash: string } {
  const token = randomToken();
  return { token, secretHash: sha256Hex(token) };
}

export function tokenHash(token: string): string {
  return sha256Hex(token);
}

/** The display name of a partner. */
export function partnerName(partner: {
  vorname?: string | null;
  nachname?: string | null;
  firmenname?: string | null;
}): string {
  return partner.firmenname ?? [partner.vorname, partner.nachname].filter(Boolean).join(' ');
}
