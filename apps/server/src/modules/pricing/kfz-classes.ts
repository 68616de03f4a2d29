// The motor class table the server prices with: the file named by KFZ_CLASSES_FILE (the operator's
// licensed GDV type and regional classes) or, without it, the synthetic default of the domain
// (DEFAULT_KFZ_CLASS_TABLE, docs/tariffs/kfz.md). Read once per process, like the ZÜRS file: the
// pricing routes load it when they are registered, so a bad file stops the start with a German
// message naming the file and its bad lines.
import fs from 'node:fs';
import path from 'node:path';
import {
  DEFAULT_KFZ_CLASS_TABLE,
  KfzClassTableError,
  parseKfzClassTable,
  type KfzClassTable,
} from '@schirm/domain/products/kfz/tariff';
import { REPO_ROOT } from '../../platform/config';

/** The class table file to use: KFZ_CLASSES_FILE (relative to the repository root), or none. */
export function kfzClassesFilePath(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string | undefined {
  const configured = env.KFZ_CLASSES_FILE?.trim();
  return configured ? path.resolve(REPO_ROOT, configured) : undefined;
}

/** Reads and parses a class table file; throws KfzClassTableError when it is missing or invalid. */
export function readKfzClassTable(file: string): KfzClassTable {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new KfzClassTableError(file, [`Datei nicht lesbar: ${(error as Error).message}`]);
  }
  return parseKfzClassTable(text, file);
}

let table: KfzClassTable | undefined;

/** The process-wide class table, loaded on first use; throws KfzClassTableError for a bad file. */
export function currentKfzClassTable(): KfzClassTable {
  if (!table) {
    const file = kfzClassesFilePath();
    table = file === undefined ? DEFAULT_KFZ_CLASS_TABLE : readKfzClassTable(file);
  }
  return table;
}
