// @vitest-environment node
// The TypeScript declarations partners load from /embed/v1/schirm-embed.d.mts: the committed file
// (packages/embed/dist-types, served as it is) is what the generator makes of the current sources,
// and a partner's code type-checks against it — with a mistake in the options, it does not.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { buildHostTypes, HOST_TYPES_FILE } from '../scripts/build-types.mjs';

// The compiler needs a few seconds on a busy machine.
const SLOW = { timeout: 120_000 };

describe('declarations of the host scripts', SLOW, () => {
  it('the committed file is what scripts/build-types.mjs makes of the sources (regenerate it when this fails)', async () => {
    const generated = await buildHostTypes();
    expect(generated).toContain('export declare function embed(element: HTMLElement, options: EmbedOptions)');
    expect(fs.readFileSync(HOST_TYPES_FILE, 'utf8')).toBe(generated);
  });

  it("a partner's module type-checks against the file alone; a wrong option or field does not", () => {
    const declarations = fs.readFileSync(HOST_TYPES_FILE, 'utf8');
    const dir = path.resolve('/partner-site');
    const files = new Map<string, string>([
      [path.join(dir, 'schirm-embed.d.mts'), declarations],
      [
        path.join(dir, 'good.ts'),
        `import { embed, embedUrl, EMBED_COMMAND_TIMEOUT_MS, type EmbedOptions, type Theme } from './schirm-embed.mjs';
const element = document.createElement('div');
const theme: Theme = { colors: { primary: '#005a9c' } };
const options: EmbedOptions = {
  origin: 'https://x',
  partner: 'p',
  product: 'fahrrad',
  handlers: {
    getTheme: () => theme,
    handleContractConclusion: (c) => c.productName.length > 0 ? null : undefined,
    createToast: async (toast) => ({ handled: toast.state === 'warning' }),
    onError: (error) => console.error(error),
  },
};
const handle = embed(element, options);
const names: Promise<string[]> = handle.getContracts().then((contracts) => contracts.map((c) => c.beitrag));
const url: string = embedUrl({ origin: 'https://x', partner: 'p', channel: 'kunden' });
const frame: HTMLIFrameElement = handle.iframe;
const timeout: 20000 = EMBED_COMMAND_TIMEOUT_MS;
embed(element, { origin: 'https://x', partner: 'p', product: 'fahrrad', handlers: { handleContractConclusion: (c) => console.log(c.productName) } });
export { names, url, frame, timeout };
`,
      ],
      [
        path.join(dir, 'wrong-option.ts'),
        `import { embed } from './schirm-embed.mjs';
embed(document.body, { origin: 'https://x', partner: 'p', produkt: 'fahrrad' });
`,
      ],
      [
        path.join(dir, 'wrong-field.ts'),
        `import { embed } from './schirm-embed.mjs';
embed(document.body, { origin: 'https://x', partner: 'p', channel: 'kunde' });
embed(document.body, { origin: 'https://x', partner: 'p', handlers: { handleContractConclusion: (c) => c.vertragsnummer } });
embed(document.body, { origin: 'https://x', partner: 'p', handlers: { handleContractConclusion: (c) => c.productName } });
`,
      ],
    ]);
    const options: ts.CompilerOptions = {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      strict: true,
      noEmit: true,
    };
    const host = ts.createCompilerHost(options);
    const { fileExists, readFile, getSourceFile, directoryExists } = host;
    host.directoryExists = (directory) =>
      path.resolve(directory) === dir || (directoryExists?.call(host, directory) ?? true);
    host.fileExists = (file) => files.has(path.resolve(file)) || fileExists.call(host, file);
    host.readFile = (file) => files.get(path.resolve(file)) ?? readFile.call(host, file);
    host.getSourceFile = (file, language, ...rest) => {
      const text = files.get(path.resolve(file));
      return text === undefined
        ? getSourceFile.call(host, file, language, ...rest)
        : ts.createSourceFile(file, text, language);
    };
    const roots = ['good.ts', 'wrong-option.ts', 'wrong-field.ts'].map((name) => path.join(dir, name));
    const program = ts.createProgram({ rootNames: roots, options, host });
    const messages = (name: string) => {
      const source = program.getSourceFile(path.join(dir, name));
      if (!source) throw new Error(`${name} is not part of the program`);
      return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
        (diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
      );
    };

    expect(program.getGlobalDiagnostics()).toEqual([]);
    expect(messages('schirm-embed.d.mts')).toEqual([]);
    expect(messages('good.ts')).toEqual([]);
    expect(messages('wrong-option.ts')).toEqual([
      expect.stringMatching(/'produkt' does not exist in type 'EmbedOptions'/),
    ]);
    expect(messages('wrong-field.ts')).toEqual([
      expect.stringMatching(/Type '"kunde"' is not assignable to type 'EmbedChannel( \| undefined)?'/),
      expect.stringMatching(/Property 'vertragsnummer' does not exist on type 'ContractConclusion'/),
      // The portal's contract conclusion is answered with null, not with a value of the partner's.
      expect.stringMatching(/Type 'string' is not assignable to type/),
    ]);
  });
});
