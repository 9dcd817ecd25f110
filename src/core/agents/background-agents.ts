/**
 * Background agents (seed 003, "Agent Manager"): agents an agent spawned with
 * `background=True`, each an AgentRecord — `agent_id`, `level` (1/2/3), `role`, `task`
 * (its first 200 characters), `status` (running, done, failed, cancelled, timeout),
 * `started`, `finished`, `parent_id` (lineage), `result` (its first 500 characters),
 * `notify`. The manager keeps them in memory; a server that persists its registry
 * writes them to `data/background-agents.json` beside threads.json, which the
 * dashboard reads (a list, `{ "agents": [...] }` or an object keyed by id, read
 * tolerantly like threads.json) and writes one change to: seed 003's `agent_cancel`.
 * Pure.
 */
import { TextOperation } from '../edit/operation';
import { CortexInputError } from '../edit/errors';
import { readJson, toValue } from '../json/json-reader';
import { RecordFile, locateRecords, setRecordFields } from '../json/json-records';

export const BACKGROUND_AGENTS_FILE = 'background-agents.json';
export const BACKGROUND_STATUSES = ['running', 'done', 'failed', 'cancelled', 'timeout'] as const;

export interface BackgroundAgent {
  readonly id: string;
  readonly level: number | null;
  readonly role: string | null;
  readonly task: string | null;
  /** As written; one of BACKGROUND_STATUSES when the manager wrote it. */
  readonly status: string;
  readonly started: string | null;
  readonly finished: string | null;
  readonly parentId: string | null;
  readonly result: string | null;
  /** Notify when it completes (`notify`). */
  readonly notify: boolean;
}

export type BackgroundReadResult = { readonly ok: true; readonly agents: readonly BackgroundAgent[] } | { readonly ok: false; readonly message: string };

const FILE: RecordFile = { file: BACKGROUND_AGENTS_FILE, listKey: 'agents', idKey: 'agent_id', instead: 'cancel it with agent_cancel' };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const s = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function readAgent(v: unknown, key: string | null): BackgroundAgent | null {
  if (!isObj(v)) return null;
  const id = s(v.agent_id) ?? s(v.id) ?? key;
  if (!id) return null;
  return {
    id,
    level: typeof v.level === 'number' && Number.isInteger(v.level) ? v.level : null,
    role: s(v.role),
    task: s(v.task),
    status: s(v.status) ?? 'unknown',
    started: s(v.started),
    finished: s(v.finished),
    parentId: s(v.parent_id),
    result: s(v.result),
    notify: v.notify === true,
  };
}

export function readBackgroundAgents(text: string): BackgroundReadResult {
  if (text.trim() === '') return { ok: true, agents: [] };
  const read = readJson(text);
  if (!read.ok) return { ok: false, message: `${BACKGROUND_AGENTS_FILE} is not valid JSON: ${read.error.message}` };
  const value = toValue(read.root);
  const wrapped = isObj(value) ? value.agents : undefined;
  const entries: Array<[string | null, unknown]> = Array.isArray(value)
    ? value.map((v) => [null, v])
    : Array.isArray(wrapped)
      ? wrapped.map((v: unknown) => [null, v])
      : isObj(wrapped)
        ? Object.entries(wrapped)
        : isObj(value)
          ? Object.entries(value)
          : [];
  const agents = entries.map(([k, v]) => readAgent(v, k)).filter((a): a is BackgroundAgent => a !== null);
  // Running first, then the newest (seed 003's agent_list: newest first).
  agents.sort((a, b) => Number(b.status === 'running') - Number(a.status === 'running') || (b.started ?? '').localeCompare(a.started ?? ''));
  return { ok: true, agents };
}

/** The agents that were running in `before` and have ended in `after`, with `notify` set (the completion notification). */
export function completedSince(before: readonly BackgroundAgent[], after: readonly BackgroundAgent[]): BackgroundAgent[] {
  const wasRunning = new Set(before.filter((a) => a.status === 'running').map((a) => a.id));
  return after.filter((a) => a.notify && a.status !== 'running' && wasRunning.has(a.id));
}

/** Seed 003's `agent_cancel`: a running agent's record says `cancelled`, with when. Holds once it is no longer running. */
export function cancelBackgroundOperation(i: { readonly id: string; readonly now: string }): TextOperation<{ readonly role: string | null }> {
  const current = (text: string) => {
    const read = readBackgroundAgents(text);
    if (!read.ok) throw new CortexInputError(`${read.message}; nothing was changed.`);
    return read.agents.find((a) => a.id === i.id);
  };
  return {
    apply(text) {
      const agent = current(text);
      if (!agent || !locateRecords(text, FILE).records.some((r) => r.id === i.id)) throw new CortexInputError(`${BACKGROUND_AGENTS_FILE} has no agent ${i.id}; nothing was changed.`);
      if (agent.status !== 'running') throw new CortexInputError(`Background agent ${i.id} is ${agent.status}: only a running one can be cancelled. Nothing was changed.`);
      return { text: setRecordFields(text, FILE, i.id, [[['status'], 'cancelled'], [['finished'], i.now]]), result: { role: agent.role } };
    },
    holds: (text) => {
      try {
        return current(text)?.status !== 'running';
      } catch {
        return false;
      }
    },
  };
}

/**
 * Seed 003's `agent_status` "elapsed": how long a background agent has run, in whole
 * minutes: from `started` to `finished`, or to `nowMs` while it is still running. `null`
 * without a readable start, or an ended agent without a readable finish.
 */
export function backgroundElapsedMinutes(a: Pick<BackgroundAgent, 'started' | 'finished' | 'status'>, nowMs: number): number | null {
  const start = a.started === null ? NaN : Date.parse(a.started);
  if (!Number.isFinite(start)) return null;
  const end = a.status === 'running' ? nowMs : a.finished === null ? NaN : Date.parse(a.finished);
  if (!Number.isFinite(end)) return null;
  return Math.max(0, Math.floor((end - start) / 60_000));
}
