/**
 * The sensitive-word filter (decision 102): mint-filter's Aho–Corasick automaton over the admin-edited word list.
 * Each process keeps one automaton per database and, before it checks a text, compares the list's version in the
 * database with the one it was built from: an edit on any API node takes effect on every node at the next post.
 */
import { Mint } from 'mint-filter';
import { normaliseForFilter } from '@summit/domain';

export interface WordSource {
  version(): Promise<number>;
  load(): Promise<{ version: number; words: string[] }>;
}

interface Built {
  version: number;
  mint: Mint | null;
}

/** One automaton per database (tests run several apps in one process). */
const built = new WeakMap<object, Built>();

function build(words: string[]): Mint | null {
  const list = [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w.length > 0))];
  return list.length > 0 ? new Mint(list) : null;
}

async function current(key: object, source: WordSource): Promise<Mint | null> {
  const version = await source.version();
  const cached = built.get(key);
  if (cached && cached.version === version) return cached.mint;
  const fresh = await source.load();
  const next = { version: fresh.version, mint: build(fresh.words) };
  built.set(key, next);
  return next.mint;
}

/** The listed words found in the texts (read as typed, and with spaces and punctuation taken out), lower case. */
export async function findListedWords(key: object, source: WordSource, texts: string[]): Promise<string[]> {
  const mint = await current(key, source);
  if (!mint) return [];
  const found = new Set<string>();
  for (const text of texts) {
    for (const candidate of [text.toLowerCase(), normaliseForFilter(text)]) {
      for (const word of mint.filter(candidate, { replace: false }).words) found.add(word.toLowerCase());
    }
  }
  return [...found].sort();
}
