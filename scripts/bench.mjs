// `npm run bench`: make sure the web build (bundle sizes) and the server build (the server the
// bench starts is the production one) are current, then run the benchmark.
import { ensureWebBuild, run } from './lib.mjs';
import { ensureServerBuild } from './server-build.mjs';

await ensureWebBuild();
await ensureServerBuild();
await run(process.execPath, ['--import', 'tsx', 'bench/run.ts']);
