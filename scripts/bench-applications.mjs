// `npm run bench:applications`: the server build must be current (the bench starts the production
// server), then the application bench (bench/applications.ts).
import { run } from './lib.mjs';
import { ensureServerBuild } from './server-build.mjs';

await ensureServerBuild();
await run(process.execPath, ['--import', 'tsx', 'bench/applications.ts']);
