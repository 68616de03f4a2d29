import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// Resolve against this file so `drizzle-kit generate --config apps/server/drizzle.config.ts`
// works from the repository root as well as from apps/server; drizzle-kit wants paths
// relative to the working directory (it prefixes './').
const here = path.relative(process.cwd(), path.dirname(fileURLToPath(import.meta.url))) || '.';

export default defineConfig({
  dialect: 'postgresql',
  schema: path.join(here, 'src/db/schema/*.ts'),
  out: path.join(here, 'src/db/migrations'),
  strict: true,
  verbose: true,
});
