// Prints the README configuration table rows from the server's CONFIG_DOCS (run with tsx).
import { CONFIG_DOCS } from '../apps/server/src/platform/config';

for (const doc of CONFIG_DOCS) {
  const description = doc.description.replace(/\|/g, '\\|').replace(/</g, '&lt;');
  console.log(`| \`${doc.name}\` | \`${doc.default}\` | ${description} |`);
}
