import { FieldName, SearchDoc } from './documents';

/**
 * Ranks documents for a query, as a person expects of a search box: every word must
 * appear (in any field, in any case); a word in the title counts most, then in the
 * agent or actor, the summary, the body; a word that starts a word counts more than
 * one inside it; the whole query in the title, and a title that starts with it, count
 * most of all. Ties go to the most recent, then to the title in alphabetical order.
 * Pure; the lowercased texts are kept per document, so typing re-ranks without
 * lowercasing anything again.
 */
const WEIGHT: Readonly<Record<FieldName, number>> = { title: 10, people: 4, summary: 3, body: 2 };

export interface SearchHit {
  readonly doc: SearchDoc;
  readonly score: number;
  /** The line of the summary or body where a query word is, shortened (null: none is there). */
  readonly snippet: string | null;
}

interface Prepared {
  readonly doc: SearchDoc;
  readonly lower: readonly string[];
}

const prepared = new WeakMap<SearchDoc, Prepared>();

function prepare(doc: SearchDoc): Prepared {
  let p = prepared.get(doc);
  if (!p) {
    p = { doc, lower: doc.fields.map((f) => f.text.toLowerCase()) };
    prepared.set(doc, p);
  }
  return p;
}

export function queryWords(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

function startsWord(text: string, at: number): boolean {
  if (at === 0) return true;
  return !/[\p{L}\p{N}]/u.test(text[at - 1]);
}

/** An excerpt of the summary or body around the first query word found there (null: none is). */
function snippetOf(p: Prepared, words: readonly string[]): string | null {
  for (const w of words) {
    for (let i = 0; i < p.lower.length; i++) {
      const name = p.doc.fields[i].name;
      if (name !== 'body' && name !== 'summary') continue;
      const at = p.lower[i].indexOf(w);
      if (at >= 0) return excerpt(p.doc.fields[i].text, at);
    }
  }
  return null;
}

/** The best weight of `word` in the document; 0 when it is absent. */
function bestMatch(p: Prepared, word: string): number {
  let best = 0;
  for (let i = 0; i < p.lower.length; i++) {
    const text = p.lower[i];
    const at = text.indexOf(word);
    if (at < 0) continue;
    let atWord = startsWord(text, at);
    for (let from = at; !atWord; ) {
      from = text.indexOf(word, from + 1);
      if (from < 0) break;
      atWord = startsWord(text, from);
    }
    best = Math.max(best, WEIGHT[p.doc.fields[i].name] * (atWord ? 1.5 : 1));
  }
  return best;
}

/** A line of `text` around `at`, shortened to about `width` characters. */
export function excerpt(text: string, at: number, width = 90): string {
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const lineEnd = text.indexOf('\n', at);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  const pos = at - lineStart;
  const from = Math.max(0, Math.min(pos - Math.floor(width / 3), line.length - width));
  const part = line.slice(from, from + width).replace(/\s+/g, ' ').trim();
  return `${from > 0 ? '…' : ''}${part}${from + width < line.length ? '…' : ''}`;
}

export function searchDocs(docs: readonly SearchDoc[], query: string, limit = 200): SearchHit[] {
  const words = queryWords(query);
  if (words.length === 0) return [];
  const phrase = words.join(' ');
  const hits: SearchHit[] = [];
  for (const doc of docs) {
    const p = prepare(doc);
    let score = 0;
    let ok = true;
    for (const w of words) {
      const m = bestMatch(p, w);
      if (m === 0) {
        ok = false;
        break;
      }
      score += m;
    }
    if (!ok) continue;
    const title = p.lower[p.doc.fields.findIndex((f) => f.name === 'title')] ?? '';
    if (title.includes(phrase)) score += 20;
    if (title.startsWith(phrase)) score += 10;
    hits.push({ doc, score, snippet: snippetOf(p, words) });
  }
  hits.sort((a, b) => b.score - a.score || (b.doc.time ?? -Infinity) - (a.doc.time ?? -Infinity) || a.doc.title.localeCompare(b.doc.title));
  return hits.slice(0, limit);
}
