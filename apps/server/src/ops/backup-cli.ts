// `npm run backup [-- --out <file>]`: one archive (.tar.gz) of the configured database (PGlite's
// data directory or a pg_dump of DATABASE_URL), the document files and the key files (ADR 0014).
// With PGlite the server must be stopped first. The archive holds personal data and the keys.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../platform/config';
import { BackupError, createBackup } from './backup';

function defaultName(now: Date): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
  return `schirm-backup-${stamp}.tar.gz`;
}

const { values } = parseArgs({ options: { out: { type: 'string' } } });
const config = loadConfigOrExit();
const now = new Date();
// npm runs scripts in the repository root; a relative --out means the directory the command was typed in.
const cwd = process.env.INIT_CWD ?? process.cwd();
const out = path.resolve(cwd, values.out ?? defaultName(now));
try {
  const { manifest, bytes } = await createBackup({ config, out, now });
  process.stdout.write(
    `Sicherung geschrieben / Backup written: ${out}\n` +
      `  ${manifest.driver}, PostgreSQL ${manifest.databaseServerVersion}, Migration ${manifest.migrations.latest ?? '–'}, ` +
      `${manifest.fileCount} Dateien / files, ${manifest.keyCount} Schlüssel / keys, ${(bytes / 1_048_576).toFixed(1)} MiB\n` +
      '  Enthält personenbezogene Daten und die Schlüssel: sicher aufbewahren. / ' +
      'Holds personal data and the keys: keep it safe.\n',
  );
} catch (error) {
  // A BackupError says what to do; anything else (a full disk, no write permission) is named as it is.
  const message = error instanceof BackupError ? error.message : String((error as Error).message ?? error);
  process.stderr.write(`Sicherung fehlgeschlagen / Backup failed: ${message}\n`);
  process.exit(1);
}
