// The ACP host side (src/extension/acp/acp-session.ts) with the three real ACP agents —
// `gemini --acp`, Claude Code's adapter (claude-agent-acp), Codex's adapter (its native
// binary) — against the scripted model servers, with our real MCP server handed over in
// `session/new`: a task claimed and completed over ACP, a permission request pending and
// answered (allow, reject; Gemini CLI), cancel (Gemini CLI), and the usage each reports. The three run at once.
import * as assert from 'assert';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import * as path from 'path';
import { acpCommand } from '../../src/core/agents/launch-command';
import { AcpSession } from '../../src/extension/acp/acp-session';
import { ScriptedServer, ScriptedTurn, startAnthropicServer } from '../harness/model-servers/anthropic-messages';
import { startGeminiServer } from '../harness/model-servers/gemini-generate';
import { startResponsesServer } from '../harness/model-servers/openai-responses';
import { waitFor } from '../harness/wait-for';
import { AGENT, BIN, CLI, ROOT, assertClisInstalled, scratchTeam } from './scratch-team';

type Which = 'gemini' | 'claude' | 'codex';
const ACP_BIN: Record<Which, string> = {
  gemini: path.join(BIN, 'gemini'),
  claude: path.join(BIN, 'claude-agent-acp'),
  codex: path.join(ROOT, '.vscode-test', 'agent-clis', 'node_modules', '@zed-industries', `codex-acp-${process.platform}-${process.arch}`, 'bin', 'codex-acp'),
};
/** How each names the Cortex tools to the model. */
const TOOL: Record<Which, (name: string) => string> = { gemini: (n) => `mcp_cortex_${n}`, claude: (n) => `mcp__cortex__${n}`, codex: (n) => `mcp__cortex__${n}` };
const TASKS = '## Credit notes\n**Status:** ready\n\n## Refunds\n**Status:** ready\n';

/**
 * The model's turns: [allow phase] claim, complete, a text; [reject phase] a claim, then a text
 * for an agent that answers the rejection with another model call; [cancel phase] a claim.
 */
function script(w: Which): ScriptedTurn[] {
  const call = (name: string, input: Record<string, unknown> = {}): ScriptedTurn => ({ kind: 'tools', calls: [{ name: TOOL[w](name), input }] });
  const allow = [call('claim_task'), call('complete_task', { summary: 'Credit notes are issued.' }), { kind: 'text', text: 'Credit notes done.' } as ScriptedTurn];
  // Codex asks no permission for Cortex's tools: it has only the allow phase. So has Claude's adapter here:
  // around a rejection or a cancel it takes a varying number of model calls, which a fixed script cannot follow.
  // Claims to spare at the end: how many model calls an agent makes around a rejection varies; the cancel phase is last and stops at the first request.
  return w !== 'gemini' ? allow : [...allow, call('claim_task'), { kind: 'text', text: 'Understood.' }, call('claim_task'), call('claim_task'), call('claim_task')];
}

interface Run {
  readonly session: AcpSession;
  readonly server: ScriptedServer<unknown>;
  readonly tasks: string;
  readonly seen: { cancelled?: { pendingBefore: number; pendingAfter: number; stop: string }; allowed: number; rejected?: { stop: string; tasksAfter: string } };
  readonly tokens: number;
  readonly root: string;
}

async function serverFor(w: Which, turns: ScriptedTurn[]): Promise<ScriptedServer<unknown>> {
  return w === 'gemini' ? startGeminiServer(turns) : w === 'claude' ? startAnthropicServer(turns) : startResponsesServer(turns);
}

/** The scratch HOME and environment that point each agent at its server (see shared notes: offline-agents.md). */
function environment(w: Which, home: string, project: string, url: string): Record<string, string> {
  const base = { PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH ?? ''}`, HOME: home, DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', GEMINI_TELEMETRY_ENABLED: 'false', NO_COLOR: '1' };
  if (w === 'gemini') {
    mkdirSync(path.join(home, '.gemini'), { recursive: true });
    writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }));
    writeFileSync(path.join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [project]: 'TRUST_FOLDER' }));
    return { ...base, GOOGLE_GEMINI_BASE_URL: url, GEMINI_API_KEY: 'scripted-key' };
  }
  if (w === 'claude') return { ...base, ANTHROPIC_BASE_URL: url, ANTHROPIC_API_KEY: 'sk-scripted-0123456789abcdefghij', IS_SANDBOX: '1', ENABLE_TOOL_SEARCH: 'false' };
  mkdirSync(path.join(home, '.codex'), { recursive: true });
  const toml = [`model_provider = "mock"`, `model = "gpt-5"`, `[model_providers.mock]`, `name = "mock"`, `base_url = "${url}/v1"`, `env_key = "SCRIPTED_KEY"`, `wire_api = "responses"`, `[projects."${project}"]`, `trust_level = "trusted"`, ''];
  writeFileSync(path.join(home, '.codex', 'config.toml'), toml.join('\n'));
  return { ...base, SCRIPTED_KEY: 'scripted-key' };
}

/** Waits for a condition while the session lives; a session that ended fails it at once with its reason. */
async function whileLive(what: string, ok: () => boolean, session: AcpSession): Promise<void> {
  const debug = Boolean(process.env.CORTEX_ACP_DEBUG);
  await waitFor(() => {
    if (ok()) return true;
    if (!session.live) throw new Error(`${what}: the session is ${session.state} (${session.snapshot().reason ?? ''})`);
    if (debug) console.log(what, JSON.stringify(session.snapshot().entries.slice(-3)));
    return false;
  }, 120_000, what, debug ? 2000 : 20);
}

async function run(w: Which): Promise<Run> {
  const { root, team, project, home } = scratchTeam(`cortex-acp-${w}-`);
  const tasksFile = path.join(team, 'agents', AGENT, 'tasks.md');
  writeFileSync(tasksFile, TASKS);
  const server = await serverFor(w, script(w));
  const cli = w === 'claude' ? 'claude-code' : w;
  const command = acpCommand({ cli, command: ACP_BIN[w], args: [], env: {}, worktree: null, heartbeat: null, channel: 'acp' })!;
  let tokens = 0;
  const session = new AcpSession(
    { slug: AGENT, command: command.program, args: command.args, cwd: project, env: environment(w, home, project, server.url), mcpServers: [{ name: 'cortex', command: process.execPath, args: [CLI, 'mcp', '--team', team, '--agent', AGENT] }], ...(command.mode ? { mode: command.mode } : {}) },
    () => Date.now(),
    () => undefined,
    (t) => (tokens += t.input + t.output),
  );
  await session.start();
  const seen: Run['seen'] = { allowed: 0 };
  const pending = () => session.snapshot().pending;
  /** Answers every request of the turn with the first option of `kind` (as the person would from the list). */
  const answering = (kind: 'allow_once' | 'reject_once') =>
    setInterval(() => {
      for (const p of pending()) {
        const option = p.options.find((o) => o.kind === kind) ?? p.options.find((o) => o.kind.startsWith(kind.split('_')[0]));
        if (option) session.answer(p.id, option.optionId), kind === 'allow_once' && seen.allowed++;
      }
    }, 20);
  let answer = answering('allow_once');
  await session.prompt('Cortex: you are Billing Dev. Claim your next task, do it and complete it.').finally(() => clearInterval(answer));
  const tasks = readFileSync(tasksFile, 'utf8');
  if (w !== 'gemini') return { session, server, tasks, seen, tokens, root };
  answer = answering('reject_once');
  const rejectedStop = await session.prompt('Claim your next task.').finally(() => clearInterval(answer));
  seen.rejected = { stop: rejectedStop, tasksAfter: readFileSync(tasksFile, 'utf8') };
  // An agent that took no model call after the rejection has the text still queued: another prompt reaches a claim.
  for (let attempt = 0; attempt < 4 && !seen.cancelled; attempt++) {
    const turn = session.prompt('Claim your next task.');
    let ended = false;
    void turn.then(() => (ended = true), () => (ended = true));
    await whileLive('a permission request or the end of the turn', () => pending().length === 1 || ended, session);
    if (pending().length !== 1) continue;
    const before = pending().length;
    await session.cancel();
    seen.cancelled = { pendingBefore: before, pendingAfter: pending().length, stop: await turn };
  }
  return { session, server, tasks, seen, tokens, root };
}

describe('Agents as ACP sessions: the real ACP agents against scripted models', function () {
  this.timeout(240_000);
  const runs = new Map<Which, Run>();

  before(async function () {
    assertClisInstalled();
    const all = (process.env.CORTEX_ACP_ONLY?.split(',') as Which[] | undefined) ?? ['gemini', 'claude', 'codex'];
    const results = await Promise.allSettled(all.map((w) => run(w)));
    results.forEach((r, i) => r.status === 'fulfilled' && runs.set(all[i], r.value));
    const failed = results.flatMap((r, i) => (r.status === 'rejected' ? [`${all[i]}: ${String(r.reason)}`] : []));
    assert.deepStrictEqual(failed, []);
  });

  after(async () => {
    for (const r of runs.values()) {
      await r.session.stop();
      await r.server.close();
      // The agent's own children may still be leaving the scratch HOME as the group ends.
      rmSync(r.root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
    }
  });

  for (const w of ['gemini', 'claude', 'codex'] as const) {
    it(`${w}: a task claimed and completed over ACP, with its tool calls in the transcript`, () => {
      const r = runs.get(w)!;
      assert.match(r.tasks, /## Credit notes\n\*\*Status:\*\* done/);
      assert.match(r.tasks, /## Refunds\n\*\*Status:\*\* ready/);
      const entries = r.session.snapshot().entries;
      const tools = entries.filter((e) => e.kind === 'tool');
      assert.ok(tools.some((t) => t.kind === 'tool' && /complete_task/.test(t.title + t.argumentsText) && t.status === 'completed'), JSON.stringify(tools, null, 1));
      assert.ok(entries.some((e) => e.kind === 'agent' && e.text.includes('Credit notes done.')), 'the reply joined from its chunks');
      if (w !== 'codex') assert.ok(r.seen.allowed >= 2, `allowed ${r.seen.allowed}`);
    });
  }

  for (const w of ['gemini'] as const) {
    it(`${w}: a cancelled turn's permission request leaves the list at once; a rejected one claims nothing`, () => {
      const r = runs.get(w)!;
      assert.deepStrictEqual({ before: r.seen.cancelled!.pendingBefore, after: r.seen.cancelled!.pendingAfter }, { before: 1, after: 0 });
      assert.strictEqual(r.seen.cancelled!.stop, 'cancelled');
      assert.match(r.seen.rejected!.tasksAfter, /## Refunds\n\*\*Status:\*\* ready/);
      assert.deepStrictEqual(r.session.snapshot().pending, []);
      assert.strictEqual(r.session.state, 'idle');
    });
  }

  it('usage: tokens from the prompt responses (Claude, Gemini), the context window (Claude, Codex), the cost (Claude)', () => {
    const u = (w: Which) => runs.get(w)!.session.snapshot().usage;
    assert.ok(u('claude')!.inputTokens > 0 && u('claude')!.outputTokens > 0, JSON.stringify(u('claude')));
    const cost = u('claude')!.cost;
    assert.ok(cost && cost.amount > 0 && cost.currency === 'USD', JSON.stringify(u('claude')));
    assert.ok(u('gemini')!.inputTokens > 0, JSON.stringify(u('gemini')));
    assert.ok(runs.get('gemini')!.tokens > 0 && runs.get('claude')!.tokens > 0);
    assert.ok((u('codex')?.contextUsed ?? 0) > 0 && (u('codex')?.contextSize ?? 0) > 0, JSON.stringify(u('codex')));
  });

  it('Stop ends the process group and says so', async () => {
    const r = runs.get('codex')!;
    await r.session.stop();
    assert.strictEqual(r.session.state, 'stopped');
    assert.ok(r.session.snapshot().entries.some((e) => e.kind === 'notice' && e.text === 'Stopped.'));
  });
});
