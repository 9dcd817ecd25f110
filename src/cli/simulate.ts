import { randomUUID } from 'crypto';
import { appendFileSync, mkdirSync, writeFileSync } from 'fs';
import * as path from 'path';
import * as readline from 'readline';
import { ActionContext, agentQueue, claimAction, completeAction, logAction, tickAction } from '../core/actions';
import { HookReport, TurnState, recordRunState } from '../core/agents/run-state';
import { SIMULATED_MODEL, SimulatedTranscript } from '../core/agents/simulated-transcript';
import { CortexInputError } from '../core/errors';
import { slugify } from '../core/ops/register';
import { TICK_PREFIX } from '../core/protocol-file/protocol';
import { loadTeam } from '../core/team-index';
import { agentTasksPath } from '../core/team-paths';
import { claudeProjectDirName } from '../core/transcripts/claude';
import type { Context } from './command';
import { homeDir } from './team-dir';

/**
 * `cortex-team simulate`: a stand-in for a real agent CLI, for tests and for a first
 * look at the dashboard without a model. It is a worker that follows the protocol
 * through the same operations as `cortex-team claim / tick / complete / log` (the
 * core's agent actions), reports its turn state the way a real CLI's hooks do
 * (`.cortex/run/<slug>.json`), and writes its session log in Claude Code's format
 * with token usage, so every part of the dashboard sees it as it would see a real
 * agent. It reads prompts from stdin, one a line, as the dashboard types them.
 */
export interface SimulateOptions {
  readonly agent: string;
  readonly prompt?: string;
  readonly speed?: string;
  readonly exitWhenIdle: boolean;
  readonly transcripts?: string;
  readonly model?: string;
}

/** Seconds a task takes at speed 1. */
const SECONDS_PER_TASK = 3;
/** At most this many tasks in one turn (a real agent's turn ends too). */
const TASKS_PER_TURN = 5;
const VERSION = 'cortex-team 0.1.0';

/** Lines from stdin, awaited one at a time; `undefined` once it has ended. */
class PromptLines {
  private readonly waiting: string[] = [];
  private wake: (() => void) | undefined;
  private ended = false;
  private readonly rl: readline.Interface | undefined;

  constructor(ctx: Context) {
    const stdin = ctx.io.stdin;
    if (!stdin) {
      this.ended = true;
      return;
    }
    const rl = (this.rl = readline.createInterface({ input: stdin, terminal: false, crlfDelay: Infinity }));
    rl.on('line', (line) => {
      this.waiting.push(line);
      this.wake?.();
    });
    rl.on('close', () => {
      this.ended = true;
      this.wake?.();
    });
  }

  /** Stops reading: a terminal's stdin would otherwise keep the process alive after the session. */
  close(): void {
    this.rl?.close();
  }

  async next(): Promise<string | undefined> {
    for (;;) {
      const line = this.waiting.shift();
      if (line !== undefined) return line;
      if (this.ended) return undefined;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }
}

export async function runSimulation(ctx: Context, o: SimulateOptions): Promise<number> {
  const speed = o.speed === undefined ? 1 : Number(o.speed);
  if (!(speed > 0) || !Number.isFinite(speed)) throw new CortexInputError(`--speed should be a number above 0, not "${o.speed}".`);
  const team = await loadTeam(ctx.fs);
  const me = team.agents.find((a) => a.slug === o.agent);
  const name = me?.name ?? o.agent;
  const say = (line: string) => ctx.io.stdout(`${line}\n`);
  const clock = () => (ctx.io.clock ? ctx.io.clock() : new Date());
  const actions: ActionContext = { fs: ctx.fs, edit: ctx.edit, via: 'cli', clock };
  const cwd = ctx.io.cwd;
  const sessionId = randomUUID();
  const cortexHome = ctx.io.env.CORTEX_HOME?.trim() || path.join(homeDir(ctx.io.env), '.cortex');
  const logDir = path.join(o.transcripts ? path.resolve(cwd, o.transcripts) : path.join(cortexHome, 'simulate', 'projects'), claudeProjectDirName(cwd));
  const logFile = path.join(logDir, `${sessionId}.jsonl`);
  mkdirSync(logDir, { recursive: true });
  const log = new SimulatedTranscript({ sessionId, cwd, version: VERSION, model: o.model ?? SIMULATED_MODEL, id: (prefix) => `${prefix}_sim_${randomUUID().replace(/-/g, '').slice(0, 20)}` });
  const write = (line: string) => appendFileSync(logFile, line + '\n');
  const pause = (share: number) => new Promise((resolve) => setTimeout(resolve, (SECONDS_PER_TASK * 1000 * share) / speed));
  const report = async (state: TurnState, event: string, message: string | null) => {
    const r: HookReport = { state, event, source: 'simulate', message, session: sessionId, transcript: logFile };
    try {
      await recordRunState(ctx.fs, o.agent, r, clock(), ctx.edit);
    } catch (e) {
      say(`(could not record the turn state: ${e instanceof Error ? e.message : String(e)})`);
    }
  };
  const lines = new PromptLines(ctx);
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    void report('ended', signal, `Stopped (${signal}).`).finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);

  say(`● ${name} — the Cortex stand-in agent (cortex-team simulate), speed ${speed}`);
  say(`  Team: ${ctx.teamDir}  ·  working folder: ${cwd}`);
  say(`  Session log: ${logFile}`);
  say('  Type a prompt and Enter; "/exit" ends the session.');

  /** One turn: what a worker does with a prompt. */
  const turn = async (prompt: string): Promise<void> => {
    const tasksFile = path.join(ctx.teamDir, ...agentTasksPath(o.agent).split('/'));
    if (prompt.trimStart().startsWith(TICK_PREFIX)) {
      const queue = (await agentQueue(actions, { agent: o.agent })).data;
      if (queue.inProgress.length === 0 && !queue.next) {
        // What the project's idle check does with a tick while there is no work.
        say(`Cortex: idle tick skipped, no ready or in-progress task in ${tasksFile}`);
        return;
      }
    }
    say(`\n> ${prompt}`);
    await report('working', 'UserPromptSubmit', null);
    write(log.prompt(clock(), prompt));
    const read = log.tool(clock(), 'Read', { file_path: tasksFile }, prompt.length);
    write(read.line);
    const before = await agentQueue(actions, { agent: o.agent });
    write(log.result(clock(), read.id, before.message));
    let done = 0;
    let last = 'No ready task: nothing to do.';
    for (let n = 0; n < TASKS_PER_TURN; n++) {
      const queue = (await agentQueue(actions, { agent: o.agent })).data;
      let task = queue.inProgress[0];
      if (!task) {
        if (!queue.next) break;
        const claimed = await claimAction(actions, { agent: o.agent });
        task = claimed.data.task;
        say(`  ${claimed.message}`);
        const c = log.tool(clock(), 'mcp__cortex__claim_task', {}, 400);
        write(c.line);
        write(log.result(clock(), c.id, claimed.message));
      } else say(`  Continuing "${task.title}" (in progress since ${task.started ?? 'earlier'}).`);
      const ticked = await tickAction(actions, { agent: o.agent });
      say(`  ${ticked.message}`);
      const t = log.tool(clock(), 'mcp__cortex__tick', {}, 200);
      write(t.line);
      write(log.result(clock(), t.id, ticked.message));

      say(`  Working on "${task.title}"…`);
      await pause(0.4);
      const file = path.join('cortex-simulate', `${slugify(task.title) || 'task'}.md`);
      const content = `# ${task.title}\n\nWorked on by ${name} (the Cortex stand-in agent) at ${clock().toISOString()}.\n\n${task.body.trim()}\n`;
      const edit = log.tool(clock(), 'Write', { file_path: path.join(cwd, file), content }, task.body.length + 600);
      write(edit.line);
      mkdirSync(path.join(cwd, 'cortex-simulate'), { recursive: true });
      writeFileSync(path.join(cwd, file), content);
      write(log.result(clock(), edit.id, `File created successfully at: ${path.join(cwd, file)}`));
      say(`  Wrote ${file}`);
      await pause(0.4);

      if (/\[ask\]/i.test(`${task.title}\n${task.body}`)) {
        const question = `Finish "${task.title}"? Type yes to complete it, anything else to leave it in progress.`;
        say(`\n? ${question}`);
        write(log.say(clock(), question, 800));
        await report('needs-input', 'Notification', `${name} asks: ${question}`);
        const answer = await lines.next();
        if (answer === undefined) return;
        write(log.prompt(clock(), answer));
        await report('working', 'UserPromptSubmit', null);
        if (!/^\s*y(es)?\s*$/i.test(answer)) {
          last = `Left "${task.title}" in progress, as asked.`;
          say(`  ${last}`);
          break;
        }
      }

      const bash = log.tool(clock(), 'Bash', { command: `test -f ${file} && echo checked`, description: 'Check the result' }, 300);
      write(bash.line);
      write(log.result(clock(), bash.id, 'checked'));
      await pause(0.2);
      const summary = `Stand-in run by cortex-team simulate: wrote ${file} in ${cwd}.`;
      const completed = await completeAction(actions, { agent: o.agent, summary });
      say(`  ${completed.message}`);
      const c = log.tool(clock(), 'mcp__cortex__complete_task', { summary }, 500);
      write(c.line);
      write(log.result(clock(), c.id, completed.message));
      try {
        const entry = await logAction(actions, { actor: o.agent, type: 'task.completed', subject: task.title, body: summary });
        say(`  ${entry.message}`);
      } catch (e) {
        say(`  (no worklog entry: ${e instanceof Error ? e.message : String(e)})`);
      }
      done++;
      last = `Completed "${task.title}".`;
    }
    const reply = done > 1 ? `Completed ${done} tasks. ${last}` : last;
    write(log.say(clock(), reply, 1200));
    say(`● ${reply}`);
    await report('turn-finished', 'Stop', reply);
  };

  const hasWork = async () => {
    const q = (await agentQueue(actions, { agent: o.agent })).data;
    return q.inProgress.length > 0 || q.next !== null;
  };

  let prompt = o.prompt;
  for (;;) {
    if (prompt !== undefined && prompt.trim() !== '') {
      if (/^\s*\/(exit|quit)\s*$/.test(prompt)) break;
      try {
        await turn(prompt.trim());
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        say(`  ✗ ${why}`);
        await report('turn-finished', 'StopFailure', why);
      }
      if (o.exitWhenIdle && !(await hasWork())) break;
    }
    prompt = await lines.next();
    if (prompt === undefined) break;
  }
  lines.close();
  process.removeListener('SIGINT', stop);
  process.removeListener('SIGTERM', stop);
  process.removeListener('SIGHUP', stop);
  await report('ended', 'SessionEnd', 'The session ended.');
  say(`● ${name}: session ended.`);
  return 0;
}
