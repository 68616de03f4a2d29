// `npm run restore -- <file> [--force]`: restores an archive of `npm run backup` into the configured
// data directory (and the PostgreSQL database of DATABASE_URL), ADR 0014. Checks the manifest and
// every checksum first; refuses existing data without --force; a failed restore changes nothing.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../platform/config';
import { BackupError, restoreBackup } from './backup';

const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  process.stderr.write('Aufruf / Usage: npm run restore -- <schirm-backup-….tar.gz> [--force]\n');
  process.exit(2);
}
const config = loadConfigOrExit();
const cwd = process.env.INIT_CWD ?? process.cwd();
const archive = path.resolve(cwd, positionals[0]!);
try {
  const { manifest, replaced } = await restoreBackup({ config, archive, force: values.force });
  const where = config.databaseUrl ? `PostgreSQL (DATABASE_URL), ${config.dataDir}` : config.dataDir;
  process.stdout.write(
    `Wiederhergestellt / Restored: ${archive} → ${where}${replaced ? ' (ersetzt / replaced)' : ''}\n` +
      `  Sicherung vom / backup of ${manifest.createdAt}, Schirm ${manifest.appVersion}, ` +
      `Migration ${manifest.migrations.latest ?? '–'}, ${manifest.fileCount} Dateien / files, ` +
      `${manifest.keyCount} Schlüssel / keys\n`,
  );
} catch (error) {
  // A BackupError says what to do; anything else (a full disk, no write permission) is named as it is.
  const message = error instanceof BackupError ? error.message : String((error as Error).message ?? error);
  process.stderr.write(`Wiederherstellung fehlgeschlagen / Restore failed: ${message}\n`);
  process.exit(1);
}
