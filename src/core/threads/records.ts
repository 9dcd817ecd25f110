/**
 * threads.json, the thread server's store of ThreadRecords, read tolerantly: the file
 * may hold a list of records, `{ "threads": [...] }`, or an object keyed by thread id.
 * A field of the wrong type reads as absent; a record without an id is skipped and
 * counted. Pure: text in, plain data out (safe to post to a webview).
 */
import { readJson, toValue } from '../json/json-reader';

export const THREAD_STATUSES = ['running', 'completed', 'failed', 'cancelled', 'aborted', 'waiting'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];

export interface ThreadStep {
  readonly agent: string | null;
  readonly stage: string | null;
  readonly costUsd: number | null;
  readonly durationMs: number | null;
  /** The step's own status, when recorded. */
  readonly status: string | null;
  /** What the step's agent answered (`output`), as recorded. */
  readonly output: string | null;
}

export interface ThreadRecord {
  readonly id: string;
  /** As written; one of THREAD_STATUSES when the server wrote it. */
  readonly status: string;
  /** `null` for auto threads (seed 002's name for a thread with no template). */
  readonly templateName: string | null;
  readonly userMessage: string | null;
  readonly workspacePath: string | null;
  readonly artifactPath: string | null;
  readonly activeAgent: string | null;
  readonly activeStage: string | null;
  readonly steps: readonly ThreadStep[];
  readonly totalCostUsd: number | null;
  readonly abortReason: string | null;
  /** Time stamps as written (ISO strings or epoch milliseconds turned into ISO). */
  readonly createdAt: string | null;
  readonly updatedAt: string | null;
  /** The Slack channel the thread belongs to. */
  readonly channel: string | null;
  /** The agent slots (`agents`), in the file's order. */
  readonly agents: readonly ThreadAgentSlot[];
  /** Convergence loop counts per transition edge (`iterationCounts`), in the file's order. */
  readonly iterationCounts: ReadonlyArray<readonly [string, number]>;
  /** Caller-provided context (`metadata`): scalars as written, anything else as JSON text. */
  readonly metadata: ReadonlyArray<readonly [string, string]>;
  /** The team task that launched the thread (`metadata.scheduleTaskId`). */
  readonly scheduleTaskId: string | null;
  /** The agent Add Agent added last and how many steps the thread had then (`metadata.addedAgent`); absent: none. */
  readonly addedAgent?: { readonly agent: string; readonly afterSteps: number } | null;
  /** Why the engine stopped it, when it says (`stopReason`): one of `STOP_REASONS`' keys, or as written. */
  readonly stopReason: string | null;
}

/**
 * Seed 002's three kinds of thread record: a template thread names its template, a
 * default thread (one single-agent step) has `templateName` "default", an auto thread
 * (`!thread add` chaining from a single-agent run) has none. Neither of the last two is
 * a template to look up in thread-templates.json.
 */
export type ThreadKind = 'template' | 'default' | 'auto';

export function threadKind(templateName: string | null): ThreadKind {
  return templateName === null ? 'auto' : templateName === 'default' ? 'default' : 'template';
}

/** Seed 002's terminal reasons, in words: why a thread stopped. */
export const STOP_REASONS: Readonly<Record<string, string>> = {
  no_matching_transition: 'no transition rule matched the last step',
  max_iterations: "it reached the template's maxTotalSteps, or a convergence loop its maxIterations",
  cost_limit: "its cost went over the template's maxTotalCostUsd",
};

/** A stop reason in words; `null` for one the document does not name. */
export function explainStop(reason: string): string | null {
  return Object.prototype.hasOwnProperty.call(STOP_REASONS, reason) ? STOP_REASONS[reason] : null;
}

export interface ThreadAgentSlot {
  readonly name: string;
  readonly status: string | null;
  readonly sessionId: string | null;
  readonly persistSession: boolean | null;
}

export type RecordsReadResult =
  | { readonly ok: true; readonly threads: readonly ThreadRecord[]; readonly skipped: number }
  | { readonly ok: false; readonly message: string };

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const s = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const n = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function stamp(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return new Date(v).toISOString();
  return null;
}

function readStep(v: unknown): ThreadStep | null {
  if (!isObj(v)) return null;
  return {
    agent: s(v.agent) ?? s(v.agentName),
    stage: s(v.stage),
    costUsd: n(v.costUsd) ?? n(v.cost),
    durationMs: n(v.durationMs) ?? n(v.duration),
    status: s(v.status),
    output: s(v.output),
  };
}

function readSlots(v: unknown): ThreadAgentSlot[] {
  if (!isObj(v)) return [];
  return Object.entries(v).map(([name, slot]) => {
    const o = isObj(slot) ? slot : {};
    return { name, status: s(o.status), sessionId: s(o.sessionId), persistSession: typeof o.persistSession === 'boolean' ? o.persistSession : null };
  });
}

function readMetadata(v: unknown): Array<[string, string]> {
  if (!isObj(v)) return [];
  return Object.entries(v)
    .filter(([, x]) => x !== null && x !== undefined)
    .map(([k, x]) => [k, typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean' ? String(x) : JSON.stringify(x)]);
}

function readAdded(v: unknown): ThreadRecord['addedAgent'] {
  if (!isObj(v)) return null;
  const agent = s(v.agent);
  const afterSteps = n(v.afterSteps);
  return agent !== null && afterSteps !== null ? { agent, afterSteps } : null;
}

function readRecord(v: unknown, key: string | null): ThreadRecord | null {
  if (!isObj(v)) return null;
  const id = s(v.id) ?? key;
  if (!id) return null;
  const steps = Array.isArray(v.steps) ? v.steps.map(readStep).filter((x): x is ThreadStep => x !== null) : [];
  return {
    id,
    status: s(v.status) ?? 'unknown',
    templateName: s(v.templateName),
    userMessage: s(v.userMessage),
    workspacePath: s(v.workspacePath),
    artifactPath: s(v.artifactPath),
    activeAgent: s(v.activeAgent),
    activeStage: s(v.activeStage),
    steps,
    totalCostUsd: n(v.totalCostUsd) ?? (steps.some((x) => x.costUsd !== null) ? steps.reduce((a, x) => a + (x.costUsd ?? 0), 0) : null),
    abortReason: s(v.abortReason),
    createdAt: stamp(v.createdAt) ?? stamp(v.startedAt),
    updatedAt: stamp(v.updatedAt) ?? stamp(v.completedAt),
    channel: s(v.channel),
    agents: readSlots(v.agents),
    iterationCounts: isObj(v.iterationCounts) ? Object.entries(v.iterationCounts).flatMap(([k, x]) => (n(x) !== null ? [[k, x as number] as [string, number]] : [])) : [],
    metadata: readMetadata(v.metadata),
    scheduleTaskId: isObj(v.metadata) ? s(v.metadata.scheduleTaskId) : null,
    addedAgent: isObj(v.metadata) ? readAdded(v.metadata.addedAgent) : null,
    stopReason: s(v.stopReason) ?? s(v.stop_reason),
  };
}

export function readThreadRecords(text: string): RecordsReadResult {
  if (text.trim() === '') return { ok: true, threads: [], skipped: 0 };
  const read = readJson(text);
  if (!read.ok) return { ok: false, message: `threads.json is not valid JSON: ${read.error.message}` };
  const value = toValue(read.root);
  let entries: Array<[string | null, unknown]>;
  if (Array.isArray(value)) entries = value.map((v) => [null, v]);
  else if (isObj(value) && Array.isArray(value.threads)) entries = value.threads.map((v: unknown) => [null, v]);
  else if (isObj(value) && isObj(value.threads)) entries = Object.entries(value.threads);
  else if (isObj(value)) entries = Object.entries(value);
  else return { ok: false, message: 'threads.json should hold a list of thread records or an object of them by id' };
  const threads: ThreadRecord[] = [];
  let skipped = 0;
  for (const [key, v] of entries) {
    const r = readRecord(v, key);
    if (r) threads.push(r);
    else skipped++;
  }
  return { ok: true, threads, skipped };
}

/** Running and waiting first, then the newest. */
export function sortThreads(threads: readonly ThreadRecord[]): ThreadRecord[] {
  const live = (t: ThreadRecord) => (t.status === 'running' || t.status === 'waiting' ? 0 : 1);
  return [...threads].sort((a, b) => live(a) - live(b) || (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || a.id.localeCompare(b.id));
}

/**
 * Where a thread's artifact is: `artifactPath`, else `workspacePath/artifact.md`.
 * Absolute paths stay; relative ones are resolved against `dataRoot` (the Cortex home,
 * the folder holding config/ and data/, where the server's `tmp/threads/` lives).
 * Paths use `/`; `null` when the record names neither.
 */
export function artifactLocation(record: Pick<ThreadRecord, 'artifactPath' | 'workspacePath'>, dataRoot: string): string | null {
  const raw = record.artifactPath ?? (record.workspacePath !== null ? `${record.workspacePath.replace(/[\\/]+$/, '')}/artifact.md` : null);
  if (raw === null || raw.trim() === '') return null;
  const p = raw.replace(/\\/g, '/');
  if (p.startsWith('/') || /^[A-Za-z]:\//.test(p)) return p;
  return `${dataRoot.replace(/\/+$/, '')}/${p.replace(/^\.\//, '')}`;
}

/** What a task card shows of the thread it launched. */
export interface ThreadLink {
  readonly id: string;
  readonly status: string;
}

/** The threads by the team task that launched them (`metadata.scheduleTaskId`); the newest wins when two name one task. */
export function threadsByTask(threads: readonly ThreadRecord[]): Map<string, ThreadLink> {
  const out = new Map<string, ThreadLink>();
  for (const t of [...threads].sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''))) {
    if (t.scheduleTaskId) out.set(t.scheduleTaskId, { id: t.id, status: t.status });
  }
  return out;
}
