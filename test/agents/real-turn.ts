import * as assert from 'assert';
import { execFile } from 'child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import * as path from 'path';
import { promisify } from 'util';
import { hookShellCommand, launchLine } from '../../src/core/agents/launch-command';
import { RunState, parseRunState } from '../../src/core/agents/run-state';
import { ActivityEvent, parseActivity } from '../../src/core/actions/activity';
import { CortexCommand, cortexLaunch } from '../../src/core/mcp-wiring/launch';
import { WiringFilePlan, planAgentTrust, planMcpWiring } from '../../src/core/mcp-wiring/plan';
import { PROTOCOL_TEMPLATE_DIR, ProtocolContext, ProtocolRuntime, loadProtocolTemplates, planProtocolFiles } from '../../src/core/protocol-file/protocol';
import { ModelPrice } from '../../src/core/transcripts/cost';
import { TokenUsage } from '../../src/core/transcripts/transcript';
import { AgentCliRun, runAgentCli } from '../harness/agent-cli';
import { waitFor } from '../harness/wait-for';
import { ScriptedServer, ScriptedTurn, heldTurn, startAnthropicServer } from '../harness/model-servers/anthropic-messages';
import { startGeminiServer } from '../harness/model-servers/gemini-generate';
import { startResponsesServer } from '../harness/model-servers/openai-responses';
import { AGENT, BIN, CLI, ROOT, scratchTeam } from './scratch-team';

/**
 * Whole headless turns of the real agent CLIs, offline: a scratch team (one agent, one
 * ready task), its project wired by our own generators exactly as Generate Protocol
 * File writes it (the protocol files with the state hooks, then the MCP wiring on top,
 * then the trust step in a scratch HOME), and a scripted model server on loopback
 * (test/harness/model-servers) that the CLI is pointed at. The three CLIs' runs start
 * together the first time any test asks for one (`realTurn`), so the suite's wall time
 * is about the slowest CLI's, not their sum.
 */
export type RealCli = 'claude' | 'codex' | 'gemini';

export interface TurnPlace {
  readonly root: string;
  readonly team: string;
  readonly project: string;
  readonly home: string;
}

export interface RealTurn {
  readonly cli: RealCli;
  readonly place: TurnPlace;
  readonly server: ScriptedServer<unknown>;
  readonly run: AgentCliRun;
  /** The model the CLI was told to use (the scripted servers echo it; the price table prices it). */
  readonly model: string;
}

export const RUNTIME: Record<RealCli, ProtocolRuntime> = { claude: 'claude-code', codex: 'codex', gemini: 'gemini' };

/** The models the runs name: ones the default price table prices. */
export const MODEL: Record<RealCli, string> = { claude: 'claude-sonnet-4-5', codex: 'gpt-5-mini', gemini: 'gemini-2.5-flash' };

const cortex: CortexCommand = { kind: 'node', cliPath: CLI };

/** How each CLI names a Cortex MCP tool when the model calls it. */
export function cortexTool(cli: RealCli, tool: string): string {
  return cli === 'gemini' ? `mcp_cortex_${tool}` : `mcp__cortex__${tool}`;
}

/** The model claims the next task, completes it, then says so. */
export function claimAndComplete(cli: RealCli): ScriptedTurn[] {
  return [
    { kind: 'tools', calls: [{ name: cortexTool(cli, 'claim_task'), input: {} }] },
    { kind: 'tools', calls: [{ name: cortexTool(cli, 'complete_task'), input: { summary: 'Credit notes done (scripted).' } }] },
    { kind: 'text', text: 'Claimed and completed Credit notes.' },
  ];
}

function writePlans(base: string, plans: readonly { path: string; after: string }[]): void {
  for (const p of plans) {
    const file = path.join(base, p.path);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, p.after, { mode: p.path.endsWith('.sh') ? 0o755 : 0o644 });
  }
}

const reader = (base: string) => (rel: string) => {
  const file = path.join(base, rel);
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
};

/**
 * What Generate Protocol File → Write and Trust the Folder writes for `runtime`: the
 * protocol files with the state hooks, the MCP wiring layered on the files they wrote,
 * and the trust step in HOME (on top of what HOME already holds).
 */
export async function generate(runtime: ProtocolRuntime, place: TurnPlace): Promise<void> {
  const templates = await loadProtocolTemplates(async (name) => readFileSync(path.join(ROOT, PROTOCOL_TEMPLATE_DIR, name), 'utf8'));
  const ctx: ProtocolContext = {
    agentName: 'Billing Dev',
    agentSlug: AGENT,
    teamDir: place.team,
    project: place.project,
    heartbeatMinutes: 10,
    staleAfterMinutes: 20,
    dailyBriefing: '09:00',
    dailyReview: '18:00',
    stateHooks: { claudeCode: hookShellCommand(cortex, place.team, AGENT, 'claude-code'), gemini: hookShellCommand(cortex, place.team, AGENT, 'gemini') },
  };
  writePlans(place.project, planProtocolFiles(runtime, 'worker', ctx, templates, reader(place.project)));
  const wiring: WiringFilePlan[] = planMcpWiring(runtime, cortexLaunch(cortex, place.team, AGENT), reader(place.project));
  writePlans(place.project, wiring);
  writePlans(place.home, planAgentTrust(runtime, place.project, reader(place.home)));
}

/**
 * What only the offline runs need, before the trust step (which keeps it): the CLI
 * pointed at the scripted server, and no retries of a failed model request (a retry
 * waits for a back-off; the overload test wants the CLI's answer to the failure).
 */
function pointAtServer(cli: RealCli, home: string, url: string): Record<string, string> {
  switch (cli) {
    case 'claude':
      return { ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'sk-ant-scripted-0000000000000000000000', CLAUDE_CODE_MAX_RETRIES: '0' };
    case 'codex':
      mkdirSync(path.join(home, '.codex'), { recursive: true });
      writeFileSync(
        path.join(home, '.codex', 'config.toml'),
        [
          `model = "${MODEL.codex}"`,
          'model_provider = "scripted"',
          '',
          '[model_providers.scripted]',
          'name = "scripted"',
          `base_url = "${url}/v1"`,
          'env_key = "SCRIPTED_API_KEY"',
          'wire_api = "responses"',
          'request_max_retries = 0',
          'stream_max_retries = 0',
          '',
        ].join('\n'),
      );
      return { SCRIPTED_API_KEY: 'scripted' };
    case 'gemini':
      mkdirSync(path.join(home, '.gemini'), { recursive: true });
      writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } }, general: { maxAttempts: 1 } }, null, 2));
      return { GOOGLE_GEMINI_BASE_URL: url, GEMINI_API_KEY: 'scripted' };
  }
}

/**
 * A \`node\` first on the CLI's PATH that runs the real one and, after each \`cortex-team
 * hook\` call (the state hooks and Codex's notify name \`node\`), appends the run states
 * the call left to \`hooks.jsonl\`: the sequence of reports, which the state file alone
 * (the newest report) does not keep. The CLI waits for each hook call, so no report is
 * missed. Everything else goes straight to the real node.
 */
function hookRecorder(place: TurnPlace): { path: string; log: string } {
  const dir = path.join(place.root, 'bin');
  const log = path.join(place.root, 'hooks.jsonl');
  mkdirSync(dir, { recursive: true });
  const shim = [
    '#!/bin/sh',
    `if [ "$2" = hook ]; then`,
    `  ${shellQuote(process.execPath)} "$@"; code=$?`,
    `  for f in ${shellQuote(path.join(place.team, '.cortex', 'run', AGENT))}/*.json; do [ -f "$f" ] && tr -d '\\n' < "$f" && echo; done >> ${shellQuote(log)}`,
    '  exit $code',
    'fi',
    `exec ${shellQuote(process.execPath)} "$@"`,
    '',
  ].join('\n');
  writeFileSync(path.join(dir, 'node'), shim, { mode: 0o755 });
  return { path: `${dir}${path.delimiter}${process.env.PATH ?? ''}`, log };
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/** The run states recorded after each hook call, in order. */
export function hookReports(turn: { readonly place: TurnPlace }): RunState[] {
  const file = path.join(turn.place.root, 'hooks.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => parseRunState(l, AGENT))
    .filter((s): s is RunState => s !== null);
}

function startServer(cli: RealCli, script: readonly ScriptedTurn[]): Promise<ScriptedServer<unknown>> {
  return cli === 'claude' ? startAnthropicServer(script) : cli === 'codex' ? startResponsesServer(script) : startGeminiServer(script);
}

const PROMPT = 'Cortex tick: claim your next ready task and complete it.';

/** The headless command line: a prompt, a JSON answer where the CLI has one; Codex's notify from our own launch line. */
function headlessArgs(cli: RealCli, place: TurnPlace): string[] {
  switch (cli) {
    case 'claude':
      return ['-p', PROMPT, '--output-format', 'json', '--model', MODEL.claude];
    case 'codex': {
      const line = launchLine({ cli: 'codex', command: null, args: [], env: {}, worktree: null, heartbeat: null }, { slug: AGENT, teamDir: place.team, cortex, firstPrompt: PROMPT });
      return [...line.args.slice(0, 2), 'exec', '--json', '--skip-git-repo-check', PROMPT];
    }
    case 'gemini':
      return ['-p', PROMPT, '--model', MODEL.gemini];
  }
}

export const TASK = 'Credit notes';

/** Dispatches the task with our own CLI (`cortex-team dispatch`) into the agent's empty queue. */
async function dispatch(place: TurnPlace): Promise<void> {
  writeFileSync(path.join(place.team, 'agents', AGENT, 'tasks.md'), '');
  const env = { PATH: process.env.PATH ?? '', HOME: place.home };
  await promisify(execFile)(process.execPath, [CLI, 'dispatch', '--team', place.team, '--agent', AGENT, '--title', TASK, '--body', 'Add credit notes to invoices.'], { env });
}

/** One headless turn of `cli` against `script`, in a freshly generated project (`place`), on a freshly dispatched task. */
export async function runTurn(cli: RealCli, script: readonly ScriptedTurn[], place: TurnPlace = scratchTeam(`cortex-real-${cli}-`)): Promise<RealTurn> {
  const server = await startServer(cli, script);
  try {
    const env = { ...pointAtServer(cli, place.home, server.url), PATH: hookRecorder(place).path };
    await generate(RUNTIME[cli], place);
    await dispatch(place);
    const run = await runAgentCli(BIN, cli, headlessArgs(cli, place), { cwd: place.project, home: place.home, env });
    return { cli, place, server, run, model: MODEL[cli] };
  } finally {
    await server.close();
  }
}

/** A turn whose first model reply (the claim) the scripted server holds until the test opens the gate. */
export interface SlowTurn {
  readonly gate: ReturnType<typeof heldTurn>;
  /** Where it runs, known while it is held. */
  readonly place: TurnPlace;
  readonly done: Promise<RealTurn>;
}

/** `slow`: claim-and-complete, its first reply held at a gate (never a timer) until the test releases it. */
function slowTurn(cli: RealCli): SlowTurn {
  const gate = heldTurn();
  const claim: ScriptedTurn = { kind: 'tools', calls: [{ name: cortexTool(cli, 'claim_task'), input: {} }], hold: gate.hold, onHeld: gate.onHeld };
  const place = scratchTeam(`cortex-real-${cli}-slow-`);
  const done = runTurn(cli, [claim, ...claimAndComplete(cli).slice(1)], place);
  return { gate, place, done };
}

export type Scenario = 'claim-and-complete' | 'overloaded' | 'question' | 'ticks';

/** `question`: the model answers with a question and calls no tool. */
export const QUESTION = 'Should credit notes reuse the invoice numbering?';

/** `ticks`: the model calls the harmless heartbeat tool TICKS times, one turn each, then ends its turn. */
export const TICKS = 3;

const runs = new Map<string, Promise<RealTurn>>();
let versions: Promise<void> | undefined;

/** Prints the CLIs' versions once (the suite's proof of what it ran). */
export function printVersions(): Promise<void> {
  const home = mkdtempSync(path.join(tmpdir(), 'cortex-versions-'));
  versions ??= Promise.all(
    (['claude', 'codex', 'gemini'] as const).map(async (cli) => {
      const r = await runAgentCli(BIN, cli, ['--version'], { cwd: ROOT, home });
      return `${cli} ${r.stdout.trim()}`;
    }),
  ).then((lines) => {
    rmSync(home, { recursive: true, force: true });
    console.log(`      real agent CLIs: ${lines.join(' · ')}`);
  });
  return versions;
}

/** `overloaded`: every model request fails with the API's overload error. */
function scriptFor(cli: RealCli, scenario: Scenario): ScriptedTurn[] {
  switch (scenario) {
    case 'claim-and-complete':
      return claimAndComplete(cli);
    case 'question':
      return [{ kind: 'text', text: QUESTION }];
    case 'ticks':
      return [...Array.from({ length: TICKS }, () => ({ kind: 'tools' as const, calls: [{ name: cortexTool(cli, 'tick'), input: {} }] })), { kind: 'text', text: 'Ticked.' }];
    case 'overloaded':
      return Array.from({ length: 20 }, () => ({ kind: 'overloaded' as const }));
  }
}

const SCENARIOS: readonly Scenario[] = ['claim-and-complete', 'overloaded', 'question', 'ticks'];
const CLIS = ['claude', 'codex', 'gemini'] as const;
const slowRuns = new Map<RealCli, SlowTurn>();

/** Starts every CLI's every scenario and slow turn at once (once). */
function startAll(): void {
  if (runs.size > 0) return;
  for (const c of CLIS) {
    for (const s of SCENARIOS) {
      const p = runTurn(c, scriptFor(c, s));
      p.catch(() => undefined); // awaited by its own test
      runs.set(`${c}/${s}`, p);
    }
    const slow = slowTurn(c);
    slow.done.catch(() => undefined);
    slowRuns.set(c, slow);
  }
}

/** `cli`'s run of `scenario` (all runs start together the first time). */
export function realTurn(cli: RealCli, scenario: Scenario): Promise<RealTurn> {
  startAll();
  return runs.get(`${cli}/${scenario}`)!;
}

/** `cli`'s slow turn, held at its gate until its test releases it (all runs start together the first time). */
export function realSlowTurn(cli: RealCli): SlowTurn {
  startAll();
  return slowRuns.get(cli)!;
}

/** How long a wait for a CLI's process or report may take: far above what a loaded machine needs. */
const WAIT_MS = 60_000;

/**
 * The hook reports once `complete` says they are (a hook call may still run when its CLI
 * has exited: Codex's notify, Gemini CLI's SessionEnd).
 */
export function reportsOnce(turn: RealTurn, complete: (reports: RunState[]) => boolean, what: string): Promise<RunState[]> {
  return waitFor(() => {
    const reports = hookReports(turn);
    return complete(reports) ? reports : null;
  }, WAIT_MS, what);
}

/** Runs `check` on the scenario's turn, then removes it, whatever `check` found. */
export async function withTurn(cli: RealCli, scenario: Scenario, check: (turn: RealTurn) => Promise<void> | void): Promise<void> {
  const turn = await realTurn(cli, scenario);
  try {
    await check(turn);
  } finally {
    await removeTurn(turn);
  }
}

/** What a turn that claimed nothing leaves: the task still ready, nothing in the feed but its dispatch. */
export function assertNothingClaimed(team: string): void {
  assert.match(tasks(team), /\*\*Status:\*\* ready/);
  assert.deepStrictEqual(activity(team).map((e) => e.event_type), ['task.dispatched']);
}

/** A turn that ran to its end and did the task: claimed and completed through the MCP server, after the CLI's dispatch. */
export function assertClaimedAndCompleted(turn: RealTurn): void {
  assert.strictEqual(turn.run.code, 0, turn.run.stderr);
  assert.match(tasks(turn.place.team), /^## Credit notes\n\*\*Status:\*\* done\n/m);
  assert.deepStrictEqual(activity(turn.place.team).map((e) => [e.event_type, e.payload.via]), [['task.dispatched', 'cli'], ['task.claimed', 'mcp'], ['task.completed', 'mcp']]);
}

/**
 * The ticks scenario's outcome: the feed records the ticks the MCP server wrote (a tick
 * within the same stamp as the last writes nothing and records nothing: one to TICKS
 * events), and tasks.md keeps one last-tick line.
 */
export function assertTicked(ticked: RealTurn): void {
  assert.strictEqual(ticked.run.code, 0, ticked.run.stderr);
  assert.deepStrictEqual(ticked.server.unoffered, []);
  const ticks = activity(ticked.place.team).filter((e) => e.event_type === 'agent.ticked');
  assert.ok(ticks.length >= 1 && ticks.length <= TICKS, JSON.stringify(ticks));
  for (const e of ticks) assert.deepStrictEqual([e.actor, e.payload.via], [AGENT, 'mcp']);
  assert.strictEqual(tasks(ticked.place.team).match(/<!-- cortex:last-tick .* -->/g)?.length, 1, tasks(ticked.place.team));
}

/** Whether any process of the CLI's process group still runs (its MCP server ends a moment after it). */
function groupRuns(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Waits for every process the CLI started (its MCP server, its hook calls) to end. */
export async function turnEnded(turn: RealTurn): Promise<void> {
  await waitFor(() => !groupRuns(turn.run.pid), WAIT_MS, `the processes of ${turn.cli} (group ${turn.run.pid}) to end`);
}

/** Removes a finished turn's scratch folders, once every process the CLI started has ended. */
export async function removeTurn(turn: RealTurn | undefined): Promise<void> {
  if (!turn) return;
  await turnEnded(turn);
  rmSync(turn.place.root, { recursive: true, force: true });
}

/**
 * Waits until the scripted server holds the slow turn's request and `also` gives a value
 * (a report the hooks wrote meanwhile); by then nothing may be claimed yet.
 */
export async function whileHeld<T>(slow: SlowTurn, also: () => T | null | undefined | false, what: string): Promise<T> {
  const seen = await waitFor(() => slow.gate.reached && also(), WAIT_MS, `the scripted server to hold the first request, and ${what}`);
  assertNothingClaimed(slow.place.team);
  return seen as T;
}

/** Every session's last report (.cortex/run/<slug>/<session>.json). */
export function runStates(team: string): RunState[] {
  const dir = path.join(team, '.cortex', 'run', AGENT);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => parseRunState(readFileSync(path.join(dir, f), 'utf8'), AGENT))
    .filter((s): s is RunState => s !== null);
}

/** The activity feed's events. */
export function activity(team: string): readonly ActivityEvent[] {
  const file = path.join(team, '.cortex', 'activity.jsonl');
  return existsSync(file) ? parseActivity(readFileSync(file, 'utf8')).events : [];
}

/** The agent's task file. */
export function tasks(team: string): string {
  return readFileSync(path.join(team, 'agents', AGENT, 'tasks.md'), 'utf8');
}

/** What the price table says `usage` costs at `price` (USD per million tokens, by kind), worked out here. */
export function listPrice(usage: readonly TokenUsage[], price: ModelPrice): number {
  return usage.reduce((sum, u) => sum + (u.input * price.input + u.output * price.output + u.cacheRead * price.cacheRead + u.cacheWrite * price.cacheWrite) / 1_000_000, 0);
}
