import { readTextFile } from '../edit/edit-file';
import { LIMITS, checkOneLine } from '../text/input-rules';
import { claimTask } from '../ops/claim';
import { completeTask } from '../ops/complete';
import { dispatchTask } from '../ops/dispatch';
import { tickTasks } from '../ops/tick';
import { LocatedTask, parseTaskFile } from '../parse/tasks';
import { agentTasksPath } from '../team/team-paths';
import { ActionContext, ActionResult, checkAgentSlug, readClock, recordWrite } from './context';
import { teamEvents } from './events';

/** The task operations an agent performs on its own task file, and dispatch to another's. */

export interface TaskInfo {
  /** 1-based position in the file (what a task reference may give). */
  readonly position: number;
  readonly title: string;
  readonly status: string | null;
  readonly started: string | null;
  readonly completed: string | null;
}

export interface TaskWithBody extends TaskInfo {
  readonly body: string;
}

function info(task: LocatedTask, index: number): TaskInfo {
  return { position: index + 1, title: task.title, status: task.status, started: task.started, completed: task.completed };
}

function withBody(task: LocatedTask, index: number): TaskWithBody {
  return { ...info(task, index), body: task.body };
}

/** The task at `position` as the file now holds it (after the operation wrote it). */
function taskAt(text: string, file: string, position: number): TaskWithBody {
  const tasks = parseTaskFile(text, file).tasks;
  return withBody(tasks[position - 1], position - 1);
}

async function tasksOf(ctx: ActionContext, agent: string, what: string): Promise<{ slug: string; file: string }> {
  const slug = await checkAgentSlug(ctx.fs, agent, what);
  return { slug, file: agentTasksPath(slug) };
}

export interface QueueData {
  readonly agent: string;
  readonly file: string;
  readonly lastTick: string | null;
  /** Claimed and not finished (normally one). */
  readonly inProgress: readonly TaskWithBody[];
  /** The task to take next: the first ready one in document order. */
  readonly next: TaskWithBody | null;
  /** Every ready task, in the order they are taken (next first). */
  readonly ready: readonly TaskInfo[];
  readonly doneCount: number;
}

/** An agent's queue: what it works on, what comes next, what waits. Writes nothing. */
export async function agentQueue(ctx: ActionContext, input: { agent: string; what?: string }): Promise<ActionResult<QueueData>> {
  const { slug, file } = await tasksOf(ctx, input.agent, input.what ?? 'agent');
  const text = await readTextFile(ctx.fs, file);
  const parsed = parseTaskFile(text ?? '', file);
  const all = parsed.tasks.map((t, i) => ({ t, i }));
  const inProgress = all.filter(({ t }) => t.status === 'in-progress').map(({ t, i }) => withBody(t, i));
  const readyTasks = all.filter(({ t }) => t.status === 'ready');
  const next = readyTasks.length ? withBody(readyTasks[0].t, readyTasks[0].i) : null;
  const data: QueueData = {
    agent: slug,
    file,
    lastTick: parsed.lastTick,
    inProgress,
    next,
    ready: readyTasks.map(({ t, i }) => info(t, i)),
    doneCount: all.filter(({ t }) => t.status === 'done').length,
  };
  const lines: string[] = [];
  if (text === undefined) lines.push(`${file} does not exist yet: no tasks.`);
  for (const t of inProgress) lines.push(`In progress: "${t.title}" (task ${t.position}${t.started ? `, since ${t.started}` : ''}).`);
  lines.push(next ? `Next: "${next.title}" (task ${next.position}).` : 'No ready task.');
  if (readyTasks.length > 1) lines.push(`${readyTasks.length - 1} more ready after it.`);
  lines.push(`${data.doneCount} done. Last tick: ${parsed.lastTick ?? 'none'}.`);
  return { message: lines.join('\n'), data };
}

export interface TaskChangeData {
  readonly agent: string;
  readonly file: string;
  readonly task: TaskWithBody;
}

/** ready → in-progress with Started (see `claimText`); without `task`, the next ready one. */
export async function claimAction(ctx: ActionContext, input: { agent: string; task?: string; outOfOrder?: boolean; what?: string }): Promise<ActionResult<TaskChangeData>> {
  const { slug, file } = await tasksOf(ctx, input.agent, input.what ?? 'agent');
  const { at, stamp } = readClock(ctx);
  const r = await claimTask(ctx.fs, file, { ref: input.task, now: stamp, outOfOrder: input.outOfOrder }, ctx.edit);
  const task = taskAt(r.text, file, r.position);
  const event = teamEvents.taskMoved(slug, slug, file, r.title, 'in-progress', stamp, r.position);
  // An out-of-order claim is said in the feed, so the coordinator sees the order was skipped on purpose.
  const record = input.outOfOrder ? { ...event, details: { ...event.details, outOfOrder: true } } : event;
  const note = await recordWrite(ctx, record, at);
  return { message: `Claimed "${r.title}" (task ${r.position} in ${file}) at ${stamp}${input.outOfOrder ? ', out of order as asked' : ''}.${note}`, data: { agent: slug, file, task } };
}

/** in-progress → done with Completed and a Summary (see `completeText`). */
export async function completeAction(
  ctx: ActionContext,
  input: { agent: string; task?: string; summary: string; what?: string },
): Promise<ActionResult<TaskChangeData>> {
  const { slug, file } = await tasksOf(ctx, input.agent, input.what ?? 'agent');
  const { at, stamp } = readClock(ctx);
  const r = await completeTask(ctx.fs, file, { ref: input.task, now: stamp, summary: input.summary }, ctx.edit);
  const task = taskAt(r.text, file, r.position);
  const note = await recordWrite(ctx, teamEvents.taskMoved(slug, slug, file, r.title, 'done', stamp, r.position, input.summary), at);
  return { message: `Completed "${r.title}" (task ${r.position} in ${file}) at ${stamp}.${note}`, data: { agent: slug, file, task } };
}

export interface TickData {
  readonly agent: string;
  readonly file: string;
  readonly written: boolean;
  readonly idle: boolean;
  /** The tick the file now ends with (`null`: none, when idle without one). */
  readonly lastTick: string | null;
  readonly previous: string | null;
}

/** The heartbeat (see `tickText`): nothing is written while the agent has no ready or in-progress task. */
export async function tickAction(ctx: ActionContext, input: { agent: string; what?: string }): Promise<ActionResult<TickData>> {
  const { slug, file } = await tasksOf(ctx, input.agent, input.what ?? 'agent');
  const { at, stamp } = readClock(ctx);
  const r = await tickTasks(ctx.fs, file, stamp, ctx.edit);
  const data: TickData = { agent: slug, file, written: r.written, idle: r.idle, lastTick: r.idle ? r.previous : stamp, previous: r.previous };
  if (r.idle) return { message: `${file} has no ready or in-progress task: idle ticks are suppressed, so nothing was written.`, data };
  if (!r.written) return { message: `${file} already ends with the tick ${stamp}; nothing was written.`, data };
  const note = await recordWrite(ctx, { type: 'agent.ticked', actor: slug, subject: `last tick ${stamp}`, file, details: { agent: slug, tick: stamp, previous: r.previous } }, at);
  return { message: `Ticked ${file} at ${stamp}${r.previous ? ` (the last tick was ${r.previous})` : ''}.${note}`, data };
}

/** A new ready task at the end of an agent's queue; `actor` is who dispatched it (for the feed). */
export async function dispatchAction(
  ctx: ActionContext,
  input: { agent: string; title: string; body?: string; actor: string; what?: string },
): Promise<ActionResult<TaskChangeData>> {
  const { slug, file } = await tasksOf(ctx, input.agent, input.what ?? 'agent');
  const actor = checkOneLine(input.actor, 'dispatcher (actor)', LIMITS.name);
  const { at } = readClock(ctx);
  const r = await dispatchTask(ctx.fs, file, { title: input.title, body: input.body }, ctx.edit);
  const task = taskAt(r.text, file, r.position);
  const note = await recordWrite(ctx, teamEvents.taskDispatched(actor, slug, file, r.title, r.position), at);
  return { message: `Dispatched "${r.title}" to ${slug} (task ${r.position} in ${file}).${note}`, data: { agent: slug, file, task } };
}
