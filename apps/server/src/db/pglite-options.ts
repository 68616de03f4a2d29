// Start options of the embedded PGlite the server opens on its data directory. See
// docs/adr/0016-production-runtime.md for the measurements behind each value.
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
