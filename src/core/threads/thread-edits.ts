/**
 * The dashboard's writes to threads.json (seed 002's ThreadRecords): start a thread from
 * a template, add an agent to a thread, cancel a thread. Each is a `TextOperation` for
 * the one writer, so a file the thread server rewrote underneath is read again and the
 * change made on its new text. Only the bytes a change is about are touched: a new
 * record is inserted after the last one, laid out like its neighbours; a field is
 * replaced or added in its record, nothing else moves. The file's shapes are the ones
 * `readThreadRecords` reads (a list, `{ "threads": [...] }`, `{ "threads": {id: …} }`,
 * an object keyed by id). Refusals are `CortexInputError`s: nothing is written. Pure.
 */
import { randomBytes } from 'crypto';
import { TextOperation } from '../edit/operation';
import { CortexInputError } from '../edit/errors';
import { indentUnit, insertMember, renderIn } from '../json/json-edit';
import { JsonObject, property, toValue } from '../json/json-reader';
import { RecordFile, RecordsAt, locateRecords, setRecordFields } from '../json/json-records';
import { detectEol } from '../text/text';
import { ThreadRecord, readThreadRecords } from './records';

/** Thread ids as the thread server makes them: `thr_` and 8 hex digits. */
export const THREAD_ID = /^thr_[0-9a-f]{8}$/;

export function newThreadId(random: string = randomBytes(4).toString('hex')): string {
  return `thr_${random}`;
}

/** The states a thread ends in (seed 002): nothing runs or is added after them but "add agent" on a completed one. */
export const TERMINAL_STATUSES: readonly string[] = ['completed', 'failed', 'cancelled', 'aborted'];

const FILE: RecordFile = { file: 'threads.json', listKey: 'threads', idKey: 'id', instead: 'make the change with the thread server' };

function findRecord(text: string, id: string): { at: RecordsAt; node: JsonObject; record: ThreadRecord } {
  const at = locateRecords(text, FILE);
  const found = at.records.find((r) => r.id === id);
  const read = readThreadRecords(text);
  const record = read.ok ? read.threads.find((t) => t.id === id) : undefined;
  if (!found || !record) throw new CortexInputError(`threads.json has no thread ${id} (the thread server may have removed it: old threads are cleaned up); nothing was changed.`);
  return { at, node: found.node, record };
}

/** `text` with each `[keys, value]` set in thread `id`'s record. */
function setThreadFields(text: string, id: string, changes: ReadonlyArray<readonly [readonly string[], unknown]>): string {
  findRecord(text, id);
  return setRecordFields(text, FILE, id, changes);
}

export interface StartThreadInput {
  readonly id: string;
  readonly templateName: string;
  readonly userMessage: string;
  /** The template's entry agent and stage (seed 002: `entryStage`, else the agent's own). */
  readonly entryAgent: string;
  readonly entryStage: string | null;
  readonly persistSession: boolean;
  /** Caller-provided context (seed 002): `scheduleTaskId`, `trigger`, `project`… */
  readonly metadata: Readonly<Record<string, unknown>>;
  /** ISO time stamp of the start. */
  readonly now: string;
}

/**
 * A new ThreadRecord as seed 002 lists its fields. It is `running`, as the engine makes
 * a thread whose first step is next (`waiting` is for the user's input): the dashboard
 * runs no agent; the task it schedules (`metadata.scheduleTaskId`) is what a team agent
 * picks up to run the first step, writing to `artifactPath`. Until then the views show it
 * as awaiting pickup (see `awaitsPickup`).
 */
export function newThreadRecord(i: StartThreadInput): Record<string, unknown> {
  const workspacePath = `tmp/threads/${i.id}`;
  return {
    id: i.id,
    status: 'running',
    channel: null,
    templateName: i.templateName,
    userMessage: i.userMessage,
    workspacePath,
    artifactPath: `${workspacePath}/artifact.md`,
    agents: { [i.entryAgent]: { status: 'idle', persistSession: i.persistSession } },
    activeAgent: i.entryAgent,
    activeStage: i.entryStage,
    steps: [],
    iterationCounts: {},
    totalCostUsd: 0,
    metadata: i.metadata,
    abortReason: null,
    createdAt: i.now,
    updatedAt: i.now,
  };
}

/** Adds the record after the last one; a missing or blank file becomes a list of it. Holds while a record has its id. */
export function startThreadOperation(input: StartThreadInput): TextOperation<{ readonly id: string }> {
  if (!THREAD_ID.test(input.id)) throw new CortexInputError(`"${input.id}" is not a thread id (thr_ and 8 hex digits).`);
  const record = newThreadRecord(input);
  return {
    apply(text) {
      if (text.replace(/^\uFEFF/, '').trim() === '') return { text: `${text.startsWith('\uFEFF') ? '\uFEFF' : ''}${JSON.stringify([record], null, 2)}\n`, result: { id: input.id } };
      const at = locateRecords(text, FILE);
      if (at.records.some((r) => r.id === input.id)) throw new CortexInputError(`threads.json already has a thread ${input.id}; nothing was changed.`);
      const eol = detectEol(text);
      const unit = indentUnit(text, at.root);
      const rendered = renderIn(record, text, at.container, unit, eol);
      const member = at.container.type === 'array' ? rendered : `${JSON.stringify(input.id)}: ${rendered}`;
      return { text: insertMember(text, at.container, member, unit, eol), result: { id: input.id } };
    },
    holds: (text) => {
      try {
        return locateRecords(text, FILE).records.some((r) => r.id === input.id);
      } catch {
        return false;
      }
    },
  };
}

export interface AddAgentInput {
  readonly threadId: string;
  readonly agent: string;
  readonly persistSession: boolean;
  /** What the agent is asked (seed 002: `!thread add critic Please focus on…`); kept in `metadata.pendingMessages`. */
  readonly message: string;
  readonly now: string;
}

/**
 * Seed 002's "add an agent": only to a thread that is completed or waiting (not
 * running). The agent gets a slot in `agents` (kept when it ran before), becomes the
 * active agent, and the thread is `running` again, waiting for that agent's step
 * (`metadata.addedAgent`: who, and how many steps there were); a message joins
 * `metadata.pendingMessages`.
 */
export function addThreadAgentOperation(i: AddAgentInput): TextOperation<{ readonly previous: string }> {
  return {
    apply(text) {
      const { record, node } = findRecord(text, i.threadId);
      if (record.status !== 'completed' && record.status !== 'waiting') {
        throw new CortexInputError(`Thread ${i.threadId} is ${record.status}: an agent can be added only to a completed or waiting thread; nothing was changed.`);
      }
      const agents = property(node, 'agents')?.value;
      const slot = agents?.type === 'object' ? property(agents, i.agent) : undefined;
      const pending = pendingMessages(node);
      const changes: Array<readonly [readonly string[], unknown]> = [];
      if (!slot) changes.push([['agents', i.agent], { status: 'idle', persistSession: i.persistSession }]);
      // It runs next (core/threads/pickup.ts: awaitsAddedAgent): running, as the engine records a thread whose next step is due.
      changes.push([['activeAgent'], i.agent], [['activeStage'], null], [['status'], 'running'], [['updatedAt'], i.now]);
      changes.push([['metadata', 'addedAgent'], { agent: i.agent, afterSteps: record.steps.length, at: i.now }]);
      if (i.message.trim() !== '') changes.push([['metadata', 'pendingMessages'], [...pending, { agent: i.agent, message: i.message.trim(), at: i.now }]]);
      return { text: setThreadFields(text, i.threadId, changes), result: { previous: record.status } };
    },
  };
}

function pendingMessages(record: JsonObject): unknown[] {
  const meta = property(record, 'metadata')?.value;
  const list = meta?.type === 'object' ? property(meta, 'pendingMessages')?.value : undefined;
  return list?.type === 'array' ? (toValue(list) as unknown[]) : [];
}

/**
 * Seed 002's "cancel a running thread" (`!thread cancel`, running → cancelled): a running
 * thread becomes `cancelled`; a thread waiting for the user's input is not one seed 002
 * cancels, nor is an ended one. Holds once the thread has ended.
 */
export function cancelThreadOperation(i: { readonly threadId: string; readonly now: string }): TextOperation<{ readonly previous: string }> {
  return {
    apply(text) {
      const { record } = findRecord(text, i.threadId);
      if (TERMINAL_STATUSES.includes(record.status)) throw new CortexInputError(`Thread ${i.threadId} is already ${record.status}; only a running thread can be cancelled. Nothing was changed.`);
      if (record.status !== 'running') throw new CortexInputError(`Thread ${i.threadId} is ${record.status}, not running; the thread system cancels only a running thread. Nothing was changed.`);
      return { text: setThreadFields(text, i.threadId, [[['status'], 'cancelled'], [['updatedAt'], i.now]]), result: { previous: record.status } };
    },
    holds: (text) => {
      const read = readThreadRecords(text);
      const t = read.ok ? read.threads.find((x) => x.id === i.threadId) : undefined;
      return !t || TERMINAL_STATUSES.includes(t.status);
    },
  };
}
