// Test data of the embedding module: a partner with a known secret, and a customer's grant.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { embeddingGrants, embeddingPartners } from '../../db/schema/embedding';
import { partners } from '../../db/schema/partners';
import { hashPartnerSecret } from './secrets';

let counter = 0;

export interface TestEmbeddingPartner {
  id: string;
  partnerKey: string;
  secret: string;
}

/** An embedding partner (active, customer area, the bike product, two local origins unless told). */
export async function insertEmbeddingPartner(
  db: Database,
  {
    agentId = null,
    origins = ['http://localhost:3001', 'http://127.0.0.1:3001'],
    produkte = ['fahrrad'],
    kundenbereich = true,
    aktiv = true,
  }: {
    agentId?: string | null;
    origins?: string[];
    produkte?: string[];
    kundenbereich?: boolean;
    aktiv?: boolean;
  } = {},
): Promise<TestEmbeddingPartner> {
  counter += 1;
  const partnerKey = `test-partner-${Date.now().toString(36)}-${counter}`;
  const secret = `test-geheimnis-${counter}`;
  const [row] = await db
    .insert(embeddingPartners)
    .values({
      partnerKey,
      name: `Testpartner ${counter}`,
      origins,
      agentId,
      produkte,
      kundenbereich,
      aktiv,
      secretHash: await hashPartnerSecret(secret),
    })
    .returning({ id: embeddingPartners.id });
  if (!row) throw new Error('embedding partner not inserted');
  return { id: row.id, partnerKey, secret };
}

/** An active grant of the customer account to the partner. */
export async function insertGrant(
  db: Database,
  accountId: string,
  embeddingPartnerId: string,
): Promise<void> {
  await db.insert(embeddingGrants).values({ accountId, embeddingPartnerId });
}

/** The partner number of a customer's partner row. */
export async function partnerNummerOf(db: Database, partnerId: string): Promise<string> {
  const [row] = await db
    .select({ nummer: partners.partnerNummer })
    .from(partners)
    .where(eq(partners.id, partnerId));
  if (!row) throw new Error(`partner ${partnerId} missing`);
  return row.nummer;
}

/** The HTTP Basic header of a partner's credentials. */
export function basicAuth(partnerKey: string, secret: string): string {
  return `Basic ${Buffer.from(`${partnerKey}:${secret}`).toString('base64')}`;
}
