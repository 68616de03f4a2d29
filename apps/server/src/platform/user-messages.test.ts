// Every text the API puts in front of a person is German: the userMessage of an error, the
// messages of field errors, the German text of a refused domain operation, the own messages of
// request schemas (`error: '…'`, `addIssue({ message })`), and the texts of errors.json. This scan
// reads the server's and the domain's source and flags any such text that is English or technical
// (zod's own defaults are covered by the German error map, see zod-locale.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { notGerman } from '@schirm/domain/validation/german-messages.test-helper';
import { REPO_ROOT } from './config';
import { ERROR_TEXTS } from './error-texts';

const STRING = String.raw`('(?:[^'\\]|\\.)*'|\`[^\`]*\`)`;
const PATTERNS = [
  new RegExp(String.raw`userMessage:\s*${STRING}`, 'g'),
  new RegExp(String.raw`path:\s*[^,{}]+,\s*message:\s*${STRING}`, 'g'),
  new RegExp(String.raw`refuse\(\s*'[A-Z_]+',\s*${STRING},\s*${STRING}`, 'g'),
  new RegExp(String.raw`\berror:\s*${STRING}`, 'g'),
  new RegExp(String.raw`addIssue\(\{[^}]*message:\s*${STRING}`, 'g'),
];

function sourceFiles(directory: string): string[] {
  return fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test(-helper)?\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** The texts for people found in a source file (the last captured string of each match). */
function textsFor(source: string): string[] {
  return PATTERNS.flatMap((pattern) =>
    [...source.matchAll(pattern)].map((match) => {
      const literal = match[match.length - 1] ?? '';
      return literal.slice(1, -1).replace(/\$\{[^}]*\}/g, '…');
    }),
  );
}

describe('texts for people in API answers', () => {
  const files = ['apps/server/src', 'packages/domain/src'].flatMap((dir) =>
    sourceFiles(path.join(REPO_ROOT, dir)),
  );
  const texts = files.flatMap((file) =>
    textsFor(fs.readFileSync(file, 'utf8')).map((text) => ({ file: path.relative(REPO_ROOT, file), text })),
  );

  it('finds the texts it checks', () => {
    expect(texts.length).toBeGreaterThan(100);
    expect(texts.map((found) => found.text)).toContain('Diese Postleitzahl gibt es nicht.');
  });

  it('has no English or technical userMessage, field message or schema message', () => {
    expect(
      texts.filter((found) => notGerman(found.text)).map((found) => `${found.file}: ${found.text}`),
    ).toEqual([]);
  });

  it('has German texts in errors.json', () => {
    const all = [...Object.values(ERROR_TEXTS.codes), ERROR_TEXTS.validation.required];
    expect(all.filter(notGerman)).toEqual([]);
  });
});
