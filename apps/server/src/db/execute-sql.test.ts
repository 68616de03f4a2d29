// DatabaseHandle.executeSql, the door of the job queue (ADR 0011) to the driver: parameters, texts of
// several statements, and a failure inside BEGIN … COMMIT that must not poison later statements
// (PGlite is one connection). Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { DatabaseHandle } from './database';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database.close();
});

describe('executeSql', () => {
  it('runs a statement with $1 parameters', async () => {
    const { rows } = await database.executeSql('SELECT $1::int + 1 AS n, $2::text AS word', [41, 'Schirm']);
    expect(rows).toEqual([{ n: 42, word: 'Schirm' }]);
  });

  it('runs a text of several statements and returns the rows of all of them', async () => {
    const { rows } = await database.executeSql(`
      BEGIN;
      CREATE TABLE execute_sql_probe (n int);
      INSERT INTO execute_sql_probe VALUES (1), (2) RETURNING n;
      SELECT count(*)::int AS total FROM execute_sql_probe;
      COMMIT;
    `);
    expect(rows).toEqual([{ n: 1 }, { n: 2 }, { total: 2 }]);
  });

  it('leaves no aborted transaction behind when a statement inside BEGIN fails', async () => {
    await expect(
      database.executeSql(`
        BEGIN;
        INSERT INTO execute_sql_probe VALUES (3);
        SELECT 1 / 0;
        COMMIT;
      `),
    ).rejects.toThrow(/division by zero/);
    const { rows } = await database.executeSql('SELECT count(*)::int AS total FROM execute_sql_probe');
    expect(rows).toEqual([{ total: 2 }]);
  });
});
