import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { pgliteServerOptions } from './pglite-options';

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
