// Agents run as ACP sessions in the real extension host: an agent whose launch profile
// says `channel: acp` (the real `gemini --acp`, against the scripted Gemini API) started
// by the runner; its first prompt and the heartbeat driver's tick for a dispatched task go
// as session/prompt; its permission requests are pending in the sessions' snapshot and
// answered through the contract (allow, and reject); the task is claimed and completed
// over ACP; the row's usage counts its tokens; Stop cancels and ends it; Start again
// cannot resume (Gemini CLI 0.61 usually fails its own session/load) and starts a new session.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { agentCliBin } from '../../harness/agent-cli';
import { ScriptedServer } from '../../harness/model-servers/anthropic-messages';
import { GeminiUsage, startGeminiServer } from '../../harness/model-servers/gemini-generate';
import { EXTENSION_ID } from './cortex-helpers';
import { TestAgent, addAgent, api, removeAgents, reset, tempFolder, waitFor } from './commands-helpers';
import { launchNote } from './launch-note';

const SLUG = 'itest-acp';
const NAME = 'Itest ACP Agent';
const LONG = 60_000;

function note(project: string, gemini: string, env: Record<string, string>): string {
  return launchNote({ name: NAME, project, launch: ['  cli: gemini', '  channel: acp', `  command: ${JSON.stringify(gemini)}`], env, role: 'Runs as an ACP session for the integration suite.' });
}

describe('Agents as ACP sessions: the runner, the driver, permission requests, usage', function () {
  this.timeout(4 * LONG);
  let a: CortexTestApi;
  let agent: TestAgent;
  let team: string;
  let server: ScriptedServer<GeminiUsage>;
  const tasks = () => readFileSync(agent.tasksFile, 'utf8');
  const snapshot = () => a.agents.sessions.get(SLUG);
  const pending = () => snapshot()?.pending ?? [];

  before(async () => {
    a = await api();
    const call = (name: string) => ({ kind: 'tools' as const, calls: [{ name: `mcp_cortex_${name}`, input: name === 'complete_task' ? { summary: 'Issued over ACP.' } : {} }] });
    // The first prompt: a text; the tick for the dispatched task: claim, complete, a text; the person's prompt: a claim (rejected).
    server = await startGeminiServer([{ kind: 'text', text: 'Ready.' }, call('claim_task'), call('complete_task'), { kind: 'text', text: 'Completed.' }, call('claim_task'), { kind: 'text', text: 'Understood.' }]);
    agent = await addAgent(a, { slug: SLUG, name: NAME, tasks: '' });
    team = path.dirname(path.dirname(path.dirname(agent.tasksFile)));
    const home = tempFolder('acp-home-');
    mkdirSync(path.join(home, '.gemini'), { recursive: true });
    writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify({ security: { auth: { selectedType: 'gemini-api-key' } } }));
    writeFileSync(path.join(home, '.gemini', 'trustedFolders.json'), JSON.stringify({ [agent.project]: 'TRUST_FOLDER' }));
    const gemini = path.join(agentCliBin(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath), 'gemini');
    const env = { HOME: home, GOOGLE_GEMINI_BASE_URL: server.url, GEMINI_API_KEY: 'scripted-key', GEMINI_TELEMETRY_ENABLED: 'false', NO_COLOR: '1' };
    writeFileSync(agent.noteFile, note(agent.project, gemini, env));
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

  it('starts as an ACP session; a dispatched task is ticked as session/prompt, its permission requests answered from the list, claimed and completed; the row counts its tokens', async () => {
    assert.equal(await a.agents.runner.start(SLUG), 'started');
    await waitFor(() => snapshot()?.state === 'idle' && snapshot()!.entries.some((e) => e.kind === 'agent' && e.text.includes('Ready.')), LONG, 'the first prompt answered');
    assert.ok(snapshot()!.entries.some((e) => e.kind === 'user' && /^Cortex: you are Itest ACP Agent\./.test(e.text)), 'the first prompt went as session/prompt');
    assert.equal(a.agents.runner.turnOf(SLUG)?.state, 'turn-finished');
    const before = a.agents.driver.sent.length;
    const cli = a.agents.runner.cortexCommand() as { cliPath: string };
    execFileSync(process.execPath, [cli.cliPath, 'dispatch', '--team', team, '--agent', SLUG, '--title', 'Issued over ACP', '--body', 'Nobody types anything.'], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 20_000 });
    a.store.notifyChanged([`agents/${SLUG}/tasks.md`]);
    await waitFor(() => a.agents.driver.sent.length > before, LONG, 'the driver to prompt the session');
    assert.equal(a.agents.driver.sent[a.agents.driver.sent.length - 1].why, 'new-task');
    // Each Cortex tool call asks first: answered from the list, as the person would.
    for (const tool of ['claim_task', 'complete_task']) {
      const request = await waitFor(() => pending()[0], LONG, `the ${tool} permission request`);
      assert.match(request.tool, new RegExp(tool));
      assert.equal(a.agents.runner.turnOf(SLUG)?.state, 'needs-input');
      await a.agents.sessions.answer(SLUG, request.id, request.options.find((o) => o.kind === 'allow_once')!.optionId);
      assert.deepEqual(pending(), [], 'an answered request leaves the list at once');
    }
    await waitFor(() => /## Issued over ACP\n\*\*Status:\*\* done/.test(tasks()), LONG, 'the task completed over ACP');
    await waitFor(() => snapshot()?.state === 'idle', LONG, 'the turn to end');
    const tools = snapshot()!.entries.filter((e) => e.kind === 'tool');
    assert.ok(tools.length >= 2 && tools.every((t) => t.kind === 'tool' && t.status === 'completed'), JSON.stringify(tools));
    const usage = await waitFor(() => a.agents.runs.factsOf(a.store.team!.agents.find((x) => x.slug === SLUG)!).usage, LONG, 'the row to count its tokens');
    assert.ok(usage.today.usage.input > 0 && usage.today.usage.output > 0, JSON.stringify(usage.today));
  });

  it("the person's prompt goes as session/prompt; a rejected request claims nothing; a prompt during a turn is refused; Stop cancels and ends it", async () => {
    await a.agents.sessions.prompt(SLUG, 'Claim your next task.');
    await assert.rejects(a.agents.sessions.prompt(SLUG, 'And another.'), /in the middle of a turn/);
    const request = await waitFor(() => pending()[0], LONG, 'the permission request');
    await a.agents.sessions.answer(SLUG, request.id, request.options.find((o) => o.kind === 'reject_once')!.optionId);
    await waitFor(() => snapshot()?.state === 'idle', LONG, 'the turn to end');
    assert.doesNotMatch(tasks(), /\*\*Status:\*\* in-progress/);
    assert.equal(await a.agents.runner.stop(SLUG, false), true);
    assert.equal(snapshot()?.state, 'stopped');
    assert.equal(a.agents.runner.isLive(SLUG), false);
  });

  it("Start after Stop asks to resume the kept session; Gemini CLI (0.61) usually fails its own session/load (then a new session starts, the reason in its transcript, with the first prompt), now and then it loads it (said so, no first prompt)", async () => {
    const kept = a.agents.sessions.session(SLUG)!.sessionId!;
    assert.equal(a.agents.sessions.session(SLUG)!.canLoad, true, 'gemini --acp advertises loadSession');
    assert.equal(await a.agents.runner.start(SLUG), 'started');
    const session = a.agents.sessions.session(SLUG)!;
    const notices = snapshot()!.entries.flatMap((e) => (e.kind === 'notice' ? [e.text] : []));
    const firstPrompt = snapshot()!.entries.some((e) => e.kind === 'user' && /^Cortex: you are Itest ACP Agent\./.test(e.text));
    if (session.sessionId === kept) {
      assert.deepEqual(notices, [`Resumed session ${kept}.`]);
      assert.ok(!firstPrompt, 'a resumed session gets no first prompt');
      return;
    }
    assert.deepEqual(notices, [`Started session ${session.sessionId} (the agent could not resume session ${kept}: Internal error: No previous sessions found for this project.).`]);
    assert.ok(firstPrompt, 'a new session gets the first prompt');
    await waitFor(() => snapshot()?.state === 'idle', LONG, 'the first prompt answered');
  });
});
