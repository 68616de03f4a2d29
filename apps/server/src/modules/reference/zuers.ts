// The ZÜRS table the server uses: the file named by ZUERS_FILE (the operator's licensed GDV
// export) or, without it, the synthetic demonstration file. Read once per process, because it is
// static reference data; the reference routes read it at start so that a bad file stops the start.
import path from 'node:path';
import { REPO_ROOT } from '../../platform/config';
import type { ZuersKlasse } from './zuers-file';
import {
  loadZuersFile,
  lookupZuers,
  type ZuersQuery,
  type ZuersResult,
  type ZuersTable,
} from './zuers-table';

/** The synthetic file shipped with the repository (made-up classes, see docs/DATA.md). */
export const SYNTHETIC_ZUERS_FILE = path.join(
  REPO_ROOT,
  'apps/server/reference-data/zuers/zuers-synthetic.csv',
);

/** The ZÜRS file to use: ZUERS_FILE (relative to the repository root) or the synthetic file. */
export function zuersFilePath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const configured = env.ZUERS_FILE?.trim();
  return configured ? path.resolve(REPO_ROOT, configured) : SYNTHETIC_ZUERS_FILE;
}

let table: ZuersTable | undefined;

/** The process-wide ZÜRS table, loaded on first use; throws ZuersFileError for a bad file. */
export function currentZuersTable(): ZuersTable {
  table ??= loadZuersFile(zuersFilePath());
  return table;
}

/** ZÜRS class and deciding rule of an address, for tariffs and contract changes. */
export function zuersLookup(query: ZuersQuery): ZuersResult {
  return lookupZuers(currentZuersTable(), query);
}

/** ZÜRS flood hazard class (1–4) of an address; elementary cover depends on it. */
export function zuersClassFor(query: ZuersQuery): ZuersKlasse {
  return zuersLookup(query).zuersKlasse;
}
