// Start options of the embedded PGlite the server opens on its data directory, and the creation
// of a new data directory. See docs/adr/0016-production-runtime.md for the measurements.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL settings for the one embedded backend. PGlite starts with PostgreSQL's defaults,
 * among them 128 MB of shared buffers, which live in the WebAssembly memory and therefore in the
 * server process's RSS once touched, and WebAssembly memory never shrinks. One backend serving
 * one Node.js process (demo data, a small portal) works in 16 MB; the operating system's page
 * cache still holds the data files.
 */
export const PGLITE_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
};

/** PGlite's own start parameters plus the settings above, as `-c name=value` pairs. */
export function pgliteServerOptions(): PGliteOptions {
  return {
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
  };
}

// Runs in a child process: creates the data directory (initdb) and closes it cleanly.
const CREATE_DATA_DIR = `
import { PGlite } from '@electric-sql/pglite';
const client = new PGlite(process.env.PGLITE_DATA_DIR);
await client.waitReady;
await client.close();
`;

/**
 * Creates a PGlite data directory (PostgreSQL's initdb) in a short-lived child process when
 * `dataDir` holds no database yet. In the server process initdb left about 70 MiB of memory
 * behind for the process's lifetime (the initdb WebAssembly module, its memory and the
 * unpacked file-system bundle), so a first start sat far above a restart.
 */
export async function initPgliteDataDir(dataDir: string): Promise<boolean> {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION'))) return false;
  fs.mkdirSync(dataDir, { recursive: true });
  await new Promise<void>((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '--eval', CREATE_DATA_DIR],
      {
        // Resolves @electric-sql/pglite as this file does (also from the compiled server, whose
        // import.meta.url of this file is this source file's URL).
        cwd: path.dirname(fileURLToPath(import.meta.url)),
        env: { ...process.env, PGLITE_DATA_DIR: dataDir },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`PGlite could not create ${dataDir}: ${stderr || error.message}`));
        else resolve();
      },
    );
  });
  return true;
}
