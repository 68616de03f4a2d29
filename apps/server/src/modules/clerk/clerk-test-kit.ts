// Test helpers for the clerk side: a clerk account (pool innendienst) with a real SRP verifier.
import type { Database } from '../../db/database';
import { insertAccount, testMobile, type TestAccount } from '../identity/identity-test-kit';

let clerkCount = 0;

/** An active clerk account that signs in with TEST_PASSWORD. */
export async function insertClerkAccount(db: Database): Promise<TestAccount> {
  clerkCount += 1;
  const email = `innendienst.${Date.now().toString(36)}.${clerkCount}@example.com`;
  return insertAccount(db, { pool: 'innendienst', email, mobile: testMobile() });
}
