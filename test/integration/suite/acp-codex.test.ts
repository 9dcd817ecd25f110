// Codex over ACP in the real extension host: an agent whose launch profile says
// `cli: codex, channel: acp` runs the pinned adapter's native binary (`codex-acp`, built on
// Codex core) against the scripted OpenAI Responses API, with a scratch HOME and CODEX_HOME
// whose config.toml names the server. Its first prompt and the heartbeat driver's tick for a
// dispatched task go as session/prompt; the task is claimed and completed through the Cortex
// MCP tools handed over in `session/new`, with no permission request (the tools declare
// themselves neither destructive nor open-world); the row counts the tokens of every request
// the server answered, once, read from the session's rollout under the agent's CODEX_HOME (the
// adapter reports no tokens over the protocol); Stop ends the adapter and everything it started.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { ScriptedServer } from '../../harness/model-servers/anthropic-messages';
import { ResponsesUsage, startResponsesServer } from '../../harness/model-servers/openai-responses';
import { EXTENSION_ID } from './cortex-helpers';
import { TestAgent, addAgent, api, removeAgents, reset, tempFolder, waitFor } from './commands-helpers';
import { launchNote } from './launch-note';

const SLUG = 'itest-codex-acp';
const NAME = 'Itest Codex ACP Agent';
const LONG = 60_000;

function note(project: string, adapter: string, env: Record<string, string>): string {
  return launchNote({ name: NAME, project, launch: ['  cli: codex', '  channel: acp', `  command: ${JSON.stringify(adapter)}`], env, role: 'Runs Codex as an ACP session for the integration suite.' });
}

/** The adapter's native binary (scripts/install-agent-clis.mjs: acpAgentBin('codex-acp')): its npm launcher orphans it when ended. */
function codexAcpBin(root: string): string {
  return path.join(root, '.vscode-test', 'agent-clis', 'node_modules', '@zed-industries', `codex-acp-${process.platform}-${process.arch}`, 'bin', 'codex-acp');
}

/** Processes still running the adapter or the Cortex MCP server it started for this agent (`ps`). */
function leftOver(adapter: string): string[] {
  const lines = execFileSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' }).split('\n');
  return lines.filter((l) => l.includes(adapter) || (l.includes(' mcp ') && l.includes(`--agent ${SLUG}`)));
}

describe('Codex as an ACP session: a dispatched task claimed and completed, its tokens counted, Stop', function () {
  this.timeout(4 * LONG);
  let a: CortexTestApi;
  let agent: TestAgent;
  let team: string;
  let adapter: string;
  let server: ScriptedServer<ResponsesUsage>;
  const tasks = () => readFileSync(agent.tasksFile, 'utf8');
  const snapshot = () => a.agents.sessions.get(SLUG);
  const row = () => a.agents.runs.factsOf(a.store.team!.agents.find((x) => x.slug === SLUG)!);

  before(async () => {
    a = await api();
    const call = (name: string, input: Record<string, unknown> = {}) => ({ kind: 'tools' as const, calls: [{ name: `mcp__cortex__${name}`, input }] });
    // The first prompt: a text; the tick for the dispatched task: claim, complete, a text.
    server = await startResponsesServer([{ kind: 'text', text: 'Ready.' }, call('claim_task'), call('complete_task', { summary: 'Issued over ACP by Codex.' }), { kind: 'text', text: 'Completed.' }]);
    agent = await addAgent(a, { slug: SLUG, name: NAME, tasks: '' });
    team = path.dirname(path.dirname(path.dirname(agent.tasksFile)));
    const home = tempFolder('acp-codex-home-');
    const codexHome = path.join(home, '.codex');
    mkdirSync(codexHome, { recursive: true });
    const toml = ['model_provider = "mock"', 'model = "gpt-5"', '[model_providers.mock]', 'name = "mock"', `base_url = "${server.url}/v1"`, 'env_key = "SCRIPTED_KEY"', 'wire_api = "responses"', `[projects.${JSON.stringify(agent.project)}]`, 'trust_level = "trusted"', ''];
    writeFileSync(path.join(codexHome, 'config.toml'), toml.join('\n'));
    adapter = codexAcpBin(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath);
    const env = { HOME: home, CODEX_HOME: codexHome, SCRIPTED_KEY: 'scripted-key', NO_COLOR: '1' };
    writeFileSync(agent.noteFile, note(agent.project, adapter, env));
    a.store.notifyChanged([`agents/${SLUG}/${SLUG}.md`]);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === SLUG)?.launch?.channel === 'acp', 10_000, 'the ACP launch profile read from the note');
  });
  afterEach(async () => reset(a));
  after(async () => {
    await a.agents.sessions.stop(SLUG);
    await server.close();
    await reset(a);
    await removeAgents(a, [SLUG]);
  });

  it('starts as an ACP session; a dispatched task is ticked as session/prompt, claimed and completed over ACP; the row counts its tokens', async () => {
    assert.equal(await a.agents.runner.start(SLUG), 'started');
    await waitFor(() => snapshot()?.state === 'idle' && snapshot()!.entries.some((e) => e.kind === 'agent' && e.text.includes('Ready.')), LONG, 'the first prompt answered');
    assert.ok(snapshot()!.entries.some((e) => e.kind === 'user' && /^Cortex: you are Itest Codex ACP Agent\./.test(e.text)), 'the first prompt went as session/prompt');
    const before = a.agents.driver.sent.length;
    const cli = a.agents.runner.cortexCommand() as { cliPath: string };
    execFileSync(process.execPath, [cli.cliPath, 'dispatch', '--team', team, '--agent', SLUG, '--title', 'Issued over ACP', '--body', 'Nobody types anything.'], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 20_000 });
    a.store.notifyChanged([`agents/${SLUG}/tasks.md`]);
    await waitFor(() => a.agents.driver.sent.length > before, LONG, 'the driver to prompt the session');
    assert.equal(a.agents.driver.sent[a.agents.driver.sent.length - 1].why, 'new-task');
    const done = () => {
      assert.deepEqual(snapshot()?.pending.map((p) => p.tool) ?? [], [], 'no permission request for the Cortex tools');
      return /## Issued over ACP\n\*\*Status:\*\* done/.test(tasks()) && snapshot()?.state === 'idle';
    };
    await waitFor(done, LONG, () => `the task completed over ACP and the turn ended; the transcript: ${JSON.stringify(snapshot()?.entries.slice(-6))}`);
    const tools = snapshot()!.entries.filter((e) => e.kind === 'tool');
    assert.ok(tools.some((t) => t.kind === 'tool' && /claim_task/.test(t.title + t.argumentsText)), JSON.stringify(tools));
    assert.ok(tools.some((t) => t.kind === 'tool' && /complete_task/.test(t.title + t.argumentsText) && t.status === 'completed'), JSON.stringify(tools));
    assert.ok(snapshot()!.entries.some((e) => e.kind === 'agent' && e.text.includes('Completed.')));
    assert.deepEqual(server.unoffered, []);
    // The rollout is read on each state change and each minute (the suite's clock stands still):
    // the wait reads it again until every request the server answered is in.
    const served = server.served;
    const counted = async () => (await a.agents.usage.refresh(), ((row().usage?.today.requests ?? 0) >= served.length ? row().usage : null));
    const usage = await waitFor(counted, LONG, () => `the row to count ${served.length} requests; it has ${JSON.stringify(row().usage?.today)}`);
    const sum = (f: (u: ResponsesUsage) => number) => served.reduce((total, u) => total + f(u), 0);
    // Each request once: the Responses API counts cached tokens inside input_tokens, the row apart.
    assert.equal(usage.today.requests, served.length, JSON.stringify(usage.today));
    assert.deepEqual(usage.today.usage, { input: sum((u) => u.input_tokens - u.input_tokens_details.cached_tokens), output: sum((u) => u.output_tokens), cacheRead: sum((u) => u.input_tokens_details.cached_tokens), cacheWrite: 0 });
  });

  it('Stop ends the session and every process it started', async () => {
    assert.ok(leftOver(adapter).length > 0, 'the adapter runs before Stop');
    assert.equal(await a.agents.runner.stop(SLUG, false), true);
    assert.equal(snapshot()?.state, 'stopped');
    assert.equal(a.agents.runner.isLive(SLUG), false);
    assert.deepEqual(leftOver(adapter).filter((l) => l.includes(adapter)), [], 'the adapter ended with its process group');
    // Codex starts its MCP servers outside the adapter's process group: the Cortex server ends
    // by itself when its stdin closes with the adapter.
    await waitFor(() => leftOver(adapter).length === 0, LONG, () => `the Cortex MCP server it started to end: ${leftOver(adapter).join('; ')}`);
  });
});
