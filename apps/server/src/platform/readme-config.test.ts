import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOCS, REPO_ROOT } from './config';

// The README's configuration table must name every variable the server reads, with its default.
describe('README configuration table', () => {
  const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');

  it.each(CONFIG_DOCS.map((doc) => [doc.name, doc.default]))(
    'documents %s (default %s)',
    (name, fallback) => {
      const row = readme.split('\n').find((line) => new RegExp(`^\\|\\s*\`${name}\`\\s*\\|`).test(line));
      expect(row, `README row for ${name}`).toBeDefined();
      expect(row).toContain(fallback);
    },
  );
});
