import { Diagnostic } from './model';

/**
 * Agent lineage: our extension of the protocol. An agent note may say which agent
 * started it (`parent: <slug>`) and where it sits in the hierarchy (`level: 1|2|3`).
 * The levels follow the multi-level agent design: a level-1 agent (a persona, the
 * top) starts level-2 sub-agents, a level-2 agent starts level-3 support agents, and
 * a level-3 agent starts nothing. So a child is exactly one level below its parent.
 *
 * These checks need the whole team (a parent is another agent), so they run over
 * every agent after a read; each finding points at the frontmatter line it is about.
 */
export interface LineageRecord {
  readonly slug: string;
  readonly parent: string | null;
  readonly level: number | null;
  /** Team-relative path of the agent note the findings go to. */
  readonly file: string;
  readonly parentLine: number;
  readonly levelLine: number;
}

export const MIN_LEVEL = 1;
export const MAX_LEVEL = 3;

export function isValidLevel(level: number | null): level is 1 | 2 | 3 {
  return level !== null && Number.isInteger(level) && level >= MIN_LEVEL && level <= MAX_LEVEL;
}

/** What each level is called (the multi-level agents design). */
export const LEVEL_NAMES: Readonly<Record<1 | 2 | 3, string>> = { 1: 'top-level agent', 2: 'sub-agent', 3: 'support agent' };

/**
 * The agents a new agent may name as its parent, by level then name: registered ones
 * of level 1 or 2 (a level-3 agent starts nothing; one without a level has no level
 * for its child to sit below). The child's level is the parent's plus one.
 */
export function parentCandidates<A extends { readonly name: string; readonly level: number | null; readonly notePath: string | null }>(agents: readonly A[]): Array<A & { readonly level: 1 | 2 }> {
  return agents
    .filter((a): a is A & { readonly level: 1 | 2 } => a.notePath !== null && (a.level === 1 || a.level === 2))
    .sort((x, y) => x.level - y.level || x.name.localeCompare(y.name));
}

/** Findings by agent slug (only agents with findings are present). */
export function lineageDiagnostics(records: readonly LineageRecord[]): Map<string, Diagnostic[]> {
  const bySlug = new Map<string, LineageRecord>();
  for (const r of records) bySlug.set(r.slug, r);
  const out = new Map<string, Diagnostic[]>();
  const report = (r: LineageRecord, line: number, severity: Diagnostic['severity'], message: string) => {
    const list = out.get(r.slug);
    const d: Diagnostic = { file: r.file, line, severity, message };
    if (list) list.push(d);
    else out.set(r.slug, [d]);
  };

  const children = new Map<string, string[]>();
  for (const r of records) {
    if (r.parent === null || r.parent === r.slug || !bySlug.has(r.parent)) continue;
    const list = children.get(r.parent);
    if (list) list.push(r.slug);
    else children.set(r.parent, [r.slug]);
  }

  const inCycle = cycleMembers(records, bySlug);

  for (const r of records) {
    if (r.level !== null && !isValidLevel(r.level)) {
      report(r, r.levelLine, 'warning', `"level" is ${r.level}; agent levels are 1, 2 or 3. The level is not used.`);
    }
    if (r.parent !== null) {
      const parent = bySlug.get(r.parent);
      if (r.parent === r.slug) {
        report(r, r.parentLine, 'warning', `"parent" names this agent itself; an agent cannot start itself.`);
      } else if (!parent) {
        report(r, r.parentLine, 'warning', `The parent "${r.parent}" is not an agent of this team (no agents/${r.parent}/). The agent is shown at the top of the tree.`);
      } else if (inCycle.has(r.slug)) {
        report(r, r.parentLine, 'error', `Parent cycle: ${cyclePath(r.slug, bySlug)}. Lineage cannot loop; remove "parent" from one of these notes.`);
      } else if (isValidLevel(r.level)) {
        if (r.level === MIN_LEVEL) {
          report(r, r.levelLine, 'warning', `A level-1 agent is at the top and has no parent, but this one names "${r.parent}". Set level ${isValidLevel(parent.level) ? parent.level + 1 : 2} or remove "parent".`);
        } else if (isValidLevel(parent.level) && r.level !== parent.level + 1) {
          const expected = parent.level + 1;
          report(
            r,
            r.levelLine,
            'warning',
            r.level <= parent.level
              ? `Level ${r.level} is not below its parent "${r.parent}" (level ${parent.level}); a child is one level deeper${expected <= MAX_LEVEL ? ` (level ${expected})` : ''}.`
              : `Level ${r.level} skips a level: its parent "${r.parent}" is level ${parent.level}, whose children are level ${expected}.`,
          );
        }
      }
    }
    const kids = children.get(r.slug);
    if (r.level === MAX_LEVEL && kids && kids.length > 0) {
      const named = kids.slice().sort().map((k) => `"${k}"`);
      report(
        r,
        r.levelLine,
        'warning',
        `A level-3 agent starts no other agents, but ${named.length === 1 ? named[0] : `${named.slice(0, -1).join(', ')} and ${named[named.length - 1]}`} name${named.length === 1 ? 's' : ''} it as parent.`,
      );
    }
  }
  return out;
}

/** Slugs on a parent cycle (not those merely hanging below one). */
function cycleMembers(records: readonly LineageRecord[], bySlug: ReadonlyMap<string, LineageRecord>): Set<string> {
  const state = new Map<string, 1 | 2>(); // 1: on the current walk, 2: settled
  const members = new Set<string>();
  for (const start of records) {
    if (state.has(start.slug)) continue;
    const walk: string[] = [];
    let at: LineageRecord | undefined = start;
    while (at && !state.has(at.slug)) {
      state.set(at.slug, 1);
      walk.push(at.slug);
      at = at.parent !== null && at.parent !== at.slug ? bySlug.get(at.parent) : undefined;
    }
    if (at && state.get(at.slug) === 1) {
      // Walked back onto this walk: everything from `at` on is the loop.
      for (let i = walk.indexOf(at.slug); i < walk.length; i++) members.add(walk[i]);
    }
    for (const s of walk) state.set(s, 2);
  }
  return members;
}

/** "a → b → c → a", starting at `slug`. */
function cyclePath(slug: string, bySlug: ReadonlyMap<string, LineageRecord>): string {
  const path = [slug];
  let next = bySlug.get(slug)?.parent ?? null;
  while (next !== null && next !== slug && path.length <= bySlug.size) {
    path.push(next);
    next = bySlug.get(next)?.parent ?? null;
  }
  path.push(slug);
  return path.join(' → ');
}
