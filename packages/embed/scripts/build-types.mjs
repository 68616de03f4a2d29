// The TypeScript declarations of the host scripts for partners: one self-contained file,
// packages/embed/dist-types/schirm-embed.d.mts, served at /embed/v1/schirm-embed.d.mts next to
// /embed/v1/schirm-embed.mjs. The production server has no TypeScript, so the file is committed;
// a test (src/declarations.test.ts) regenerates it in memory and fails when the committed file differs.
//
// Regenerate: node packages/embed/scripts/build-types.mjs
//
// How: the compiler emits the declarations of src/host-entry.ts and the files it imports into
// memory; their statements are concatenated (relative imports dropped, names checked for clashes),
// and only the names host-entry.ts exports stay exported. Prettier formats the result.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import ts from 'typescript';

const embedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The committed declaration file. */
export const HOST_TYPES_FILE = path.join(embedDir, 'dist-types', 'schirm-embed.d.mts');

const ENTRY = path.join(embedDir, 'src', 'host-entry.ts');

const HEADER = `// TypeScript declarations of the Schirm embedding SDK: /embed/v1/schirm-embed.mjs
// (and the global SchirmEmbed of /embed/v1/schirm-embed.js). Generated from
// packages/embed/src/host-entry.ts by packages/embed/scripts/build-types.mjs; do not edit.
`;

/** Emits the declarations of the entry and its imports: declaration file path → text. */
function emitDeclarations() {
  const configPath = path.join(embedDir, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, embedDir, undefined, configPath);
  const options = {
    ...parsed.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    removeComments: false,
    stripInternal: true,
    rootDir: path.join(embedDir, 'src'),
    outDir: path.join(embedDir, 'dist-types', 'emit'),
  };
  const program = ts.createProgram({ rootNames: [ENTRY], options });
  const diagnostics = ts.getPreEmitDiagnostics(program);
  const outputs = new Map();
  const result = program.emit(undefined, (fileName, text) => outputs.set(path.normalize(fileName), text));
  const errors = [...diagnostics, ...result.diagnostics].filter(
    (diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error,
  );
  if (errors.length > 0)
    throw new Error(
      ts.formatDiagnostics(errors, {
        getCanonicalFileName: (name) => name,
        getCurrentDirectory: () => embedDir,
        getNewLine: () => '\n',
      }),
    );
  return { outputs, outDir: options.outDir };
}

/** The declared names of a top-level statement of a declaration file. */
function declaredNames(statement) {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.map((declaration) => {
      if (!ts.isIdentifier(declaration.name)) throw new Error('Destructuring in a declaration file');
      return declaration.name.text;
    });
  if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isEnumDeclaration(statement)) &&
    statement.name
  )
    return [statement.name.text];
  throw new Error(`Unexpected statement in a declaration file: ${ts.SyntaxKind[statement.kind]}`);
}

function relativeSpecifier(node, fileName) {
  const specifier = node.moduleSpecifier;
  if (!specifier || !ts.isStringLiteral(specifier)) return undefined;
  if (!specifier.text.startsWith('.'))
    throw new Error(`${fileName} imports '${specifier.text}': the declarations must be self-contained`);
  return specifier.text;
}

function namedElements(node, fileName) {
  const bindings = ts.isImportDeclaration(node) ? node.importClause?.namedBindings : node.exportClause;
  if (!bindings || !(ts.isNamedImports(bindings) || ts.isNamedExports(bindings)))
    throw new Error(`${fileName}: only named imports and exports are supported`);
  if (ts.isImportDeclaration(node) && node.importClause?.name)
    throw new Error(`${fileName}: default imports are not supported`);
  return bindings.elements.map((element) => {
    if (element.propertyName && element.propertyName.text !== element.name.text)
      throw new Error(`${fileName}: renamed import or export '${element.name.text}' is not supported`);
    return element.name.text;
  });
}

/** Builds the declaration file's text (formatted) from the sources in packages/embed/src. */
export async function buildHostTypes() {
  const { outputs, outDir } = emitDeclarations();
  const parse = (file) => {
    const text = outputs.get(file);
    if (text === undefined) throw new Error(`No declarations emitted for ${file}`);
    return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  };
  const resolve = (from, specifier) => path.join(path.dirname(from), `${specifier}.d.ts`);

  // The entry only re-exports: its names are the public ones.
  const entryFile = path.join(outDir, 'host-entry.d.ts');
  const entry = parse(entryFile);
  const exported = new Set();
  const order = [];
  const visited = new Set([entryFile]);
  const visit = (file) => {
    if (visited.has(file)) return;
    visited.add(file);
    const source = parse(file);
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) {
        const specifier = relativeSpecifier(statement, file);
        if (specifier) visit(resolve(file, specifier));
      }
    }
    order.push(source);
  };
  for (const statement of entry.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.moduleSpecifier)
      throw new Error('host-entry.ts may only re-export');
    for (const name of namedElements(statement, entryFile)) exported.add(name);
    visit(resolve(entryFile, relativeSpecifier(statement, entryFile)));
  }

  // Every top-level declaration of the files, by name; the names must not clash across files.
  const declarations = [];
  const owner = new Map();
  for (const source of order) {
    const file = path.relative(outDir, source.fileName);
    for (const statement of source.statements) {
      if (ts.isImportDeclaration(statement)) {
        namedElements(statement, file);
        continue;
      }
      if (ts.isExportDeclaration(statement)) {
        const clause = statement.exportClause;
        if (!statement.moduleSpecifier && clause && ts.isNamedExports(clause) && clause.elements.length === 0)
          continue;
        throw new Error(`${file}: re-exports are not supported outside host-entry.ts`);
      }
      const names = declaredNames(statement);
      for (const name of names) {
        const first = owner.get(name);
        if (first && first !== file) throw new Error(`'${name}' is declared in ${first} and ${file}`);
        owner.set(name, file);
      }
      declarations.push({ source, file, statement, names });
    }
  }
  for (const name of exported)
    if (!owner.has(name)) throw new Error(`host-entry.ts exports '${name}', which no file declares`);

  // Only what the exported names need: the declarations their types name, transitively.
  const needed = new Set(exported);
  for (let grew = true; grew;) {
    grew = false;
    for (const { statement, names } of declarations) {
      if (!names.some((name) => needed.has(name))) continue;
      const walk = (node) => {
        if (ts.isIdentifier(node) && owner.has(node.text) && !needed.has(node.text)) {
          needed.add(node.text);
          grew = true;
        }
        ts.forEachChild(node, walk);
      };
      walk(statement);
    }
  }

  const chunks = [];
  for (const { source, file, statement, names } of declarations) {
    if (!names.some((name) => needed.has(name))) continue;
    const isPublic = names.every((name) => exported.has(name));
    if (!isPublic && names.some((name) => exported.has(name)))
      throw new Error(`${file}: '${names.join(', ')}' are declared together but only partly exported`);
    let text = source.text.slice(statement.pos, statement.end);
    const exportModifier = ts.canHaveModifiers(statement)
      ? (ts.getModifiers(statement) ?? []).find((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      : undefined;
    if (exportModifier && !isPublic) {
      const start = exportModifier.getStart(source) - statement.pos;
      const end = exportModifier.end - statement.pos;
      text = text.slice(0, start) + text.slice(end).replace(/^\s+/, '');
    } else if (!exportModifier && isPublic) {
      throw new Error(`${file}: '${names.join(', ')}' is re-exported but not exported`);
    }
    chunks.push(text);
  }

  const body = `${HEADER}\n${chunks.join('\n')}\n`;
  const config = (await prettier.resolveConfig(HOST_TYPES_FILE)) ?? {};
  return prettier.format(body, { ...config, filepath: HOST_TYPES_FILE });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await buildHostTypes();
  fs.mkdirSync(path.dirname(HOST_TYPES_FILE), { recursive: true });
  fs.writeFileSync(HOST_TYPES_FILE, text);
  console.log(`${path.relative(process.cwd(), HOST_TYPES_FILE)}: ${text.length} characters`);
}
