// Writes start/screens/<slug>.generated.ts and start/screens/index.generated.ts from the flows:
//   npx tsx apps/web/src/features/application/start/generate-start-screens.ts
// start-screens.test.ts fails when a flow changed and the files were not generated again.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { todayInGermany } from '@schirm/domain/dates/calendar-date';
import { buildStartScreens } from './build-start-screens';
import { renderIndexModule, renderScreenModule } from './render-start-screens';

const directory = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screens');
const starts = buildStartScreens(todayInGermany());
for (const start of starts) {
  fs.writeFileSync(path.join(directory, `${start.slug}.generated.ts`), renderScreenModule(start));
}
fs.writeFileSync(path.join(directory, 'index.generated.ts'), renderIndexModule(starts));
console.log(`${starts.length} first screens written to ${directory}`);
