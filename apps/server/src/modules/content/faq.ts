import fs from 'node:fs/promises';
import path from 'node:path';
import type { PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';

/** Pages whose help button shows FAQ entries (the `hilfe` list of an entry). */
export const HELP_TOPICS = ['anmeldung', 'registrierung', 'passwort-vergessen', 'vertragsdetails'] as const;

/** Ids are URL fragments (/haeufige-fragen/#<id>): lower-case words with dashes. */
export const FAQ_ID_PATTERN = /^[a-z][a-z0-9-]*$/;

const idSchema = z.string().regex(FAQ_ID_PATTERN);

/** The content file as editors write it (packages/texts/content/faq.yaml). */
const faqFileSchema = z.strictObject({
  version: z.string().min(1),
  kategorien: z
    .array(
      z.strictObject({
        id: idSchema,
        titel: z.string().min(1),
        fragen: z
          .array(
            z.strictObject({
              id: idSchema,
              frage: z.string().min(1),
              hilfe: z.array(z.enum(HELP_TOPICS)).default([]),
              antwort: z.string().min(1),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

export const faqInlineSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('strong'), text: z.string() }),
  z.object({
    type: z.literal('link'),
    text: z.string(),
    href: z.string().describe('A path of the portal (starting with one /) or an https address'),
  }),
]);
export type FaqInline = z.infer<typeof faqInlineSchema>;

export const faqBlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('paragraph'), content: z.array(faqInlineSchema) }),
  z.object({
    type: z.literal('list'),
    ordered: z.boolean(),
    items: z.array(z.array(faqInlineSchema)).describe('One list item: its text'),
  }),
]);
export type FaqBlock = z.infer<typeof faqBlockSchema>;

export const faqEntrySchema = z.object({
  id: z.string().describe('Stable id, also the URL fragment of the question on /haeufige-fragen/'),
  frage: z.string(),
  antwort: z
    .array(faqBlockSchema)
    .describe('The answer as paragraphs and lists of plain text, bold and links'),
  hilfe: z.array(z.enum(HELP_TOPICS)).describe('Pages whose help button shows this question'),
});
export type FaqEntry = z.infer<typeof faqEntrySchema>;

export const faqSchema = z.object({
  version: z.string(),
  kategorien: z.array(z.object({ id: z.string(), titel: z.string(), fragen: z.array(faqEntrySchema) })),
});
export type Faq = z.infer<typeof faqSchema>;

/** A link may lead to a page of the portal or to an https address; nothing else (no javascript:, no //host). */
function isAllowedHref(href: string): boolean {
  return /^\/(?!\/)/.test(href) || /^https:\/\/[^\s]+$/.test(href);
}

function plainText(nodes: PhrasingContent[], where: string): string {
  return nodes
    .map((node) => {
      if (node.type === 'text') return node.value;
      if (node.type === 'break') return ' ';
      throw new Error(`${where}: ${node.type} is not allowed inside bold text or a link`);
    })
    .join('');
}

function toInlines(nodes: PhrasingContent[], where: string): FaqInline[] {
  return nodes.map((node): FaqInline => {
    switch (node.type) {
      case 'text':
        return { type: 'text', text: node.value };
      case 'break':
        return { type: 'text', text: ' ' };
      case 'strong':
        return { type: 'strong', text: plainText(node.children, where) };
      case 'link':
        if (!isAllowedHref(node.url)) throw new Error(`${where}: link target ${node.url} is not allowed`);
        return { type: 'link', text: plainText(node.children, where), href: node.url };
      default:
        throw new Error(`${where}: Markdown ${node.type} is not allowed in answers`);
    }
  });
}

function toBlock(node: RootContent, where: string): FaqBlock {
  if (node.type === 'paragraph') return { type: 'paragraph', content: toInlines(node.children, where) };
  if (node.type === 'list') {
    const items = node.children.map((item) => {
      const [first, ...rest] = item.children;
      if (first?.type !== 'paragraph' || rest.length > 0) {
        throw new Error(`${where}: a list item holds exactly one paragraph`);
      }
      return toInlines(first.children, where);
    });
    return { type: 'list', ordered: node.ordered === true, items };
  }
  throw new Error(`${where}: Markdown ${node.type} is not allowed in answers`);
}

/**
 * An answer's Markdown as blocks of the restricted subset. Raw HTML, images, headings, code and
 * tables are refused, so the web app renders answers as plain elements and never injects HTML.
 */
export function answerBlocks(markdown: string, where: string): FaqBlock[] {
  return fromMarkdown(markdown).children.map((node) => toBlock(node, where));
}

/** Parses and checks a content file; throws with the place of the first problem. */
export function parseFaq(yamlText: string, file: string): Faq {
  const parsed = faqFileSchema.safeParse(parseYaml(yamlText));
  if (!parsed.success) throw new Error(`${file}: ${z.prettifyError(parsed.error)}`);
  const seen = new Set<string>();
  for (const id of parsed.data.kategorien.flatMap((category) => [
    category.id,
    ...category.fragen.map((q) => q.id),
  ])) {
    if (seen.has(id)) throw new Error(`${file}: id ${id} is used twice`);
    seen.add(id);
  }
  return {
    version: parsed.data.version,
    kategorien: parsed.data.kategorien.map((category) => ({
      id: category.id,
      titel: category.titel,
      fragen: category.fragen.map((entry) => ({
        id: entry.id,
        frage: entry.frage,
        antwort: answerBlocks(entry.antwort, `${file} ${entry.id}`),
        hilfe: entry.hilfe,
      })),
    })),
  };
}

export function faqFile(textsDir: string): string {
  return path.join(textsDir, 'content', 'faq.yaml');
}

let cached: { file: string; mtimeMs: number; size: number; faq: Faq } | undefined;

/**
 * The FAQ of packages/texts/content/faq.yaml, parsed once and again only when the file changes,
 * so editors see a new version without a restart. Undefined when there is no file.
 */
export async function readFaq(textsDir: string): Promise<Faq | undefined> {
  const file = faqFile(textsDir);
  let stat;
  try {
    stat = await fs.stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (cached?.file === file && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size)
    return cached.faq;
  const faq = parseFaq(await fs.readFile(file, 'utf8'), file);
  cached = { file, mtimeMs: stat.mtimeMs, size: stat.size, faq };
  return faq;
}

/** One entry by id with its category, undefined when no entry has it. */
export function findFaqEntry(
  faq: Faq,
  id: string,
): (FaqEntry & { kategorie: { id: string; titel: string } }) | undefined {
  for (const category of faq.kategorien) {
    const entry = category.fragen.find((candidate) => candidate.id === id);
    if (entry) return { ...entry, kategorie: { id: category.id, titel: category.titel } };
  }
  return undefined;
}
