import { AgentView } from '../../src/views/team/common/messages';

/**
 * The agents as a lineage tree (parent → children) laid out as the rows to show, in
 * order, each with its depth. Pure.
 *
 * Roots: agents without a parent, and those whose parent is not an agent (the core
 * reports these). A parent cycle has no root: its first member in sort order is shown
 * at the top and the rest hang below it (the core reports the cycle as an error), so
 * every agent appears exactly once. Siblings keep the order of `sorted`.
 *
 * Filtering: `matched` (when given) are the agents the filter finds; each keeps its
 * ancestors shown (marked `context`) so it stays in its place, and a match is never
 * hidden by a folded ancestor.
 */
export interface TreeRow {
  readonly agent: AgentView;
  /** 0 at the top. */
  readonly depth: number;
  /** `null` for a leaf (no visible children). */
  readonly expanded: boolean | null;
  /** Shown only as an ancestor of a filter match. */
  readonly context: boolean;
  /** 1-based position among its shown siblings, and how many there are (aria-posinset/setsize). */
  readonly position: number;
  readonly siblings: number;
  /** The parent row's slug (for the Left key); `null` at the top. */
  readonly parentSlug: string | null;
}

export function treeRows(sorted: readonly AgentView[], collapsed: ReadonlySet<string>, matched?: ReadonlySet<string>): TreeRow[] {
  const bySlug = new Map(sorted.map((a) => [a.slug, a]));
  const children = new Map<string, AgentView[]>();
  const rootSet = new Set<string>();
  const placed = new Set<string>();
  for (const a of sorted) {
    if (a.parent !== null && a.parent !== a.slug && bySlug.has(a.parent)) {
      const list = children.get(a.parent);
      if (list) list.push(a);
      else children.set(a.parent, [a]);
    } else {
      rootSet.add(a.slug);
    }
  }
  // What no root reaches is on (or below) a parent cycle: its first member in order becomes a root.
  const reached = new Set<string>();
  const reach = (slug: string) => {
    const stack = [slug];
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (reached.has(s)) continue;
      reached.add(s);
      for (const k of children.get(s) ?? []) stack.push(k.slug);
    }
  };
  for (const slug of rootSet) reach(slug);
  for (const a of sorted) {
    if (reached.has(a.slug)) continue;
    rootSet.add(a.slug);
    reach(a.slug);
  }
  const roots = sorted.filter((a) => rootSet.has(a.slug));

  // Shown: everything, or the matches and their ancestors (walking up stops at a cycle).
  let shown: Set<string> | null = null;
  if (matched) {
    shown = new Set();
    for (const slug of matched) {
      let at = bySlug.get(slug);
      while (at && !shown.has(at.slug)) {
        shown.add(at.slug);
        at = at.parent !== null ? bySlug.get(at.parent) : undefined;
      }
    }
  }
  const isShown = (a: AgentView) => shown === null || shown.has(a.slug);

  const rows: TreeRow[] = [];
  const visit = (level: readonly AgentView[], depth: number, parentSlug: string | null) => {
    const here = level.filter((a) => isShown(a) && !placed.has(a.slug));
    here.forEach((a, i) => {
      placed.add(a.slug);
      const kids = (children.get(a.slug) ?? []).filter((k) => isShown(k) && !placed.has(k.slug));
      // A filter opens the way to its matches; otherwise the user's folds count.
      const open = kids.length === 0 ? null : matched ? true : !collapsed.has(a.slug);
      rows.push({ agent: a, depth, expanded: open, context: matched ? !matched.has(a.slug) : false, position: i + 1, siblings: here.length, parentSlug });
      if (open) visit(kids, depth + 1, a.slug);
      else if (open === false) markPlaced(a.slug);
    });
  };
  // Folded subtrees still count as placed, so a cycle's members do not reappear as roots.
  const markPlaced = (slug: string) => {
    for (const k of children.get(slug) ?? []) {
      if (placed.has(k.slug)) continue;
      placed.add(k.slug);
      markPlaced(k.slug);
    }
  };
  visit(roots, 0, null);
  return rows;
}
