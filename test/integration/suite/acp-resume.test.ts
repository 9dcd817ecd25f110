// Restart of an ACP agent resumes its session, and a spent budget refuses prompts, in the
// real extension host with a real agent: Claude Code through the pinned adapter
// (`claude-agent-acp`, which advertises `loadSession`) against the scripted Anthropic API.
// Restart ends the adapter's process and starts a new one, which is sent `session/load`
// with the kept session id: the model's next request carries the first conversation (the
// new process read it from Claude Code's saved session). Then the agent's daily budget is
// set below what its turns cost: the person's prompt (from the API and from the session
// view) is refused with the sentence, and so is the heartbeat driver's tick for a
// dispatched task, whether the driver stops on the budget itself or not; none reaches the model.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { agentCliBin } from '../../harness/agent-cli';
import { startAnthropicServer, type ScriptedServer } from '../../harness/model-servers/anthropic-messages';
import { EXTENSION_ID } from './cortex-helpers';
import { TestAgent, addAgent, api, messages, removeAgents, reset, tempFolder, waitFor } from './commands-helpers';
import { launchNote } from './launch-note';

const SLUG = 'itest-acp-resume';
const NAME = 'Itest ACP Resume';
const LONG = 60_000;

function note(project: string, adapter: string, env: Record<string, string>): string {
  return launchNote({ name: NAME, project, launch: ['  cli: claude-code', '  channel: acp', `  command: ${JSON.stringify(adapter)}`], env, role: 'Runs Claude Code as an ACP session, restarted, for the integration suite.' });
}

describe('ACP sessions: Restart resumes the session (Claude Code), a spent budget refuses prompts', function () {
  this.timeout(4 * LONG);
  let a: CortexTestApi;
  let agent: TestAgent;
  let server: ScriptedServer;
  const config = () => vscode.workspace.getConfiguration('cortex.agents');
  const snapshot = () => a.agents.sessions.get(SLUG);
  const userTexts = () => (snapshot()?.entries ?? []).flatMap((e) => (e.kind === 'user' ? [e.text] : []));
  const answered = (prompt: string) => () => {
    const entries = snapshot()?.entries ?? [];
    const at = entries.findIndex((e) => e.kind === 'user' && e.text === prompt);
    return snapshot()?.state === 'idle' && at >= 0 && entries.slice(at).some((e) => e.kind === 'agent');
  };

  before(async () => {
    a = await api();
    agent = await addAgent(a, { slug: SLUG, name: NAME, tasks: '' });
    server = await startAnthropicServer([
      { kind: 'text', text: 'Ready.' },
      { kind: 'text', text: 'The secret word is PAPAYA.' },
      { kind: 'text', text: 'You told me papaya.' },
    ]);
    const home = tempFolder('acp-resume-home-');
    mkdirSync(home, { recursive: true });
    const adapter = path.join(agentCliBin(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath), 'claude-agent-acp');
    // The adapter's Claude Code refuses to run as root unless told it is in a sandbox (CI runs as root).
    const sandbox: Record<string, string> = process.getuid?.() === 0 ? { IS_SANDBOX: '1' } : {};
    const env = { HOME: home, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-ant-scripted-0123456789abcdefghij', DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', ...sandbox };
    writeFileSync(agent.noteFile, note(agent.project, adapter, env));
    a.store.notifyChanged([`agents/${SLUG}/${SLUG}.md`]);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === SLUG)?.launch?.channel === 'acp', 10_000, 'the ACP launch profile read from the note');
  });
  afterEach(async () => reset(a));
  after(async () => {
    await config().update('dailyBudgets', undefined, vscode.ConfigurationTarget.Global);
    await config().update('budgetStopsHeartbeat', undefined, vscode.ConfigurationTarget.Global);
    await a.agents.sessions.stop(SLUG);
    await server.close();
    await reset(a);
    await removeAgents(a, [SLUG]);
  });

  it('Restart: a new adapter process loads the kept session (session/load), sends no first prompt, and the next request to the model carries the first conversation', async () => {
    assert.equal(await a.agents.runner.start(SLUG), 'started');
    await waitFor(() => snapshot()?.state === 'idle' && snapshot()!.entries.some((e) => e.kind === 'agent' && e.text.includes('Ready.')), LONG, 'the first prompt answered');
    await a.agents.sessions.prompt(SLUG, 'Remember the word papaya.');
    await waitFor(answered('Remember the word papaya.'), LONG, 'the first turn answered');
    const before = a.agents.sessions.session(SLUG)!;
    const kept = before.sessionId!;
    assert.equal(before.canLoad, true, 'claude-agent-acp advertises loadSession');

    assert.equal(await a.agents.runner.restart(SLUG), 'started');
    const after = a.agents.sessions.session(SLUG)!;
    assert.notEqual(after, before, 'a new session object, a new process');
    assert.equal(before.state, 'stopped');
    assert.equal(after.sessionId, kept);
    assert.equal(after.state, 'idle', 'no first prompt sent to a resumed session');
    assert.equal(after.turnsEnded, 0);
    const notices = snapshot()!.entries.flatMap((e) => (e.kind === 'notice' ? [e.text] : []));
    assert.deepEqual(notices, [`Resumed session ${kept}.`]);
    assert.ok(userTexts().includes('Remember the word papaya.'), `the history the adapter replayed: ${JSON.stringify(userTexts())}`);

    await a.agents.sessions.prompt(SLUG, 'What word did I say?');
    await waitFor(answered('What word did I say?'), LONG, 'the turn after Restart answered');
    const asked = server.requests.map((r) => JSON.stringify(r)).filter((r) => r.includes('What word did I say?'));
    assert.ok(asked.length > 0, 'the model was asked');
    const last = asked[asked.length - 1];
    assert.ok(last.includes('Remember the word papaya.') && last.includes('The secret word is PAPAYA.'), 'the request after Restart carries the first turn and its answer');
  });

  it("a spent daily budget: the person's prompt (API and session view) and the driver's tick are refused with the sentence; none of them reaches the model", async () => {
    const self = () => a.store.team!.agents.find((x) => x.slug === SLUG)!;
    await config().update('dailyBudgets', { [SLUG]: 0.000001 }, vscode.ConfigurationTarget.Global);
    await waitFor(() => a.agents.runs.factsOf(self()).usage?.level === 'exceeded', LONG, 'the counted usage to spend the budget');
    const requests = server.requests.length;
    const users = userTexts().length;
    const sentence = new RegExp(`^${NAME}'s daily budget of \\$0\\.0000010 is spent \\(\\$[0-9.]+ today\\): no prompt is sent to it until tomorrow, or until cortex\\.agents\\.dailyBudgets is raised\\.$`);
    await assert.rejects(a.agents.sessions.prompt(SLUG, 'One more.'), (e: Error) => sentence.test(e.message));

    a.setPromptAnswers({ message: () => undefined });
    a.clearShownMessages();
    const panel = a.sessionViews.open(SLUG);
    await waitFor(() => panel.isReady, LONG, 'the session page to say ready');
    panel.receiveMessage({ type: 'prompt', text: 'One more, from the view.' });
    const shown = await waitFor(() => messages(a).find((m) => m.message.startsWith(`Cortex: ${NAME}'s daily budget`)), LONG, "the session view's warning");
    assert.match(shown.message.replace(/^Cortex: /, ''), sentence);

    // The driver's tick for a dispatched task: it stops on the budget itself (the default)…
    const ticks = a.agents.driver.sent.length;
    const team = path.dirname(path.dirname(path.dirname(agent.tasksFile)));
    const cli = a.agents.runner.cortexCommand() as { cliPath: string };
    execFileSync(process.execPath, [cli.cliPath, 'dispatch', '--team', team, '--agent', SLUG, '--title', 'Over budget', '--body', 'Not to be sent.'], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 20_000 });
    a.store.notifyChanged([`agents/${SLUG}/tasks.md`]);
    await waitFor(() => self().tasks.some((t) => t.title === 'Over budget' && t.status === 'ready'), LONG, 'the dispatched task read');
    await a.agents.driver.check();
    assert.equal(a.agents.driver.decisionOf(SLUG)?.why, 'budget');
    // …and without that switch its tick goes to the session's prompt rule, which refuses it.
    await config().update('budgetStopsHeartbeat', false, vscode.ConfigurationTarget.Global);
    await waitFor(() => a.agents.runner.settings.budgetStopsHeartbeat === false, 10_000, 'the setting read');
    await a.agents.driver.check();
    assert.deepEqual(a.agents.driver.decisionOf(SLUG), { send: true, why: 'new-task' });
    assert.equal(a.agents.driver.sent.length, ticks, 'no tick sent');
    assert.equal(snapshot()?.state, 'idle');
    assert.equal(userTexts().length, users, 'no prompt in the transcript');
    // Claude Code may still make a side request of its own after a turn (not a prompt): what must not reach the model is a refused prompt.
    const refused = server.requests.slice(requests).map((r) => JSON.stringify(r)).filter((r) => r.includes('One more') || r.includes('Cortex tick'));
    assert.deepEqual(refused, [], 'no refused prompt reached the model');
  });
});
