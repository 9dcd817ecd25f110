/**
 * A template as a graph: a node per agent or agent:stage the template names, an edge
 * per transition (plus the loop a convergence implies: its `from` runs again until the
 * marker appears). Which nodes a thread can reach from the entry follows the engine's
 * matching rule: a bare `from` agent matches every stage of that agent. Pure.
 */
import { AgentDef, ConditionType, CONDITION_TYPES, TemplateDef, TransitionDef } from './templates';

export interface GraphNode {
  /** "agent" or "agent:stage". */
  readonly id: string;
  readonly agent: string;
  readonly stage: string | null;
  readonly entry: boolean;
  readonly reachable: boolean;
}

export interface GraphEdge {
  readonly from: string;
  readonly to: string;
  /** The condition type, `unknown` when it is not one the engine knows. */
  readonly kind: ConditionType | 'unknown';
  /** "always", "convergence([DONE], max 5)", "output_contains(/PASS/)", … */
  readonly label: string;
  /** The implied loop of a convergence (from → from). */
  readonly implied: boolean;
  /** Index of the transition in the template (evaluation order). */
  readonly order: number;
}

export interface TemplateGraph {
  readonly nodes: readonly GraphNode[];
  readonly edges: readonly GraphEdge[];
  readonly entry: string | null;
}

export function nodeId(agent: string, stage: string | null): string {
  return stage === null ? agent : `${agent}:${stage}`;
}

/** The entry node: entryAgent with entryStage (the template's, else the agent's) when the template names that stage. */
export function entryNodeId(template: TemplateDef, agents: ReadonlyMap<string, AgentDef>): string | null {
  const agent = template.entryAgent?.name;
  if (agent === undefined || agent === '') return null;
  const stage = template.entryStage?.name ?? agents.get(agent)?.entryStage?.name ?? null;
  return stage === null ? agent : nodeId(agent, stage);
}

export function conditionLabel(t: TransitionDef): string {
  const c = t.condition;
  if (!c) return 'always';
  switch (c.type) {
    case 'always':
      return 'always';
    case 'convergence':
      return `convergence(${c.marker ?? '?'}, max ${c.maxIterations ?? 3})`;
    case 'output_contains':
    case 'output_not_contains':
      return `${c.type}(/${c.pattern ?? '?'}/)`;
    default:
      return c.type ?? '?';
  }
}

function kindOf(t: TransitionDef): GraphEdge['kind'] {
  const type = t.condition?.type ?? 'always';
  return (CONDITION_TYPES as readonly string[]).includes(type) ? (type as ConditionType) : 'unknown';
}

export function templateGraph(template: TemplateDef, agents: ReadonlyMap<string, AgentDef>): TemplateGraph {
  const entry = entryNodeId(template, agents);
  const order: string[] = [];
  const parts = new Map<string, { agent: string; stage: string | null }>();
  const add = (agent: string, stage: string | null) => {
    const id = nodeId(agent, stage);
    if (!parts.has(id)) {
      parts.set(id, { agent, stage });
      order.push(id);
    }
  };
  if (entry !== null) add(template.entryAgent!.name, entry === template.entryAgent!.name ? null : entry.slice(template.entryAgent!.name.length + 1));
  const edges: GraphEdge[] = [];
  template.transitions.forEach((t, i) => {
    if (!t.from || !t.to) return;
    add(t.from.agent, t.from.stage);
    add(t.to.agent, t.to.stage);
    const kind = kindOf(t);
    edges.push({ from: t.from.text, to: t.to.text, kind, label: conditionLabel(t), implied: false, order: i });
    if (kind === 'convergence' && t.from.text !== t.to.text) {
      edges.push({ from: t.from.text, to: t.from.text, kind, label: `until ${t.condition?.marker ?? '?'}`, implied: true, order: i });
    }
  });
  // Listed agents that no transition names still show (as unreachable, unless the entry).
  for (const ref of template.agents) {
    if (![...parts.values()].some((p) => p.agent === ref.ref)) add(ref.ref, null);
  }

  const reached = reachableNodes(entry, parts, edges);
  return {
    entry,
    edges,
    nodes: order.map((id) => ({ id, agent: parts.get(id)!.agent, stage: parts.get(id)!.stage, entry: id === entry, reachable: reached.has(id) })),
  };
}

/** Breadth-first from the entry; an edge leaves every node its `from` matches. */
function reachableNodes(entry: string | null, parts: ReadonlyMap<string, { agent: string; stage: string | null }>, edges: readonly GraphEdge[]): Set<string> {
  const reached = new Set<string>();
  if (entry === null || !parts.has(entry)) return reached;
  const queue = [entry];
  reached.add(entry);
  while (queue.length > 0) {
    const at = parts.get(queue.shift()!)!;
    // A bare node stands for "any stage of the agent": reached when one of them is.
    if (at.stage !== null && parts.has(at.agent) && !reached.has(at.agent)) {
      reached.add(at.agent);
      queue.push(at.agent);
    }
    for (const e of edges) {
      const from = parts.get(e.from)!;
      const matches = from.agent === at.agent && (from.stage === null || from.stage === at.stage);
      if (matches && !reached.has(e.to)) {
        reached.add(e.to);
        queue.push(e.to);
      }
    }
  }
  return reached;
}
