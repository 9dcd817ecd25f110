/**
 * How well a task fits an agent's `## Capabilities` (Cortex protocol: workers do not
 * work outside their role; a task that matches none of their capabilities gets
 * flagged). A capability fits when one of its words (three letters or more, not a
 * filler word) appears in the task's text; a word also matches its longer or shorter
 * form ("tests" and "testing", "webhook" and "webhooks"). Pure and deliberately simple:
 * it ranks and warns, it never decides.
 */
export interface CapabilityFit {
  /** The capabilities the text matched, in the note's order. */
  readonly matched: readonly string[];
  /** How many the agent lists (0: nothing to judge against). */
  readonly listed: number;
}

const FILLER = new Set(['and', 'the', 'for', 'with', 'from', 'into', 'onto', 'our', 'all', 'any', 'via', 'using', 'use', 'of', 'development', 'work', 'tasks', 'task']);

function words(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 3 && !FILLER.has(w));
}

/** A word without its plural or verb ending ("webhooks", "testing", "tested" → "webhook", "test"). */
function stem(word: string): string {
  const cut = word.replace(/(?:ing|ed|es|s)$/, '');
  return cut.length >= 3 ? cut : word;
}

function sameWord(a: string, b: string): boolean {
  if (a === b || stem(a) === stem(b)) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.startsWith(short);
}

export function capabilityFit(capabilities: readonly string[], text: string): CapabilityFit {
  const taskWords = words(text);
  const matched = capabilities.filter((cap) => words(cap).some((w) => taskWords.some((t) => sameWord(w, t))));
  return { matched, listed: capabilities.length };
}

/** A task that matches none of the capabilities an agent lists (an agent listing none is never a misfit). */
export function isMisfit(fit: CapabilityFit): boolean {
  return fit.listed > 0 && fit.matched.length === 0;
}

/** The agents ordered by fit for a text (most capabilities matched first), otherwise keeping their order. */
export function rankByFit<A extends { readonly capabilities: readonly string[] }>(agents: readonly A[], text: string): Array<{ agent: A; fit: CapabilityFit }> {
  return agents
    .map((agent, i) => ({ agent, fit: capabilityFit(agent.capabilities, text), i }))
    .sort((x, y) => y.fit.matched.length - x.fit.matched.length || x.i - y.i)
    .map(({ agent, fit }) => ({ agent, fit }));
}
