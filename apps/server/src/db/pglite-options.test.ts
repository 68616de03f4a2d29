import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { initPgliteDataDir, pgliteServerOptions } from './pglite-options';

describe('pgliteServerOptions', () => {
  it('starts PGlite with 16 MB of shared buffers and its own start parameters kept', async () => {
    const client = new PGlite(pgliteServerOptions());
    try {
      const settings = await client.query<{ name: string; setting: string }>(
        `SELECT name, current_setting(name) AS setting FROM pg_settings
          WHERE name IN ('shared_buffers', 'search_path', 'max_worker_processes') ORDER BY name`,
      );
      expect(settings.rows).toEqual([
        { name: 'max_worker_processes', setting: '0' },
        { name: 'search_path', setting: 'public' },
        { name: 'shared_buffers', setting: '16MB' },
      ]);
    } finally {
      await client.close();
    }
    // A fresh PGlite runs initdb first: slow on a loaded machine.
  }, 180_000);
});

describe('initPgliteDataDir', () => {
  it('creates a database in a child process once; the server opens it with its options', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-pglite-create-'));
    const dataDir = path.join(root, 'pglite');
    try {
      expect(await initPgliteDataDir(dataDir)).toBe(true);
      expect(fs.readFileSync(path.join(dataDir, 'PG_VERSION'), 'utf8').trim()).toMatch(/^\d+$/);
      expect(await initPgliteDataDir(dataDir)).toBe(false);

      const database = await openDatabase({ dataDir });
      try {
        await database.migrate();
        const rows = await database.executeSql(`SELECT current_setting('shared_buffers') AS value`);
        expect(rows.rows).toEqual([{ value: '16MB' }]);
      } finally {
        await database.close();
      }
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 240_000);

  it('rejects with a message naming the directory when it cannot be created', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'schirm-pglite-create-'));
    const file = path.join(root, 'a-file');
    fs.writeFileSync(file, '');
    try {
      await expect(initPgliteDataDir(path.join(file, 'pglite'))).rejects.toThrow(/a-file/);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});
