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
import { Check, Checked, arrayOf, bool, checkMessage, int, nullable, num, object, oneOf, shortStr, str } from '../../shared/common/validate';

// The webview draws an edge label on the same lines the host's layout made room for.
export { labelLines } from './label-lines';

export const THREADS_PROTOCOL_VERSION = 1;

export const EDGE_KINDS = ['always', 'convergence', 'output_contains', 'output_not_contains', 'unknown'] as const;
export type EdgeKind = (typeof EDGE_KINDS)[number];
export const EDGE_SHAPES = ['forward', 'back', 'self'] as const;

export interface GraphNodeView {
  readonly id: string;
  readonly agent: string;
  readonly stage: string | null;
  readonly entry: boolean;
  readonly reachable: boolean;
  /** The agent is not defined in "agents". */
  readonly unknown: boolean;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface GraphEdgeView {
  readonly from: string;
  readonly to: string;
  readonly kind: EdgeKind;
  readonly label: string;
  /** The loop a convergence implies. */
  readonly implied: boolean;
  readonly shape: (typeof EDGE_SHAPES)[number];
  readonly path: string;
  readonly labelX: number;
  readonly labelY: number;
}

export interface GraphView {
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly GraphNodeView[];
  readonly edges: readonly GraphEdgeView[];
}

export interface TemplateView {
  readonly name: string;
  readonly description: string | null;
  readonly agents: readonly string[];
  readonly entry: string | null;
  readonly maxTotalSteps: number | null;
  readonly maxTotalCostUsd: number | null;
  /** Errors and warnings the checks found in this template. */
  readonly problems: number;
  readonly graph: GraphView;
  /** The definitions of the agents it lists (those `agents` defines), in its order. */
  readonly agentDefs: readonly AgentDefView[];
  /** The agents it references with per-template overrides (`{ref, …}`): each field as written. */
  readonly overrides: ReadonlyArray<{ readonly agent: string; readonly fields: ReadonlyArray<readonly [string, string]> }>;
  /** Its lifecycle hooks; `timeoutMs` is the one the engine uses (30000 when not written). */
  readonly hooks: ReadonlyArray<{ readonly point: string; readonly command: string | null; readonly args: readonly string[]; readonly timeoutMs: number }>;
}

/** An agent definition as thread-templates.json gives it. */
export interface AgentDefView {
  readonly name: string;
  readonly description: string | null;
  readonly profile: string | null;
  readonly persistSession: boolean | null;
  /** As written: the text, or a `file:` reference. */
  readonly directive: string | null;
  readonly tools: readonly string[];
  readonly pluginDirs: readonly string[];
  /** Those of `pluginDirs` whose folder is not there (resolved against the Cortex home), as written. */
  readonly missingPluginDirs: readonly string[];
  readonly stages: readonly string[];
  /** Its `file:` prompt files, put together as the engine would. */
  readonly prompts: readonly PromptView[];
}

/** A prompt file of an agent (seed 002's YAML-frontmatter templates: `extends`, `@fill`, `@block`). */
export interface PromptView {
  /** `directive`, `promptTemplate` or `systemPrompt`. */
  readonly field: string;
  readonly file: string;
  /** The file and what it extends, the file first. */
  readonly chain: readonly string[];
  readonly fills: readonly string[];
  readonly variables: readonly string[];
  /** The prompt put together (shortened when long). */
  readonly text: string;
  readonly problems: readonly string[];
}

/** An agent slot of a thread (`agents`), as the core reads it (plain data). */
export type AgentSlotView = ThreadAgentSlot;

/** The team task that launched a thread (`metadata.scheduleTaskId`), as the team has it now. */
export interface ThreadTaskView {
  readonly agent: string;
  readonly agentName: string;
  readonly index: number;
  readonly title: string;
  readonly status: string | null;
}

/** The record's status, or `pickup`: a running thread the dashboard started whose task no agent has picked up yet (see `awaitsPickup`). */
export const THREAD_STATUS_VALUES = ['pickup', 'running', 'completed', 'failed', 'cancelled', 'aborted', 'waiting', 'other'] as const;
export type ThreadStatusView = (typeof THREAD_STATUS_VALUES)[number];

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

export interface StepView {
  readonly agent: string | null;
  readonly stage: string | null;
  readonly costUsd: number | null;
  readonly durationMs: number | null;
  readonly status: string | null;
  /** What the step's agent answered, as recorded. */
  readonly output: string | null;
}

export interface ThreadView {
  readonly id: string;
  readonly status: ThreadStatusView;
  /** The status as written when it is not one the thread system knows. */
  readonly rawStatus: string;
  readonly templateName: string | null;
  /** Why the thread server's startup cleanup removes it (seed 002: 7 days; auto threads 24 hours), or null. */
  readonly cleanupDue: string | null;
  /** A template thread, a default (single-agent) thread or an auto thread (no template). */
  readonly kind: 'template' | 'default' | 'auto';
  /** The template is defined in thread-templates.json (its graph can be shown). */
  readonly templateKnown: boolean;
  readonly userMessage: string | null;
  readonly activeAgent: string | null;
  readonly activeStage: string | null;
  readonly steps: readonly StepView[];
  readonly totalCostUsd: number | null;
  readonly maxTotalCostUsd: number | null;
  readonly maxTotalSteps: number | null;
  readonly abortReason: string | null;
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  /** Where the artifact is, for display; `null` when the record names none. */
  readonly artifactPath: string | null;
  readonly channel: string | null;
  readonly agents: readonly AgentSlotView[];
  /** Convergence loop counts by transition edge. */
  readonly iterationCounts: ReadonlyArray<readonly [string, number]>;
  readonly metadata: ReadonlyArray<readonly [string, string]>;
  /** Why the engine stopped it (`no_matching_transition`, `max_iterations`, `cost_limit`, or as written) and that in words. */
  readonly stopReason: string | null;
  readonly stopExplained: string | null;
  /** The task it was launched from: `scheduleTaskId` when the team has it (`task`), or only the id. */
  readonly scheduleTaskId: string | null;
  readonly task: ThreadTaskView | null;
  /** The agent Add Agent added, while the thread waits for its step (status `pickup`); else null. */
  readonly addedAgent: string | null;
}

export type ThreadsStatus = 'loading' | 'none' | 'ready';

export interface ThreadsViewState {
  readonly status: ThreadsStatus;
  /** Where the files are, for the header. */
  readonly files: { readonly templates: string; readonly threads: string; readonly source: string } | null;
  /** Why something is missing (no files found, a file that cannot be read). */
  readonly messages: readonly string[];
  readonly templates: readonly TemplateView[];
  readonly threads: readonly ThreadView[];
  /** Errors and warnings in thread-templates.json. */
  readonly problems: number;
}

/** The artifact as the host rendered it (see `views/shared/common/markdown-tree.ts`); `mark` is an [ABORT] marker. */
export type { MdNode };

export interface ArtifactView {
  readonly thread: string;
  /** `null` when there is nothing to show (see `message`). */
  readonly nodes: readonly MdNode[] | null;
  readonly message: string | null;
  /** The [ABORT] markers found in the text. */
  readonly aborts: readonly string[];
  /** Bumped on every change of the file, so the page can tell a new rendering. */
  readonly revision: number;
}

export type SelectionKind = 'template' | 'thread';

// ---- messages --------------------------------------------------------------------

export type ThreadsHostMessage =
  | { readonly type: 'state'; readonly version: number; readonly state: ThreadsViewState }
  | { readonly type: 'artifact'; readonly artifact: ArtifactView }
  | { readonly type: 'reveal'; readonly kind: SelectionKind; readonly id: string };

export type ThreadsWebviewMessage =
  | { readonly type: 'ready'; readonly protocol: number }
  | { readonly type: 'select'; readonly kind: SelectionKind; readonly id: string }
  | { readonly type: 'openTemplate'; readonly template: string }
  | { readonly type: 'openArtifact'; readonly thread: string }
  | { readonly type: 'openLink'; readonly thread: string; readonly link: number }
  /** The thread's task on the task board. */
  | { readonly type: 'openTask'; readonly thread: string }
  | { readonly type: 'refresh' };

// ---- validation ------------------------------------------------------------------

export type { Checked };

const id = shortStr(400);
const graphView = object({
  width: num,
  height: num,
  nodes: arrayOf(object({ id: str, agent: str, stage: nullable(str), entry: bool, reachable: bool, unknown: bool, x: num, y: num, width: num, height: num })),
  edges: arrayOf(
    object({ from: str, to: str, kind: oneOf(EDGE_KINDS), label: str, implied: bool, shape: oneOf(EDGE_SHAPES), path: shortStr(400), labelX: num, labelY: num }),
  ),
});
const promptView = object({ field: str, file: str, chain: arrayOf(str), fills: arrayOf(str), variables: arrayOf(str), text: str, problems: arrayOf(str) });
const textPair: Check = (v, at) => (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'string' ? null : `${at} should be a [key, value] pair`);
const templateView = object({
  name: str,
  description: nullable(str),
  agents: arrayOf(str),
  entry: nullable(str),
  maxTotalSteps: nullable(num),
  maxTotalCostUsd: nullable(num),
  problems: int,
  graph: graphView,
  agentDefs: arrayOf(
    object({ name: str, description: nullable(str), profile: nullable(str), persistSession: nullable(bool), directive: nullable(str), tools: arrayOf(str), pluginDirs: arrayOf(str), missingPluginDirs: arrayOf(str), stages: arrayOf(str), prompts: arrayOf(promptView) }),
  ),
  overrides: arrayOf(object({ agent: str, fields: arrayOf(textPair) })),
  hooks: arrayOf(object({ point: str, command: nullable(str), args: arrayOf(str), timeoutMs: num })),
});
const countPair: Check = (v, at) => (Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && typeof v[1] === 'number' && Number.isFinite(v[1]) ? null : `${at} should be an [edge, count] pair`);
const stepView = object({ agent: nullable(str), stage: nullable(str), costUsd: nullable(num), durationMs: nullable(num), status: nullable(str), output: nullable(str) });
const threadView = object({
  id: str,
  status: oneOf(THREAD_STATUS_VALUES),
  rawStatus: str,
  templateName: nullable(str),
  kind: oneOf(['template', 'default', 'auto'] as const),
  cleanupDue: nullable(str),
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
  artifactPath: nullable(str),
  channel: nullable(str),
  agents: arrayOf(object({ name: str, status: nullable(str), sessionId: nullable(str), persistSession: nullable(bool) })),
  iterationCounts: arrayOf(countPair),
  metadata: arrayOf(textPair),
  stopReason: nullable(str),
  stopExplained: nullable(str),
  scheduleTaskId: nullable(str),
  task: nullable(object({ agent: str, agentName: str, index: int, title: str, status: nullable(str) })),
  addedAgent: nullable(str),
});
const threadsViewState = object({
  status: oneOf(['loading', 'none', 'ready']),
  files: nullable(object({ templates: str, threads: str, source: str })),
  messages: arrayOf(str),
  templates: arrayOf(templateView),
  threads: arrayOf(threadView),
  problems: int,
});

const artifactView = object({ thread: id, nodes: nullable(markdownTree(32)), message: nullable(str), aborts: arrayOf(str), revision: int });
const selectionKind = oneOf(['template', 'thread']);

const hostMessages: Readonly<Record<ThreadsHostMessage['type'], Check>> = {
  state: object({ type: str, version: int, state: threadsViewState }),
  artifact: object({ type: str, artifact: artifactView }),
  reveal: object({ type: str, kind: selectionKind, id }),
};

const webviewMessages: Readonly<Record<ThreadsWebviewMessage['type'], Check>> = {
  ready: object({ type: str, protocol: int }),
  select: object({ type: str, kind: selectionKind, id }),
  openTemplate: object({ type: str, template: id }),
  openArtifact: object({ type: str, thread: id }),
  openLink: object({ type: str, thread: id, link: int }),
  openTask: object({ type: str, thread: id }),
  refresh: object({ type: str }),
};

export function checkThreadsWebviewMessage(data: unknown): Checked<ThreadsWebviewMessage> {
  return checkMessage<ThreadsWebviewMessage>(data, webviewMessages);
}

export function checkThreadsHostMessage(data: unknown): Checked<ThreadsHostMessage> {
  return checkMessage<ThreadsHostMessage>(data, hostMessages);
}

export function checkThreadsViewState(data: unknown): string | null {
  return threadsViewState(data, 'state');
}
