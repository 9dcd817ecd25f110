/**
 * What the Threads panel shows, built from the checked templates file and the thread
 * records: each template with its graph laid out, each thread joined with its
 * template's limits. Pure (no `vscode`), so it is unit-tested as it is.
 */
import { templateGraph } from '../../core/threads/graph';
import { layoutGraph } from './graph-layout';
import { THREAD_STATUSES, explainStop, threadKind, ThreadRecord, artifactLocation, sortThreads } from '../../core/threads/records';
import { TemplatesCheck } from '../../core/threads/template-checks';
import { awaitsAddedAgent, awaitsPickup } from '../../core/threads/pickup';
import { AgentDef, DEFAULT_HOOK_TIMEOUT_MS, TemplateDef } from '../../core/threads/templates';
import { ResolvedPrompt } from '../../core/threads/prompt-templates';
import { pluginDirLocation } from '../../core/threads/plugin-dirs';
import { cleanupDue, staleRunning } from '../../core/threads/cleanup';
import { AgentDefView, TemplateView, ThreadStatusView, ThreadTaskView, ThreadView, ThreadsViewState } from './common/messages';

export interface ThreadsModelInput {
  readonly status: ThreadsViewState['status'];
  readonly files: ThreadsViewState['files'];
  readonly messages: readonly string[];
  /** The checked templates file; `null` when there is none. */
  readonly check: TemplatesCheck | null;
  readonly threads: readonly ThreadRecord[];
  /** The folder relative artifact paths resolve against. */
  readonly dataRoot: string | null;
  /** The agents' prompt files put together, by `<folder>/<name>` (absent: none read). */
  readonly prompts?: ReadonlyMap<string, ResolvedPrompt>;
  /** The time now (epoch ms), for the cleanup the thread server does; absent: not said. */
  readonly now?: number;
  /** The plugin folders (resolved, `pluginDirLocation`) that are not there; absent: not looked for. */
  readonly missingPluginPaths?: ReadonlySet<string>;
  /** The team's task with this id marker (a thread's `scheduleTaskId`); absent: no team. */
  readonly taskOf?: (id: string) => ThreadTaskView | null;
}

/** Which of an agent's plugin folders are missing (none when nobody looked). */
type MissingPlugins = (a: AgentDef) => string[];

export function templateViews(check: TemplatesCheck | null, prompts: ReadonlyMap<string, ResolvedPrompt> = new Map(), missing: MissingPlugins = () => []): TemplateView[] {
  const config = check?.config;
  if (!config) return [];
  const agents = new Map<string, AgentDef>(config.agents.map((a) => [a.name, a]));
  return config.templates.map((t) => templateView(t, agents, check, prompts, missing));
}

/** The agent's `pluginDirs` whose resolved folder is in `missingPaths`. */
export function missingPluginDirs(a: AgentDef, dataRoot: string | null, missingPaths: ReadonlySet<string> | undefined): string[] {
  if (dataRoot === null || !missingPaths) return [];
  return a.pluginDirs.filter((d) => missingPaths.has(pluginDirLocation(d, dataRoot)));
}

function templateView(t: TemplateDef, agents: ReadonlyMap<string, AgentDef>, check: TemplatesCheck, prompts: ReadonlyMap<string, ResolvedPrompt>, missing: MissingPlugins): TemplateView {
  const graph = templateGraph(t, agents);
  const layout = layoutGraph(graph);
  const placed = new Map(layout.nodes.map((n) => [n.id, n]));
  const end = t.extent.offset + t.extent.length;
  return {
    name: t.name,
    description: t.description,
    agents: t.agents.map((a) => a.ref),
    entry: graph.entry,
    maxTotalSteps: t.maxTotalSteps,
    maxTotalCostUsd: t.maxTotalCostUsd,
    problems: check.findings.filter((f) => f.offset >= t.extent.offset && f.offset < end).length,
    agentDefs: t.agents.flatMap((ref) => {
      const a = agents.get(ref.ref);
      return a ? [agentDefView(a, prompts, missing(a))] : [];
    }),
    overrides: t.agents.filter((ref) => ref.overrides.length > 0).map((ref) => ({ agent: ref.ref, fields: ref.overrides.map(([k, v]) => [k, v] as const) })),
    hooks: t.hooks.map((h) => ({ point: h.point, command: h.command, args: [...h.args], timeoutMs: h.timeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS })),
    graph: {
      width: layout.width,
      height: layout.height,
      nodes: graph.nodes.map((n) => {
        const p = placed.get(n.id)!;
        return { id: n.id, agent: n.agent, stage: n.stage, entry: n.entry, reachable: n.reachable, unknown: !agents.has(n.agent), x: p.x, y: p.y, width: p.width, height: p.height };
      }),
      edges: graph.edges.map((e, i) => {
        const p = layout.edges[i];
        return { from: e.from, to: e.to, kind: e.kind, label: e.label, implied: e.implied, shape: p.shape, path: p.path, labelX: p.labelX, labelY: p.labelY };
      }),
    },
  };
}

/** A prompt is shown up to this many characters (the file is one click away). */
const PROMPT_TEXT_MAX = 4000;

function agentDefView(a: AgentDef, prompts: ReadonlyMap<string, ResolvedPrompt>, missingPlugins: string[]): AgentDefView {
  const promptViews = a.fileRefs.flatMap((ref) => {
    const p = prompts.get(`${ref.folder}/${ref.name}`);
    if (!p) return [];
    const text = p.text.length > PROMPT_TEXT_MAX ? `${p.text.slice(0, PROMPT_TEXT_MAX - 1)}…` : p.text;
    return [{ field: ref.field, file: `file:${ref.name}`, chain: [...p.chain], fills: [...p.fills], variables: [...p.variables], text, problems: [...p.problems] }];
  });
  return { name: a.name, description: a.description, profile: a.profile, persistSession: a.persistSession, directive: a.directive, tools: [...a.tools], pluginDirs: [...a.pluginDirs], missingPluginDirs: missingPlugins, stages: a.stages.map((s) => s.name), prompts: promptViews };
}

function statusView(raw: string): ThreadStatusView {
  return (THREAD_STATUSES as readonly string[]).includes(raw) ? (raw as ThreadStatusView) : 'other';
}

export function threadViews(threads: readonly ThreadRecord[], templates: readonly TemplateView[], dataRoot: string | null, taskOf?: ThreadsModelInput['taskOf'], now?: number): ThreadView[] {
  const byName = new Map(templates.map((t) => [t.name, t]));
  return sortThreads(threads).map((r) => {
    const kind = threadKind(r.templateName);
    const template = kind === 'template' ? byName.get(r.templateName!) : undefined;
    const task = r.scheduleTaskId !== null ? (taskOf?.(r.scheduleTaskId) ?? null) : null;
    const status = awaitsPickup(r, task?.status) || awaitsAddedAgent(r) ? 'pickup' : statusView(r.status);
    return {
      id: r.id,
      status,
      rawStatus: r.status,
      templateName: r.templateName,
      kind,
      // A thread waiting for its agent's pickup is not left over by a server: only a running one is said stale.
      cleanupDue: now === undefined ? null : (cleanupDue(r, now) ?? (status === 'running' ? staleRunning(r, now) : null)),
      templateKnown: template !== undefined,
      userMessage: r.userMessage,
      activeAgent: r.activeAgent,
      activeStage: r.activeStage,
      steps: r.steps.map((s) => ({ agent: s.agent, stage: s.stage, costUsd: s.costUsd, durationMs: s.durationMs, status: s.status, output: s.output })),
      totalCostUsd: r.totalCostUsd,
      maxTotalCostUsd: template?.maxTotalCostUsd ?? null,
      maxTotalSteps: template?.maxTotalSteps ?? null,
      abortReason: r.abortReason,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      artifactPath: dataRoot !== null ? artifactLocation(r, dataRoot) : null,
      channel: r.channel,
      agents: r.agents.map((a) => ({ ...a })),
      iterationCounts: r.iterationCounts.map(([k, n]) => [k, n] as const),
      metadata: r.metadata.map(([k, v]) => [k, v] as const),
      stopReason: r.stopReason,
      stopExplained: r.stopReason !== null ? explainStop(r.stopReason) : null,
      scheduleTaskId: r.scheduleTaskId,
      task,
      addedAgent: awaitsAddedAgent(r) ? r.addedAgent!.agent : null,
    };
  });
}

export function buildThreadsViewState(input: ThreadsModelInput): ThreadsViewState {
  const templates = templateViews(input.check, input.prompts, (a) => missingPluginDirs(a, input.dataRoot, input.missingPluginPaths));
  return {
    status: input.status,
    files: input.files,
    messages: [...input.messages],
    templates,
    threads: threadViews(input.threads, templates, input.dataRoot, input.taskOf, input.now),
    problems: input.check?.findings.length ?? 0,
  };
}
