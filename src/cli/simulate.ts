import { randomUUID } from 'crypto';
import { mkdirSync } from 'fs';
import * as path from 'path';
import { SIMULATED_MODEL, SimulatedTranscript } from '../core/agents/simulated-transcript';
import { CortexInputError } from '../core/edit/errors';
import { loadTeam } from '../core/team/team-index';
import { claudeProjectDirName } from '../core/transcripts/claude';
import type { Context } from './command';
import { PromptLines } from './prompt-lines';
import { SimulatedAgent } from './simulated-agent';
import { homeDir } from './team-dir';

/**
 * `cortex-team simulate`: a stand-in for a real agent CLI, for tests and for a first
 * look at the dashboard without a model. It is a worker that follows the protocol
 * through the same operations as `cortex-team claim / tick / complete / log` (the
 * core's agent actions), reports its turn state the way a real CLI's hooks do
 * (`.cortex/run/<slug>/<session>.json`), and writes its session log in Claude Code's format
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

const VERSION = 'cortex-team 0.1.0';

export async function runSimulation(ctx: Context, o: SimulateOptions): Promise<number> {
  const speed = o.speed === undefined ? 1 : Number(o.speed);
  if (!(speed > 0) || !Number.isFinite(speed)) throw new CortexInputError(`--speed should be a number above 0, not "${o.speed}".`);
  const team = await loadTeam(ctx.fs);
  const name = team.agents.find((a) => a.slug === o.agent)?.name ?? o.agent;
  const lines = new PromptLines(ctx);
  const agent = new SimulatedAgent({ ctx, slug: o.agent, name, speed, lines, ...sessionLog(ctx, o) });
  const stopOnSignal = onSignals((signal) => void agent.report('ended', signal, `Stopped (${signal}).`).finally(() => process.exit(130)));

  agent.say(`● ${name} — the Cortex stand-in agent (cortex-team simulate), speed ${speed}`);
  agent.say(`  Team: ${ctx.teamDir}  ·  working folder: ${ctx.io.cwd}`);
  agent.say(`  Session log: ${agent.logFile}`);
  agent.say('  Type a prompt and Enter; "/exit" ends the session.');

  let prompt = o.prompt;
  for (;;) {
    if (prompt !== undefined && prompt.trim() !== '') {
      if (/^\s*\/(exit|quit)\s*$/.test(prompt)) break;
      try {
        await agent.turn(prompt.trim());
      } catch (e) {
        const why = e instanceof Error ? e.message : String(e);
        agent.say(`  ✗ ${why}`);
        await agent.report('turn-finished', 'StopFailure', why);
      }
      if (o.exitWhenIdle && !(await agent.hasWork())) break;
    }
    prompt = await lines.next();
    if (prompt === undefined) break;
  }
  lines.close();
  stopOnSignal.dispose();
  await agent.report('ended', 'SessionEnd', 'The session ended.');
  agent.say(`● ${name}: session ended.`);
  return 0;
}

/** The session's id, clock and log in Claude Code's format (under `--transcripts` or `$CORTEX_HOME/simulate/projects`). */
function sessionLog(ctx: Context, o: SimulateOptions) {
  const cwd = ctx.io.cwd;
  const sessionId = randomUUID();
  const clock = () => (ctx.io.clock ? ctx.io.clock() : new Date());
  const cortexHome = ctx.io.env.CORTEX_HOME?.trim() || path.join(homeDir(ctx.io.env), '.cortex');
  const logDir = path.join(o.transcripts ? path.resolve(cwd, o.transcripts) : path.join(cortexHome, 'simulate', 'projects'), claudeProjectDirName(cwd));
  mkdirSync(logDir, { recursive: true });
  const log = new SimulatedTranscript({ sessionId, cwd, version: VERSION, model: o.model ?? SIMULATED_MODEL, id: (prefix) => `${prefix}_sim_${randomUUID().replace(/-/g, '').slice(0, 20)}` });
  return { sessionId, clock, log, logFile: path.join(logDir, `${sessionId}.jsonl`) };
}

/** Runs `stop` once on the first SIGINT, SIGTERM or SIGHUP, until disposed. */
function onSignals(stop: (signal: NodeJS.Signals) => void): { dispose(): void } {
  const signals: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    stop(signal);
  };
  for (const s of signals) process.once(s, handler);
  return { dispose: () => signals.forEach((s) => process.removeListener(s, handler)) };
}
