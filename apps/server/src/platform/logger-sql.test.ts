import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { createTestDatabase } from '../test/test-database';
import { captureLogger } from './log-capture.test-helper';
import { REDACTED_SQL_VALUES } from './logger';

// Issue 11: a failed query's parameter values (e-mail addresses, names, hashes) must not reach the
// log. Drizzle writes them into the error's message, stack and `params`; PostgreSQL repeats the
// values of a violated unique key in `detail`.

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`CREATE TABLE log_probe (email text PRIMARY KEY, note text)`);
});

afterAll(async () => {
  await database.close();
});

async function failingInsert(email: string, note: string): Promise<unknown> {
  await database.db.execute(sql`INSERT INTO log_probe (email, note) VALUES (${email}, ${note})`);
  try {
    await database.db.execute(sql`INSERT INTO log_probe (email, note) VALUES (${email}, ${note})`);
  } catch (error) {
    return error;
  }
  throw new Error('The second insert should have failed');
}

describe('logging a failed query', () => {
  it('writes the query and what went wrong but no parameter or key value', async () => {
    const email = 'erika.geheim@example.com';
    const note = 'Zeile eins\nparams: zweite Zeile mit Mustermann';
    const error = await failingInsert(email, note);
    const { logger, lines } = captureLogger();
    logger.error({ err: error }, 'request failed');

    const output = lines.join('\n');
    expect(output).not.toContain('erika.geheim');
    expect(output).not.toContain('Mustermann');
    const entry = JSON.parse(lines[0] ?? '{}') as { err: Record<string, unknown> };
    expect(String(entry.err.message)).toContain('INSERT INTO log_probe');
    expect(String(entry.err.message)).toContain(REDACTED_SQL_VALUES);
    expect(String(entry.err.message)).toContain('duplicate key value violates unique constraint');
  });
});
