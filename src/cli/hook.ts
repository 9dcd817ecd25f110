import * as path from 'path';
import { GEMINI_RUN_ID_ENV, HOOK_SOURCES } from '../core/agents/launch-command';
import { interpretHook, recordRunState } from '../core/agents/run-state';
import { NodeTeamFs } from '../core/fs/node-fs';
import { parseTaskFile } from '../core/parse/tasks';
import { TICK_PREFIX } from '../core/protocol-file/protocol';
import { agentTasksPath } from '../core/team/team-paths';
import { isOpenStatus } from '../base/task-status';

/**
 * `cortex-team hook`: what every agent CLI's hooks run to report a turn state (see
 * core/agents/run-state.ts). The CLI waits for each call, so it is its own
 * entry point (dist/hook.js, which dist/cli.js hands `hook` to before loading
 * anything else): it reads the payload, writes one file under `.cortex/run/` with no
 * lock and no settle window, and exits. It never blocks the agent: a payload it
 * cannot read changes nothing and exits 0; any other failure exits 1 (never 2, which
 * Claude Code reads as "block this").
 */
export const HOOK_SYNOPSIS = 'hook --agent SLUG [--source CLI] [--run ID] [--team DIR] [PAYLOAD]';
export const HOOK_SUMMARY =
  "Record an agent's turn state (working, needs input, turn finished, ended) from its CLI's hook payload, in .cortex/run/<slug>/<session>.json for the dashboard (a payload with no session id records nothing). --run (else $CORTEX_RUN_ID) names the dashboard's terminal the session runs in. The payload is the JSON the CLI passes on stdin, or as the last argument (Codex's notify). Fast and never blocks the agent: no lock, no settle window; a payload it cannot read changes nothing (exit 0); any other failure exits 1.";

export interface HookIo {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  readonly stdin?: NodeJS.ReadableStream & { readonly isTTY?: boolean };
  stdout(text: string): void;
  stderr(text: string): void;
  readonly clock?: () => Date;
}

/** How long the hook waits for its payload on stdin to end before using what came. */
const STDIN_WAIT_MS = 5000;
const STDIN_LIMIT = 1 << 20;
const SLUG = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

interface HookArgs {
  readonly agent?: string;
  readonly source: string;
  readonly team?: string;
  readonly run?: string;
  readonly payload?: string;
  readonly help: boolean;
}

class HookUsage extends Error {}

function parseHookArgs(args: readonly string[]): HookArgs {
  const values: Record<string, string> = {};
  const rest: string[] = [];
  let help = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--help' || a === '-h') help = true;
    else if (a === '--') rest.push(...args.slice(i + 1, (i = args.length)));
    else if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
      if (!['agent', 'source', 'team', 'run'].includes(name)) throw new HookUsage(`unknown option --${name} (${HOOK_SYNOPSIS})`);
      const value = eq < 0 ? args[++i] : a.slice(eq + 1);
      if (value === undefined) throw new HookUsage(`--${name} needs a value`);
      values[name] = value;
    } else rest.push(a);
  }
  if (rest.length > 1) throw new HookUsage(`one payload at most, not ${rest.length} arguments`);
  return { agent: values.agent, source: values.source ?? 'claude-code', team: values.team, run: values.run, payload: rest[0], help };
}

/** Reads stdin to its end, or until what came is a whole JSON value (at most 1 MB; nothing from a terminal). */
function readStdin(io: HookIo): Promise<string> {
  const stdin = io.stdin;
  if (!stdin || stdin.isTTY) return Promise.resolve('');
  return new Promise((resolve) => {
    let text = '';
    const done = () => {
      clearTimeout(timer);
      stdin.removeListener('data', onData);
      stdin.removeListener('end', done);
      stdin.removeListener('error', done);
      stdin.pause();
      resolve(text);
    };
    const onData = (chunk: Buffer | string) => {
      text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
      // A CLI that keeps stdin open after the payload is not waited for.
      if (text.length > STDIN_LIMIT || isJson(text)) done();
    };
    const timer = setTimeout(done, STDIN_WAIT_MS);
    stdin.on('data', onData);
    stdin.once('end', done);
    stdin.once('error', done);
    stdin.resume();
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** The team folder: `--team`, else `CORTEX_TEAM_DIR`, else the config file and the default, as every verb finds it. */
async function teamDirOf(a: HookArgs, io: HookIo): Promise<string> {
  if (a.team !== undefined && a.team.trim() !== '') return path.resolve(io.cwd, a.team);
  // Only a hook run by hand gets here (the generated wiring names the team): the config reader loads then.
  const { loadCliConfig, resolveTeamDir } = await import('./team-dir');
  return resolveTeamDir(a.team, io, await loadCliConfig(io)).dir;
}

/** A `Cortex tick:` prompt that the idle check will drop (no ready or in-progress task): no turn follows it. */
async function isDroppedTick(fs: NodeTeamFs, agent: string, payload: unknown): Promise<boolean> {
  const p = payload as { prompt?: unknown };
  if (typeof p?.prompt !== 'string' || !p.prompt.trimStart().startsWith(TICK_PREFIX)) return false;
  let text: string;
  try {
    text = new TextDecoder().decode(await fs.readFile(agentTasksPath(agent)));
  } catch {
    return false;
  }
  return !parseTaskFile(text, agentTasksPath(agent)).tasks.some((t) => isOpenStatus(t.status));
}

/** Runs `hook` with its arguments (after the verb); the exit code. */
export async function runHook(args: readonly string[], io: HookIo): Promise<number> {
  try {
    const a = parseHookArgs(args);
    if (a.help) {
      io.stdout(`cortex-team ${HOOK_SYNOPSIS}\n\n${HOOK_SUMMARY}\n\n--source: ${HOOK_SOURCES.join(', ')} (default: claude-code)\n`);
      return 0;
    }
    if (!a.agent) throw new HookUsage('--agent SLUG is required');
    if (!SLUG.test(a.agent)) throw new HookUsage(`"${a.agent}" is not an agent's folder name`);
    const fs = new NodeTeamFs(await teamDirOf(a, io));
    if ((await fs.stat(`agents/${a.agent}`))?.kind !== 'directory') throw new HookUsage(`there is no agent "${a.agent}" in ${fs.root} (no agents/${a.agent}/ folder)`);
    const raw = a.payload ?? (await readStdin(io));
    let payload: unknown = {};
    if (raw.trim() !== '') {
      try {
        payload = JSON.parse(raw);
      } catch {
        io.stderr('cortex-team hook: the payload is not JSON; nothing recorded.\n');
        return 0;
      }
    }
    const report = interpretHook(a.source, payload);
    // Nothing to record (no state, or no session to record it for), or a tick the idle check drops before any turn starts.
    if (!report?.session || (report.state === 'working' && (await isDroppedTick(fs, a.agent, payload)))) return 0;
    const run = a.run ?? (io.env.CORTEX_RUN_ID?.trim() || io.env[GEMINI_RUN_ID_ENV]?.trim() || null);
    await recordRunState(fs, a.agent, { ...report, run }, io.clock ? io.clock() : new Date());
    return 0;
  } catch (e) {
    io.stderr(`cortex-team hook: ${e instanceof Error ? e.message : String(e)}; nothing recorded.\n`);
    return 1;
  }
}
