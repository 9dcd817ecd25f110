import * as path from 'path';
import * as vscode from 'vscode';
import { oneLine } from '../../base/one-line';
import { DisposableBase } from '../../base/disposable';
import { ActivityRecord, DASHBOARD_ACTOR } from '../../core/actions/activity';
import { BACKGROUND_AGENTS_FILE, BackgroundAgent, cancelBackgroundOperation } from '../../core/agents/background-agents';
import { teamEvents } from '../../core/actions/events';
import { TextOperation } from '../../core/edit/operation';
import { writeOperation } from '../../core/edit/writer';
import { CortexInputError } from '../../core/edit/errors';
import { checkUserText } from '../../core/ops/shared';
import { ThreadRecord, artifactLocation } from '../../core/threads/records';
import { addThreadAgentOperation, cancelThreadOperation, newThreadId, startThreadOperation } from '../../core/threads/thread-edits';
import { AgentDef, TemplateDef, ThreadTemplates } from '../../core/threads/templates';
import { guardedCommand } from './guarded-command';
import { InputFeedback, ruleFeedback } from '../ui/quick-input';
import { Services } from '../services';
import { ThreadsStore, backgroundFile } from '../team/threads-store';
import { writeFailureMessage } from '../writes/write-failure';
import { AgentItem, agentItems, loadedTeam } from './agent-picks';
import { dispatchNewTask } from './dispatch-task';

export const THREAD_COMMANDS = {
  start: 'cortex.startThread',
  addAgent: 'cortex.addThreadAgent',
  cancel: 'cortex.cancelThread',
  cancelBackground: 'cortex.cancelBackgroundAgent',
} as const;

export interface StartedThread {
  readonly id: string;
  readonly taskId: string | null;
  readonly agent: string;
}

/**
 * The Threads view's writes (seed 002): Start Thread (a template's record, its first
 * agent, and the team task it schedules, linked by `metadata.scheduleTaskId`), Add
 * Agent to a completed or waiting thread, Cancel a running thread. Each
 * write goes through the one writer and records its event; each takes a template or
 * thread from the Threads list's item (`{ kind, name | id }`) or a plain string, and
 * asks for what is missing.
 */
export class ThreadCommands extends DisposableBase {
  constructor(
    private readonly c: Services,
    private readonly threads: ThreadsStore,
  ) {
    super();
    const reg = (id: string, fn: (arg: unknown) => unknown) => this.register(vscode.commands.registerCommand(id, fn));
    reg(THREAD_COMMANDS.start, (arg) => this.start(itemArg(arg, 'template')));
    reg(THREAD_COMMANDS.addAgent, (arg) => this.addAgent(itemArg(arg, 'thread')));
    reg(THREAD_COMMANDS.cancel, (arg) => this.cancel(itemArg(arg, 'thread')));
    reg(THREAD_COMMANDS.cancelBackground, (arg) => this.cancelBackground(itemArg(arg, 'background')));
  }

  start(template?: string): Promise<StartedThread | undefined> {
    return this.run('Start Thread', 'start a thread', () => this.runStart(template));
  }

  addAgent(thread?: string): Promise<string | undefined> {
    return this.run('Add Agent to Thread', 'add an agent to a thread', () => this.runAddAgent(thread));
  }

  cancel(thread?: string): Promise<string | undefined> {
    return this.run('Cancel Thread', 'cancel a thread', () => this.runCancel(thread));
  }

  cancelBackground(agent?: string): Promise<string | undefined> {
    return this.run('Cancel Background Agent', 'cancel a background agent', () => this.runCancelBackground(agent));
  }

  /** Trusted workspaces only; a refusal (bad input: nothing was written) is said as it is, anything else is a failure. */
  private run<T>(name: string, what: string, work: () => Promise<T | undefined>): Promise<T | undefined> {
    return guardedCommand(this.c, name, async () => {
      try {
        return (await this.c.writer.whenTrusted(what, work)) ?? undefined;
      } catch (e) {
        if (!(e instanceof CortexInputError)) throw e;
        await this.c.prompts.error(`Cortex: ${e.message}`);
        return undefined;
      }
    });
  }

  private async config(): Promise<ThreadTemplates | undefined> {
    await this.threads.whenIdle();
    const config = this.threads.check?.config;
    if (!this.threads.paths || !config) {
      await this.c.prompts.info('Cortex: no thread-templates.json was found (see the cortex.threadTemplatesFile setting); a thread starts from one of its templates.');
      return undefined;
    }
    return config;
  }

  private async runStart(preset: string | undefined): Promise<StartedThread | undefined> {
    const config = await this.config();
    const team = config && (await loadedTeam(this.c));
    if (!config || !team) return undefined;
    const template = await this.pickTemplate(config, preset);
    if (!template) return undefined;
    const entry = startable(config, template);
    const message = await this.c.prompts.inputStep({
      title: `Cortex: Start Thread "${template.name}"`,
      step: 1,
      totalSteps: 2,
      placeholder: 'What the thread is to do, e.g. "Implement user authentication for the API"',
      prompt: `The request its first agent, ${entry.label}, gets (seed 002's user message).`,
      check: (v) => checkRequest(v),
    });
    if (message.kind !== 'accept') return undefined;
    const request = message.value.trim();
    const picked = await this.c.prompts.pickStep<AgentItem>({
      title: `Cortex: Start Thread "${template.name}"`,
      step: 2,
      totalSteps: 2,
      items: agentItems(this.c, team, request),
      placeholder: `The team agent who runs its first step, ${entry.label} (a task in its queue)`,
      matchOnDescription: true,
    });
    if (picked.kind !== 'accept') return undefined;
    return this.writeStart(template, entry, request, picked.value);
  }

  private async pickTemplate(config: ThreadTemplates, preset: string | undefined): Promise<TemplateDef | undefined> {
    if (preset !== undefined) {
      const t = config.templates.find((x) => x.name === preset);
      if (!t) throw new CortexInputError(`thread-templates.json has no template "${preset}"; nothing was started.`);
      return t;
    }
    if (config.templates.length === 0) throw new CortexInputError('thread-templates.json defines no templates; nothing was started.');
    const picked = await this.c.prompts.pickStep({
      title: 'Cortex: Start Thread',
      items: config.templates.map((t) => ({ label: t.name, description: `${t.agents.length} agents · entry ${t.entryAgent?.name ?? 'none'}`, detail: t.description ?? undefined, template: t })),
      placeholder: 'The template to start a thread from',
    });
    return picked.kind === 'accept' ? picked.value.template : undefined;
  }

  /** The task first (its id links the thread to it), then the record; both checked before anything is written. */
  private async writeStart(template: TemplateDef, entry: Entry, request: string, item: AgentItem): Promise<StartedThread | undefined> {
    const paths = this.threads.paths!;
    const id = newThreadId();
    const now = this.c.clock.date().toISOString();
    const base = { id, templateName: template.name, userMessage: request, entryAgent: entry.agent.name, entryStage: entry.stage, persistSession: entry.persistSession, now };
    const probe = startThreadOperation({ ...base, metadata: {} });
    const existing = await this.threads.readText(paths.threadsFile);
    if (existing !== undefined) probe.apply(existing, { exists: true }); // bad JSON or a taken id: refused before the task is written
    const artifact = artifactLocation({ artifactPath: `tmp/threads/${id}/artifact.md`, workspacePath: null }, paths.root);
    const title = `Thread ${id}: ${oneLine(request, 60)}`;
    const body = [
      `Run the first step of thread ${id} (template \`${template.name}\`) as its agent \`${entry.label}\`.`,
      '',
      `Request: ${request}`,
      '',
      `Write your work to the thread's artifact, ${artifact}. The thread record is ${id} in ${paths.threadsFile}.`,
    ].join('\n');
    const task = await dispatchNewTask(this.c, item.agent, title, body, { details: { thread: id }, quiet: true });
    if (!task) return undefined;
    const metadata = { scheduleTaskId: task.id, trigger: 'dashboard', teamAgent: item.agent.slug, ...(item.agent.projects.length === 1 ? { project: item.agent.projects[0] } : {}) };
    const event = () => teamEvents.threadStarted(DASHBOARD_ACTOR, this.feedPath(), id, template.name, { agent: item.agent.slug, file: task.tasksPath, title: task.title, id: task.id });
    try {
      await this.writeThreads('start a thread', startThreadOperation({ ...base, metadata }), event);
    } catch (e) {
      await this.c.prompts.error(writeFailureMessage(e, `the task "${task.title}" was dispatched to ${item.agent.name}, but the thread record was not written:`));
      return undefined;
    }
    void this.c.prompts.info(`Cortex: started thread ${id} (${template.name}); ${item.agent.name} runs its first step, ${entry.label}, from the task "${task.title}".`);
    return { id, taskId: task.id, agent: item.agent.slug };
  }

  private async runAddAgent(preset: string | undefined): Promise<string | undefined> {
    const config = await this.config();
    if (!config) return undefined;
    const thread = await this.pickThread(preset, (t) => t.status === 'completed' || t.status === 'waiting', 'completed or waiting', 'an agent can be added');
    if (!thread) return undefined;
    if (config.agents.length === 0) throw new CortexInputError('thread-templates.json defines no agents; nothing was added.');
    const picked = await this.c.prompts.pickStep({
      title: `Cortex: Add Agent to ${thread.id}`,
      step: 1,
      totalSteps: 2,
      items: config.agents.map((a) => ({ label: a.name, description: a.profile ?? undefined, detail: a.description ?? undefined, agent: a })),
      placeholder: 'The agent to add (it runs next)',
    });
    if (picked.kind !== 'accept') return undefined;
    const agent = picked.value;
    const message = await this.c.prompts.inputStep({
      title: `Cortex: Add ${agent.label} to ${thread.id}`,
      step: 2,
      totalSteps: 2,
      placeholder: 'e.g. "Please focus on security implications"',
      prompt: 'What it is to focus on (optional; Enter adds it).',
      check: (v) => checkRequest(v, true),
    });
    if (message.kind !== 'accept') return undefined;
    const op = addThreadAgentOperation({ threadId: thread.id, agent: agent.agent.name, persistSession: persists(agent.agent), message: message.value, now: this.c.clock.date().toISOString() });
    return this.writeAndSay(`add ${agent.label} to thread ${thread.id}`, op, (r) => teamEvents.threadAgentAdded(DASHBOARD_ACTOR, this.feedPath(), thread.id, agent.label, r.previous), `added ${agent.label} to thread ${thread.id}; it runs next.`, thread.id);
  }

  private async runCancel(preset: string | undefined): Promise<string | undefined> {
    if (!(await this.config())) return undefined;
    // Seed 002 cancels a running thread (one awaiting pickup included: its record says running).
    const thread = await this.pickThread(preset, (t) => t.status === 'running', 'running', 'it can be cancelled');
    if (!thread) return undefined;
    const sure = 'Cancel Thread';
    const answer = await this.c.prompts.warn(`Cancel thread ${thread.id} (${thread.templateName ?? 'auto thread'}, ${thread.status})? Its record says "cancelled"; its artifact stays.`, sure);
    if (answer !== sure) return undefined;
    const op = cancelThreadOperation({ threadId: thread.id, now: this.c.clock.date().toISOString() });
    const task = thread.scheduleTaskId ? this.c.store.team?.agents.flatMap((a) => a.tasks.map((t) => ({ a, t }))).find((x) => x.t.id === thread.scheduleTaskId) : undefined;
    const tail = task && task.t.status === 'ready' ? ` Its task "${task.t.title}" is still ready in ${task.a.name}'s queue: cancel it on the board if it should not run.` : '';
    return this.writeAndSay(`cancel thread ${thread.id}`, op, (r) => teamEvents.threadCancelled(DASHBOARD_ACTOR, this.feedPath(), thread.id, r.previous), `cancelled thread ${thread.id}.${tail}`, thread.id);
  }

  /** Seed 003's agent_cancel: confirm-required, a running agent only. */
  private async runCancelBackground(preset: string | undefined): Promise<string | undefined> {
    await this.threads.whenIdle();
    const running = this.threads.background.filter((a) => a.status === 'running');
    const agent = preset !== undefined ? this.threads.background.find((a) => a.id === preset) : await this.pickBackground(running);
    if (preset !== undefined && !agent) throw new CortexInputError(`${BACKGROUND_AGENTS_FILE} has no agent ${preset}; nothing was changed.`);
    if (!agent) return undefined;
    if (agent.status !== 'running') throw new CortexInputError(`Background agent ${agent.id} is ${agent.status}: only a running one can be cancelled. Nothing was changed.`);
    const sure = 'Cancel Agent';
    const answer = await this.c.prompts.warn(`Cancel background agent ${agent.role ?? agent.id} (level ${agent.level ?? '?'}): "${oneLine(agent.task ?? '', 80)}"? Its record says "cancelled"; the agent manager stops it.`, sure);
    if (answer !== sure) return undefined;
    const file = backgroundFile(this.threads.paths!.threadsFile);
    const op = cancelBackgroundOperation({ id: agent.id, now: this.c.clock.date().toISOString() });
    const event = (r: { role: string | null }) => teamEvents.backgroundCancelled(DASHBOARD_ACTOR, this.feedPath(file), agent.id, r.role);
    try {
      if ((await this.writeRecords(file, `cancel background agent ${agent.id}`, op, event)) === undefined) return undefined;
    } catch (e) {
      await this.c.prompts.error(writeFailureMessage(e, 'nothing was changed.'));
      return undefined;
    }
    void this.c.prompts.info(`Cortex: cancelled background agent ${agent.role ?? agent.id}.`);
    return agent.id;
  }

  private async pickBackground(running: readonly BackgroundAgent[]): Promise<BackgroundAgent | undefined> {
    if (running.length === 0) {
      await this.c.prompts.info('Cortex: no background agent is running.');
      return undefined;
    }
    const picked = await this.c.prompts.pickStep({
      title: 'Cortex: Cancel Background Agent',
      items: running.map((a) => ({ label: a.role ?? a.id, description: `level ${a.level ?? '?'} · ${a.id}`, detail: a.task ?? undefined, agent: a })),
      placeholder: 'A running background agent',
      matchOnDetail: true,
    });
    return picked.kind === 'accept' ? picked.value.agent : undefined;
  }

  private async pickThread(preset: string | undefined, ok: (t: ThreadRecord) => boolean, states: string, what: string): Promise<ThreadRecord | undefined> {
    const records = this.threads.records;
    if (preset !== undefined) {
      const t = records.find((x) => x.id === preset);
      if (!t) throw new CortexInputError(`threads.json has no thread ${preset}; nothing was changed.`);
      if (!ok(t)) throw new CortexInputError(`Thread ${t.id} is ${t.status}: only when it is ${states} ${what}. Nothing was changed.`);
      return t;
    }
    const candidates = records.filter(ok);
    if (candidates.length === 0) {
      await this.c.prompts.info(`Cortex: no thread is ${states}: only then ${what}.`);
      return undefined;
    }
    const picked = await this.c.prompts.pickStep({
      title: 'Cortex: Threads',
      items: candidates.map((t) => ({ label: t.id, description: `${t.status} · ${t.templateName ?? 'auto thread'}`, detail: t.userMessage ?? undefined, thread: t })),
      placeholder: `A ${states} thread`,
      matchOnDetail: true,
    });
    return picked.kind === 'accept' ? picked.value.thread : undefined;
  }

  private async writeAndSay<R>(what: string, op: TextOperation<R>, event: (r: R) => ActivityRecord, said: string, id: string): Promise<string | undefined> {
    try {
      const r = await this.writeThreads(what, op, event);
      if (r === undefined) return undefined;
    } catch (e) {
      await this.c.prompts.error(writeFailureMessage(e, 'nothing was changed.'));
      return undefined;
    }
    void this.c.prompts.info(`Cortex: ${said}`);
    return id;
  }

  private writeThreads<R>(what: string, op: TextOperation<R>, event: (r: R) => ActivityRecord): Promise<R | undefined> {
    return this.writeRecords(this.threads.paths!.threadsFile, what, op, event);
  }

  /** A record file (threads.json, background-agents.json) through the one writer (its folder, wherever the Cortex home is), then the Threads views read it again. */
  private async writeRecords<R>(file: string, what: string, op: TextOperation<R>, event: (r: R) => ActivityRecord): Promise<R | undefined> {
    const folder = vscode.Uri.file(path.posix.dirname(file));
    const name = path.posix.basename(file);
    try {
      return await this.c.writer.write({ what, paths: [name], folder, event }, async (fs, edit) => (await writeOperation(fs, name, op, { ifMissing: 'create', ...edit })).result);
    } finally {
      await this.threads.reload();
    }
  }

  /** A record file as the activity feed names it: team-relative inside the team folder, else its path. */
  private feedPath(file = this.threads.paths!.threadsFile): string {
    const root = this.c.store.location?.uri;
    if (root?.scheme === 'file') {
      const rel = path.relative(root.fsPath, file);
      if (!rel.startsWith('..') && !path.isAbsolute(rel)) return rel.split(path.sep).join('/');
    }
    return file;
  }
}

interface Entry {
  readonly agent: AgentDef;
  readonly stage: string | null;
  readonly persistSession: boolean;
  /** "planner", "coder:implement". */
  readonly label: string;
}

/** The template's first agent and stage (`entryStage`, else the agent's own), or why it cannot start. */
function startable(config: ThreadTemplates, t: TemplateDef): Entry {
  const name = t.entryAgent?.name;
  if (!name) throw new CortexInputError(`Template "${t.name}" has no entryAgent: it cannot start. Fix it in thread-templates.json; nothing was started.`);
  const agent = config.agents.find((a) => a.name === name);
  if (!agent) throw new CortexInputError(`Template "${t.name}" starts with "${name}", which "agents" does not define. Fix it in thread-templates.json; nothing was started.`);
  const stage = t.entryStage?.name ?? agent.entryStage?.name ?? (agent.stages.length > 0 ? agent.stages[0].name : null);
  return { agent, stage, persistSession: persists(agent), label: stage ? `${name}:${stage}` : name };
}

function persists(a: AgentDef): boolean {
  return a.persistSession ?? false;
}

function checkRequest(value: string, optional = false): InputFeedback {
  if (value.trim() === '') return optional ? {} : { error: 'Say what the thread is to do: its first agent gets it as the request.' };
  return ruleFeedback(() => checkUserText(value, 'request'));
}


/** A template name or thread id from a string or the Threads list's item (`{ kind, name }` / `{ kind, id }`). */
function itemArg(arg: unknown, kind: 'template' | 'thread' | 'background'): string | undefined {
  if (typeof arg === 'string' && arg !== '') return arg;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const o = arg as { kind?: unknown; name?: unknown; id?: unknown };
  if (o.kind !== kind) return undefined;
  const v = kind === 'template' ? o.name : o.id;
  return typeof v === 'string' && v !== '' ? v : undefined;
}
