/**
 * The Threads panel's message protocol: the one module both sides import (the
 * extension host and the webview). No `vscode` import, no DOM: plain types and
 * validators.
 *
 * Webview → host: commands with ids only (a template name, a thread id, a link
 * number), never paths or command names. The first is `ready`; the host posts nothing
 * before it. Host → webview: `state` snapshots (templates with their laid-out graphs,
 * thread records), `artifact` (the selected thread's artifact.md rendered on the host
 * into a tree of harmless elements, re-sent as agents write it) and `reveal` (the
 * sidebar asked to show an item). Every message is validated on arrival.
 */
import type { ThreadAgentSlot } from '../../../core/threads/records';
import { MdNode, markdownTree } from '../../shared/common/markdown-tree';
import { Check, Checked, Infer, MessageOf, arrayOf, bool, checkMessage, int, nullable, num, object, oneOf, shortStr, str } from '../../shared/common/validate';

// The webview draws an edge label on the same lines the host's layout made room for.
export { labelLines } from './label-lines';

export const THREADS_PROTOCOL_VERSION = 1;

export const EDGE_KINDS = ['always', 'convergence', 'output_contains', 'output_not_contains', 'unknown'] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];
export const EDGE_SHAPES = ['forward', 'back', 'self'] as const;

// ---- the data, declared once: each type is what its check accepts --------------------

const id = shortStr(400);

const graphNodeView = object({
  id: str,
  agent: str,
  stage: nullable(str),
  entry: bool,
  reachable: bool,
  /** The agent is not defined in "agents". */
  unknown: bool,
  x: num,
  y: num,
  width: num,
  height: num,
});
export type GraphNodeView = Infer<typeof graphNodeView>;

const graphEdgeView = object({
  from: str,
  to: str,
  kind: oneOf(EDGE_KINDS),
  label: str,
  /** The loop a convergence implies. */
  implied: bool,
  shape: oneOf(EDGE_SHAPES),
  path: shortStr(400),
  labelX: num,
  labelY: num,
});
export type GraphEdgeView = Infer<typeof graphEdgeView>;

const graphView = object({ width: num, height: num, nodes: arrayOf(graphNodeView), edges: arrayOf(graphEdgeView) });
export type GraphView = Infer<typeof graphView>;

/** A prompt file of an agent (seed 002's YAML-frontmatter templates: `extends`, `@fill`, `@block`). */
const promptView = object({
  /** `directive`, `promptTemplate` or `systemPrompt`. */
  field: str,
  file: str,
  /** The file and what it extends, the file first. */
  chain: arrayOf(str),
  fills: arrayOf(str),
  variables: arrayOf(str),
  /** The prompt put together (shortened when long). */
  text: str,
  problems: arrayOf(str),
});
export type PromptView = Infer<typeof promptView>;

/** An agent definition as thread-templates.json gives it. */
const agentDefView = object({
  name: str,
  description: nullable(str),
  profile: nullable(str),
  persistSession: nullable(bool),
  /** As written: the text, or a `file:` reference. */
  directive: nullable(str),
  tools: arrayOf(str),
  pluginDirs: arrayOf(str),
  /** Those of `pluginDirs` whose folder is not there (resolved against the Cortex home), as written. */
  missingPluginDirs: arrayOf(str),
  stages: arrayOf(str),
  /** Its `file:` prompt files, put together as the engine would. */
  prompts: arrayOf(promptView),
});
export type AgentDefView = Infer<typeof agentDefView>;

const textPair: Check<readonly [string, string]> = (v, at) => (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' ? null : `${at} should be a [key, value] pair`);

const templateView = object({
  name: str,
  description: nullable(str),
  agents: arrayOf(str),
  entry: nullable(str),
  maxTotalSteps: nullable(num),
  maxTotalCostUsd: nullable(num),
  /** Errors and warnings the checks found in this template. */
  problems: int,
  graph: graphView,
  /** The definitions of the agents it lists (those `agents` defines), in its order. */
  agentDefs: arrayOf(agentDefView),
  /** The agents it references with per-template overrides (`{ref, …}`): each field as written. */
  overrides: arrayOf(object({ agent: str, fields: arrayOf(textPair) })),
  /** Its lifecycle hooks; `timeoutMs` is the one the engine uses (30000 when not written). */
  hooks: arrayOf(object({ point: str, command: nullable(str), args: arrayOf(str), timeoutMs: num })),
});
export type TemplateView = Infer<typeof templateView>;

/** An agent slot of a thread (`agents`), as the core reads it (plain data); `Check<ThreadAgentSlot>` holds the check to the core's type both ways. */
const agentSlotView: Check<ThreadAgentSlot> = object({ name: str, status: nullable(str), sessionId: nullable(str), persistSession: nullable(bool) });
export type AgentSlotView = ThreadAgentSlot;

/** The team task that launched a thread (`metadata.scheduleTaskId`), as the team has it now. */
const threadTaskView = object({ agent: str, agentName: str, index: int, title: str, status: nullable(str) });
export type ThreadTaskView = Infer<typeof threadTaskView>;

/** The record's status, or `pickup`: a running thread the dashboard started whose task no agent has picked up yet (see `awaitsPickup`). */
export const THREAD_STATUS_VALUES = ['pickup', 'running', 'completed', 'failed', 'cancelled', 'aborted', 'waiting', 'other'] as const;
export type ThreadStatusView = (typeof THREAD_STATUS_VALUES)[number];

const stepView = object({
  agent: nullable(str),
  stage: nullable(str),
  costUsd: nullable(num),
  durationMs: nullable(num),
  status: nullable(str),
  /** What the step's agent answered, as recorded. */
  output: nullable(str),
});
export type StepView = Infer<typeof stepView>;

const countPair: Check<readonly [string, number]> = (v, at) => (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'number' && Number.isFinite(v[1]) ? null : `${at} should be an [edge, count] pair`);

const threadView = object({
  id: str,
  status: oneOf(THREAD_STATUS_VALUES),
  /** The status as written when it is not one the thread system knows. */
  rawStatus: str,
  templateName: nullable(str),
  /** A template thread, a default (single-agent) thread or an auto thread (no template). */
  kind: oneOf(['template', 'default', 'auto']),
  /** Why the thread server's startup cleanup removes it (seed 002: 7 days; auto threads 24 hours), or null. */
  cleanupDue: nullable(str),
  /** The template is defined in thread-templates.json (its graph can be shown). */
  templateKnown: bool,
  userMessage: nullable(str),
  activeAgent: nullable(str),
  activeStage: nullable(str),
  steps: arrayOf(stepView),
  totalCostUsd: nullable(num),
  maxTotalCostUsd: nullable(num),
  maxTotalSteps: nullable(num),
  abortReason: nullable(str),
  createdAt: nullable(str),
  updatedAt: nullable(str),
  /** Where the artifact is, for display; `null` when the record names none. */
  artifactPath: nullable(str),
  channel: nullable(str),
  agents: arrayOf(agentSlotView),
  /** Convergence loop counts by transition edge. */
  iterationCounts: arrayOf(countPair),
  metadata: arrayOf(textPair),
  /** Why the engine stopped it (`no_matching_transition`, `max_iterations`, `cost_limit`, or as written) and that in words. */
  stopReason: nullable(str),
  stopExplained: nullable(str),
  /** The task it was launched from: `scheduleTaskId` when the team has it (`task`), or only the id. */
  scheduleTaskId: nullable(str),
  task: nullable(threadTaskView),
  /** The agent Add Agent added, while the thread waits for its step (status `pickup`); else null. */
  addedAgent: nullable(str),
});
export type ThreadView = Infer<typeof threadView>;

/** A thread's state in words: the record's status, or who it awaits (its record still says running). */
export function threadStateText(t: Pick<ThreadView, 'status' | 'rawStatus' | 'task' | 'addedAgent'>): string {
  if (t.status !== 'pickup') return t.rawStatus;
  if (t.addedAgent !== null) return `added ${t.addedAgent}, awaiting its step`;
  return t.task ? `awaiting pickup by ${t.task.agentName}` : 'awaiting pickup';
}

/** What a thread runs, in words: its template's name, or the kind of thread that has none (seed 002's default and auto threads). */
export function threadTemplateText(t: Pick<ThreadView, 'kind' | 'templateName'>): string {
  if (t.kind === 'default') return 'default thread (one agent, no template)';
  if (t.kind === 'auto') return 'auto thread (no template)';
  return t.templateName ?? '';
}

export const THREADS_STATUSES = ['loading', 'none', 'ready'] as const;
export type ThreadsStatus = (typeof THREADS_STATUSES)[number];

const threadsViewState = object({
  status: oneOf(THREADS_STATUSES),
  /** Where the files are, for the header. */
  files: nullable(object({ templates: str, threads: str, source: str })),
  /** Why something is missing (no files found, a file that cannot be read). */
  messages: arrayOf(str),
  templates: arrayOf(templateView),
  threads: arrayOf(threadView),
  /** Errors and warnings in thread-templates.json. */
  problems: int,
});
export type ThreadsViewState = Infer<typeof threadsViewState>;

/** The artifact as the host rendered it (see `views/shared/common/markdown-tree.ts`); `mark` is an [ABORT] marker. */
export type { MdNode };

const artifactView = object({
  thread: id,
  /** `null` when there is nothing to show (see `message`). */
  nodes: nullable(markdownTree(32)),
  message: nullable(str),
  /** The [ABORT] markers found in the text. */
  aborts: arrayOf(str),
  /** Bumped on every change of the file, so the page can tell a new rendering. */
  revision: int,
});
export type ArtifactView = Infer<typeof artifactView>;

export const SELECTION_KINDS = ['template', 'thread'] as const;
export type SelectionKind = (typeof SELECTION_KINDS)[number];
const selectionKind = oneOf(SELECTION_KINDS);

// ---- messages --------------------------------------------------------------------

export type { Checked };

const hostMessages = {
  state: object({ type: oneOf(['state']), version: int, state: threadsViewState }),
  artifact: object({ type: oneOf(['artifact']), artifact: artifactView }),
  reveal: object({ type: oneOf(['reveal']), kind: selectionKind, id }),
};
export type ThreadsHostMessage = MessageOf<typeof hostMessages>;

const webviewMessages = {
  ready: object({ type: oneOf(['ready']), protocol: int }),
  select: object({ type: oneOf(['select']), kind: selectionKind, id }),
  openTemplate: object({ type: oneOf(['openTemplate']), template: id }),
  openArtifact: object({ type: oneOf(['openArtifact']), thread: id }),
  openLink: object({ type: oneOf(['openLink']), thread: id, link: int }),
  /** The thread's task on the task board. */
  openTask: object({ type: oneOf(['openTask']), thread: id }),
  refresh: object({ type: oneOf(['refresh']) }),
};
export type ThreadsWebviewMessage = MessageOf<typeof webviewMessages>;

export function checkThreadsWebviewMessage(data: unknown): Checked<ThreadsWebviewMessage> {
  return checkMessage(data, webviewMessages);
}

export function checkThreadsHostMessage(data: unknown): Checked<ThreadsHostMessage> {
  return checkMessage(data, hostMessages);
}

export function checkThreadsViewState(data: unknown): string | null {
  return threadsViewState(data, 'state');
}
