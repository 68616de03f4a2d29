// The agents' FAQ (/vermittler/haeufige-fragen/): packages/texts/content/agent-faq.yaml in the
// format and Markdown subset of the customer FAQ (ADR 0015), checked and turned into blocks by the
// content module's parser; parsed again only when the file changes.
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseFaq, type Faq } from '../content/faq';

export function agentFaqFile(textsDir: string): string {
  return path.join(textsDir, 'content', 'agent-faq.yaml');
}

const cache = new Map<string, { mtimeMs: number; size: number; faq: Faq }>();

/** The agents' FAQ, or undefined when the file is missing. */
export async function readAgentFaq(textsDir: string): Promise<Faq | undefined> {
  const file = agentFaqFile(textsDir);
  let stat;
  try {
    stat = await fs.stat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const known = cache.get(file);
  if (known?.mtimeMs === stat.mtimeMs && known.size === stat.size) return known.faq;
  const faq = parseFaq(await fs.readFile(file, 'utf8'), file);
  cache.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, faq });
  return faq;
}
