import { appendFileSync, mkdirSync, writeFileSync } from 'fs';
import * as path from 'path';
import { ActionContext } from '../core/actions/context';
import { TaskWithBody, agentQueue, claimAction, completeAction, tickAction } from '../core/actions/tasks';
import { logAction } from '../core/actions/worklog';
import { HookReport, TurnState, recordRunState } from '../core/agents/run-state';
import { SimulatedTranscript } from '../core/agents/simulated-transcript';
import { slugify } from '../core/ops/register';
import { TICK_PREFIX } from '../core/protocol-file/protocol';
import { taskReferenceLine } from '../core/review/task-reference';
import { gitMessage } from '../git/repo';
import { runGit } from '../git/run-git';
import { agentTasksPath } from '../core/team/team-paths';
import type { Context } from './command';
import type { PromptLines } from './prompt-lines';

/** Seconds a task takes at speed 1. */
const SECONDS_PER_TASK = 3;
/** At most this many tasks in one turn (a real agent's turn ends too). */
const TASKS_PER_TURN = 5;

export interface SimulatedAgentSetup {
  readonly ctx: Context;
  readonly slug: string;
  readonly name: string;
  readonly speed: number;
  readonly sessionId: string;
  readonly logFile: string;
  readonly log: SimulatedTranscript;
  readonly lines: PromptLines;
  readonly clock: () => Date;
}

/** What one task's step ended with: go on to the next task, or end the turn with a reply. */
type StepEnd = { readonly next: true } | { readonly next: false; readonly last?: string };

/**
 * One stand-in agent session: what a worker does with each prompt, through the core's
 * agent actions, with its turn state reported and each step written to the session log.
 */
export class SimulatedAgent {
  private readonly actions: ActionContext;

  constructor(private readonly s: SimulatedAgentSetup) {
    this.actions = { fs: s.ctx.fs, edit: s.ctx.edit, via: 'cli', clock: s.clock };
  }

  get logFile(): string {
    return this.s.logFile;
  }

  say(line: string): void {
    this.s.ctx.io.stdout(`${line}\n`);
  }

  async report(state: TurnState, event: string, message: string | null): Promise<void> {
    const r: HookReport = { state, event, source: 'simulate', message, session: this.s.sessionId, transcript: this.s.logFile, run: this.s.ctx.io.env.CORTEX_RUN_ID?.trim() || null };
    try {
      await recordRunState(this.s.ctx.fs, this.s.slug, r, this.s.clock());
    } catch (e) {
      this.say(`(could not record the turn state: ${e instanceof Error ? e.message : String(e)})`);
    }
  }

  async hasWork(): Promise<boolean> {
    const q = (await this.queue()).data;
    return q.inProgress.length > 0 || q.next !== null;
  }

  /** One turn: what a worker does with a prompt. */
  async turn(prompt: string): Promise<void> {
    const tasksFile = path.join(this.s.ctx.teamDir, ...agentTasksPath(this.s.slug).split('/'));
    if (prompt.trimStart().startsWith(TICK_PREFIX) && !(await this.hasWork())) {
      // What the project's idle check does with a tick while there is no work.
      this.say(`Cortex: idle tick skipped, no ready or in-progress task in ${tasksFile}`);
      return;
    }
    this.say(`\n> ${prompt}`);
    await this.report('working', 'UserPromptSubmit', null);
    this.write(this.s.log.prompt(this.s.clock(), prompt));
    const before = await this.queue();
    this.tool('Read', { file_path: tasksFile }, prompt.length, before.message);
    let done = 0;
    let last = 'No ready task: nothing to do.';
    for (let n = 0; n < TASKS_PER_TURN; n++) {
      const task = await this.takeTask();
      if (!task) break;
      const end = await this.workOn(task);
      if (!end.next) {
        if (end.last === undefined) return;
        last = end.last;
        break;
      }
      done++;
      last = `Completed "${task.title}".`;
    }
    const reply = done > 1 ? `Completed ${done} tasks. ${last}` : last;
    this.write(this.s.log.say(this.s.clock(), reply, 1200));
    this.say(`● ${reply}`);
    await this.report('turn-finished', 'Stop', reply);
  }

  /** The task in progress, or the next ready one claimed; `undefined` when there is none. */
  private async takeTask(): Promise<TaskWithBody | undefined> {
    const queue = (await this.queue()).data;
    const current = queue.inProgress[0];
    if (current) {
      this.say(`  Continuing "${current.title}" (in progress since ${current.started ?? 'earlier'}).`);
      return current;
    }
    if (!queue.next) return undefined;
    const claimed = await claimAction(this.actions, { agent: this.s.slug });
    this.say(`  ${claimed.message}`);
    this.tool('mcp__cortex__claim_task', {}, 400, claimed.message);
    return claimed.data.task;
  }

  /** Ticks, writes the task's file, asks when the task says `[ask]`, and completes it. */
  private async workOn(task: TaskWithBody): Promise<StepEnd> {
    const ticked = await tickAction(this.actions, { agent: this.s.slug });
    this.say(`  ${ticked.message}`);
    this.tool('mcp__cortex__tick', {}, 200, ticked.message);
    this.say(`  Working on "${task.title}"…`);
    await this.pause(0.4);
    const file = this.writeResult(task);
    await this.pause(0.4);
    if (/\[ask\]/i.test(`${task.title}\n${task.body}`)) {
      const answer = await this.askToFinish(task);
      if (answer === undefined) return { next: false };
      if (!/^\s*y(es)?\s*$/i.test(answer)) {
        const last = `Left "${task.title}" in progress, as asked.`;
        this.say(`  ${last}`);
        return { next: false, last };
      }
    }
    this.tool('Bash', { command: `test -f ${file} && echo checked`, description: 'Check the result' }, 300, 'checked');
    await this.pause(0.2);
    const commit = await this.commitResult(task, file);
    await this.complete(task, file, commit);
    return { next: true };
  }

  /** The work itself: a file in the working folder; returns its relative path. */
  private writeResult(task: TaskWithBody): string {
    const cwd = this.s.ctx.io.cwd;
    const file = path.join('cortex-simulate', `${slugify(task.title) || 'task'}.md`);
    const content = `# ${task.title}\n\nWorked on by ${this.s.name} (the Cortex stand-in agent) at ${this.s.clock().toISOString()}.\n\n${task.body.trim()}\n`;
    const edit = this.s.log.tool(this.s.clock(), 'Write', { file_path: path.join(cwd, file), content }, task.body.length + 600);
    this.write(edit.line);
    mkdirSync(path.join(cwd, 'cortex-simulate'), { recursive: true });
    writeFileSync(path.join(cwd, file), content);
    this.write(this.s.log.result(this.s.clock(), edit.id, `File created successfully at: ${path.join(cwd, file)}`));
    this.say(`  Wrote ${file}`);
    return file;
  }

  /** Waits for the person's answer as a real CLI does (turn state "needs input"); `undefined` when stdin ended. */
  private async askToFinish(task: TaskWithBody): Promise<string | undefined> {
    const question = `Finish "${task.title}"? Type yes to complete it, anything else to leave it in progress.`;
    this.say(`\n? ${question}`);
    this.write(this.s.log.say(this.s.clock(), question, 800));
    await this.report('needs-input', 'Notification', `${this.s.name} asks: ${question}`);
    const answer = await this.s.lines.next();
    if (answer === undefined) return undefined;
    this.write(this.s.log.prompt(this.s.clock(), answer));
    await this.report('working', 'UserPromptSubmit', null);
    return answer;
  }

  /**
   * Commits the result as the protocol teaches real agents: only that file (whatever
   * else the person staged stays staged), the message ending with a `Cortex-Task:` line,
   * so review finds the task's commit. In a folder that is not a git work tree, or where
   * git refuses (no identity…), it says so and goes on: the task is still done.
   */
  private async commitResult(task: TaskWithBody, file: string): Promise<string | null> {
    const cwd = this.s.ctx.io.cwd;
    const inside = await runGit(cwd, ['rev-parse', '--is-inside-work-tree']).catch(() => null);
    if (!inside || inside.code !== 0 || inside.stdout.trim() !== 'true') {
      this.say('  (not committed: the working folder is not in a git repository)');
      return null;
    }
    const message = `${task.title}\n\nWritten by the Cortex stand-in agent.\n\n${taskReferenceLine(this.s.slug, task.title)}\n`;
    const added = await runGit(cwd, ['add', '--', file]);
    const committed = added.code === 0 ? await runGit(cwd, ['commit', '--quiet', '--only', '-F', '-', '--', file], { input: message }) : added;
    const result = committed.code === 0 ? (await runGit(cwd, ['rev-parse', '--short', 'HEAD'])).stdout.trim() : `not committed: ${gitMessage(committed)}`;
    this.tool('Bash', { command: `git add -- ${file} && git commit -F - -- ${file}`, description: 'Commit the result, naming the task' }, 300, result);
    if (committed.code !== 0) {
      this.say(`  (${result})`);
      return null;
    }
    this.say(`  Committed ${file} as ${result} (${taskReferenceLine(this.s.slug, task.title)})`);
    return result;
  }

  private async complete(task: TaskWithBody, file: string, commit: string | null): Promise<void> {
    const summary = `Stand-in run by cortex-team simulate: wrote ${file} in ${this.s.ctx.io.cwd}${commit ? `, committed as ${commit}` : ''}.`;
    const completed = await completeAction(this.actions, { agent: this.s.slug, summary });
    this.say(`  ${completed.message}`);
    this.tool('mcp__cortex__complete_task', { summary }, 500, completed.message);
    try {
      const entry = await logAction(this.actions, { actor: this.s.slug, type: 'task.completed', subject: task.title, body: summary });
      this.say(`  ${entry.message}`);
    } catch (e) {
      this.say(`  (no worklog entry: ${e instanceof Error ? e.message : String(e)})`);
    }
  }

  private queue() {
    return agentQueue(this.actions, { agent: this.s.slug });
  }

  /** A tool call and its result in the session log. */
  private tool(name: string, input: Record<string, unknown>, size: number, result: string): void {
    const call = this.s.log.tool(this.s.clock(), name, input, size);
    this.write(call.line);
    this.write(this.s.log.result(this.s.clock(), call.id, result));
  }

  private write(line: string): void {
    appendFileSync(this.s.logFile, line + '\n');
  }

  private pause(share: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, (SECONDS_PER_TASK * 1000 * share) / this.s.speed));
  }
}
