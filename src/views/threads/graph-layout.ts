/**
 * A layered left-to-right layout for a template's graph, computed in pure code so the
 * webview only draws. Layers by longest path from the entry over forward edges (edges
 * back to a node already on the walk are loops, drawn as arcs below); nodes no one
 * reaches go in a last column. Within a column, nodes follow the mean row of their
 * predecessors, so chains stay straight.
 */
import { GraphEdge, TemplateGraph } from '../../core/threads/graph';
import { labelLines } from './common/label-lines';

export const NODE_HEIGHT = 40;
const GAP_X = 90;
const GAP_Y = 36;
const MARGIN = 24;
/** Room below the nodes for loop arcs and their labels. */
const LOOP_ROOM = 44;

export interface PlacedNode {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly layer: number;
}

export type EdgeShape = 'forward' | 'back' | 'self';

export interface PlacedEdge {
  readonly from: string;
  readonly to: string;
  readonly shape: EdgeShape;
  /** SVG path data. */
  readonly path: string;
  readonly labelX: number;
  readonly labelY: number;
}

export interface GraphLayout {
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly PlacedNode[];
  readonly edges: readonly PlacedEdge[];
}

/** A node's width from its label: about 7 px a character, within bounds. */
export function nodeWidth(label: string): number {
  return Math.min(240, Math.max(110, Math.round(label.length * 7.2) + 28));
}

export function layoutGraph(graph: TemplateGraph): GraphLayout {
  const ids = graph.nodes.map((n) => n.id);
  const back = backEdges(graph, ids);
  const layer = layers(graph, ids, back);
  // Moving unreached nodes can turn an edge leftwards: draw those as arcs too.
  for (const e of graph.edges) if (e.from !== e.to && layer.get(e.to)! <= layer.get(e.from)!) back.add(e);
  const columns = orderedColumns(graph, ids, layer, back);
  const { placed, width, bodyHeight } = placeNodes(graph, columns, layer, back);
  const hasLoops = graph.edges.some((e) => e.from === e.to || back.has(e));
  const height = MARGIN * 2 + bodyHeight + (hasLoops ? LOOP_ROOM : 0);

  // Parallel edges between the same two nodes are spread apart.
  const seen = new Map<string, number>();
  const edges: PlacedEdge[] = graph.edges.map((e) => {
    const key = `${e.from}\u0000${e.to}`;
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    const a = placed.get(e.from)!;
    const b = placed.get(e.to)!;
    if (e.from === e.to) return selfLoop(e, a, nth);
    if (back.has(e)) return backArc(e, a, b, nth);
    return forwardCurve(e, a, b, nth);
  });

  return { width: Math.ceil(width), height: Math.ceil(height), nodes: ids.map((id) => placed.get(id)!), edges };
}

/** Back edges: found by a depth-first walk from the entry, then from the rest in order. */
function backEdges(graph: TemplateGraph, ids: readonly string[]): Set<GraphEdge> {
  const back = new Set<GraphEdge>();
  const state = new Map<string, 1 | 2>();
  const visit = (id: string) => {
    state.set(id, 1);
    for (const e of graph.edges) {
      if (e.from !== id || e.from === e.to) continue;
      const s = state.get(e.to);
      if (s === 1) back.add(e);
      else if (s === undefined) visit(e.to);
    }
    state.set(id, 2);
  };
  const starts = graph.entry !== null && ids.includes(graph.entry) ? [graph.entry, ...ids] : ids;
  for (const id of starts) if (!state.has(id)) visit(id);
  return back;
}

/**
 * Each node's column: the longest path over forward edges (a DAG once the back edges
 * are out), in topological order; nodes the entry never reaches go after the last
 * reached column (unless a reached node leads to them).
 */
function layers(graph: TemplateGraph, ids: readonly string[], back: ReadonlySet<GraphEdge>): Map<string, number> {
  const forward = graph.edges.filter((e) => e.from !== e.to && !back.has(e));
  const indegree = new Map<string, number>(ids.map((id) => [id, 0]));
  for (const e of forward) indegree.set(e.to, indegree.get(e.to)! + 1);
  const layer = new Map<string, number>(ids.map((id) => [id, 0]));
  const queue = ids.filter((id) => indegree.get(id) === 0);
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const e of forward) {
      if (e.from !== id) continue;
      layer.set(e.to, Math.max(layer.get(e.to)!, layer.get(id)! + 1));
      indegree.set(e.to, indegree.get(e.to)! - 1);
      if (indegree.get(e.to) === 0) queue.push(e.to);
    }
  }
  const reachable = new Set(graph.nodes.filter((n) => n.reachable).map((n) => n.id));
  const lastReachableLayer = Math.max(0, ...ids.filter((id) => reachable.has(id)).map((id) => layer.get(id)!));
  if (reachable.size > 0) for (const id of ids) if (!reachable.has(id) && !hasReachablePredecessor(id, forward, reachable)) layer.set(id, lastReachableLayer + 1);
  return layer;
}

/** The columns, each ordered by the mean row of its predecessors (first appearance breaks ties). */
function orderedColumns(graph: TemplateGraph, ids: readonly string[], layer: ReadonlyMap<string, number>, back: ReadonlySet<GraphEdge>): string[][] {
  const rightwards = graph.edges.filter((e) => e.from !== e.to && !back.has(e));
  const layerCount = Math.max(0, ...layer.values()) + 1;
  const columns: string[][] = Array.from({ length: layerCount }, () => []);
  for (const id of ids) columns[layer.get(id)!].push(id);
  const row = new Map<string, number>();
  columns.forEach((column, c) => {
    if (c > 0) {
      const mean = (id: string) => {
        const preds = rightwards.filter((e) => e.to === id && row.has(e.from)).map((e) => row.get(e.from)!);
        return preds.length === 0 ? Number.POSITIVE_INFINITY : preds.reduce((a, b) => a + b, 0) / preds.length;
      };
      const keyed = column.map((id, i) => ({ id, i, m: mean(id) }));
      keyed.sort((a, b) => a.m - b.m || a.i - b.i);
      column.splice(0, column.length, ...keyed.map((k) => k.id));
    }
    column.forEach((id, r) => row.set(id, r));
  });
  return columns;
}

/** Places the nodes: columns centred vertically, each gap wide enough for the labels of the edges across it. */
function placeNodes(graph: TemplateGraph, columns: readonly string[][], layer: ReadonlyMap<string, number>, back: ReadonlySet<GraphEdge>) {
  // The gap after each column makes room for the longest label line of an edge into the
  // next (a long label is drawn on several lines, stacked upwards: see label-lines.ts).
  const gaps = columns.map((_, c) => {
    const labels = graph.edges
      .filter((e) => e.from !== e.to && !back.has(e) && layer.get(e.from) === c && layer.get(e.to) === c + 1)
      .map((e) => Math.max(...labelLines(e.label).map((line) => line.length)));
    return Math.max(GAP_X, Math.round(Math.max(0, ...labels) * 6.2) + 24);
  });
  const label = new Map(graph.nodes.map((n) => [n.id, n.id]));
  const widths = columns.map((column) => Math.max(110, ...column.map((id) => nodeWidth(label.get(id)!))));
  const tallest = Math.max(1, ...columns.map((c) => c.length));
  const bodyHeight = tallest * NODE_HEIGHT + (tallest - 1) * GAP_Y;
  const placed = new Map<string, PlacedNode>();
  let x = MARGIN;
  columns.forEach((column, c) => {
    const columnHeight = column.length * NODE_HEIGHT + (column.length - 1) * GAP_Y;
    const top = MARGIN + (bodyHeight - columnHeight) / 2;
    column.forEach((id, r) => {
      const width = nodeWidth(label.get(id)!);
      placed.set(id, { id, x: x + (widths[c] - width) / 2, y: top + r * (NODE_HEIGHT + GAP_Y), width, height: NODE_HEIGHT, layer: c });
    });
    x += widths[c] + gaps[c];
  });
  const width = Math.max(x - gaps[gaps.length - 1] + MARGIN, 2 * MARGIN + 110);
  return { placed, width, bodyHeight };
}

function hasReachablePredecessor(id: string, forward: readonly GraphEdge[], reachable: ReadonlySet<string>): boolean {
  return forward.some((e) => e.to === id && reachable.has(e.from));
}

const r = (n: number) => Math.round(n * 10) / 10;

function forwardCurve(e: GraphEdge, a: PlacedNode, b: PlacedNode, nth: number): PlacedEdge {
  const x1 = a.x + a.width;
  const y1 = a.y + a.height / 2 + nth * 8;
  const x2 = b.x;
  const y2 = b.y + b.height / 2 + nth * 8;
  const dx = Math.max(30, (x2 - x1) / 2);
  return {
    from: e.from,
    to: e.to,
    shape: 'forward',
    path: `M ${r(x1)} ${r(y1)} C ${r(x1 + dx)} ${r(y1)}, ${r(x2 - dx)} ${r(y2)}, ${r(x2)} ${r(y2)}`,
    labelX: r((x1 + x2) / 2),
    labelY: r(Math.min(y1, y2) - 7 - nth * 14),
  };
}

/** A loop back to an earlier node: an arc under both. */
function backArc(e: GraphEdge, a: PlacedNode, b: PlacedNode, nth: number): PlacedEdge {
  const x1 = a.x + a.width / 2;
  const y1 = a.y + a.height;
  const x2 = b.x + b.width / 2;
  const y2 = b.y + b.height;
  const depth = 34 + nth * 10;
  const bottom = Math.max(y1, y2) + depth;
  return {
    from: e.from,
    to: e.to,
    shape: 'back',
    path: `M ${r(x1)} ${r(y1)} C ${r(x1)} ${r(bottom)}, ${r(x2)} ${r(bottom)}, ${r(x2)} ${r(y2)}`,
    labelX: r((x1 + x2) / 2),
    labelY: r(bottom - depth / 4 + 4),
  };
}

/** A node running again (a convergence that has not seen its marker). */
function selfLoop(e: GraphEdge, a: PlacedNode, nth: number): PlacedEdge {
  const cx = a.x + a.width / 2;
  const y = a.y + a.height;
  const spread = 22 + nth * 6;
  const depth = 30 + nth * 8;
  return {
    from: e.from,
    to: e.to,
    shape: 'self',
    path: `M ${r(cx - spread / 2)} ${r(y)} C ${r(cx - spread)} ${r(y + depth)}, ${r(cx + spread)} ${r(y + depth)}, ${r(cx + spread / 2)} ${r(y)}`,
    labelX: r(cx),
    labelY: r(y + depth + 6),
  };
}
