// Claude Code over ACP in the real extension host: an agent whose launch profile says
// `cli: claude-code, channel: acp` runs the pinned adapter (`claude-agent-acp`, which bundles
// its own Claude Code) against the scripted Anthropic API, in its `default` mode (it asks
// before each tool call). The person's prompt makes the model write a file: the
// permission request, with the file as a diff, is in the Needs you list with one
// notification (not also the terminal agents' "needs your input"), rejected from the list:
// nothing is written and the model is told so. Then a turn the model holds is cancelled:
// the turn ends `cancelled` and the session takes the next prompt.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { agentCliBin } from '../../harness/agent-cli';
import { heldTurn, startAnthropicServer, type ScriptedServer } from '../../harness/model-servers/anthropic-messages';
import { EXTENSION_ID, openTeamView } from './cortex-helpers';
import { TestAgent, addAgent, api, messages, removeAgents, reset, tempFolder, waitFor } from './commands-helpers';
import { launchNote } from './launch-note';

const SLUG = 'itest-claude-acp';
const NAME = 'Itest Claude ACP Agent';
const LONG = 60_000;

function note(project: string, adapter: string, env: Record<string, string>): string {
  return launchNote({ name: NAME, project, launch: ['  cli: claude-code', '  channel: acp', `  command: ${JSON.stringify(adapter)}`], env, role: 'Runs Claude Code as an ACP session for the integration suite.' });
}

describe('Claude Code as an ACP session: a permission request rejected from the list, and Cancel during a turn', function () {
  this.timeout(4 * LONG);
  let a: CortexTestApi;
  let agent: TestAgent;
  let server: ScriptedServer;
  const gate = heldTurn();
  const snapshot = () => a.agents.sessions.get(SLUG);
  const rows = () => a.viewState().needsYou.filter((r) => r.agent === SLUG);
  const notes = () => path.join(agent.project, 'notes.md');

  before(async () => {
    a = await api();
    agent = await addAgent(a, { slug: SLUG, name: NAME, tasks: '' });
    await openTeamView(a);
    server = await startAnthropicServer([
      { kind: 'text', text: 'Ready.' },
      { kind: 'tools', calls: [{ name: 'Write', input: { file_path: path.join(agent.project, 'notes.md'), content: '# Notes\n\nWritten by the scripted model.\n' } }] },
      { kind: 'text', text: 'Understood: notes.md was not written.' },
      { kind: 'text', text: 'Still thinking.', hold: gate.hold, onHeld: gate.onHeld },
      { kind: 'text', text: 'Back after the cancel.' },
    ]);
    const home = tempFolder('acp-claude-home-');
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
    gate.release();
    await a.agents.sessions.stop(SLUG);
    await server.close();
    await reset(a);
    await removeAgents(a, [SLUG]);
  });

  it('a file write asks with its diff in the Needs you list (one notification); rejected from the list, nothing is written and the turn goes on', async () => {
    a.setPromptAnswers({ message: () => undefined });
    a.clearShownMessages();
    assert.equal(await a.agents.runner.start(SLUG), 'started');
    await waitFor(() => snapshot()?.state === 'idle' && snapshot()!.entries.some((e) => e.kind === 'agent' && e.text.includes('Ready.')), LONG, 'the first prompt answered');
    await a.agents.sessions.prompt(SLUG, 'Write the notes.');
    const [row] = await waitFor(() => (rows().length > 0 ? rows() : undefined), LONG, 'the Write request in the Needs you list');
    assert.equal(row.kind, 'permission');
    assert.equal(row.hasSession, true);
    assert.match(row.tool ?? '', /^Write/);
    assert.equal(row.diffs.length, 1);
    assert.equal(row.diffs[0].newFile, true);
    const changed = row.diffs[0].lines.filter((l) => l.op !== 'same');
    assert.ok(changed.every((l) => l.op === 'add') && changed.some((l) => l.text === '# Notes') && changed.some((l) => l.text === 'Written by the scripted model.'), JSON.stringify(changed));
    assert.deepEqual(row.options.map((o) => o.kind).sort(), ['allow_always', 'allow_once', 'reject_once']);
    assert.equal(a.agents.runner.turnOf(SLUG)?.state, 'needs-input');
    await waitFor(() => messages(a).some((m) => m.message.includes(`${NAME} asks to use Write`)), LONG, "the request's notification");
    assert.deepEqual(messages(a).filter((m) => /needs your input/.test(m.message)).map((m) => m.message), [], "no terminal agent's needs-input notification for a session");
    const reject = row.options.find((o) => o.kind === 'reject_once')!;
    a.view.receive({ type: 'answerRequest', item: row.id, option: reject.optionId });
    await waitFor(() => rows().length === 0, LONG, 'the rejected request gone from the list');
    await waitFor(() => snapshot()?.state === 'idle', LONG, 'the turn to end');
    const tool = snapshot()!.entries.find((e) => e.kind === 'tool');
    assert.equal(tool?.kind === 'tool' && tool.status, 'failed', JSON.stringify(tool));
    assert.ok(snapshot()!.entries.some((e) => e.kind === 'agent' && e.text.includes('not written')), 'the model was told and answered');
    assert.equal(existsSync(notes()), false, 'nothing written');
    assert.deepEqual(server.unoffered, []);
  });

  it('Cancel during a turn the model holds: the turn ends cancelled, no request is left, and the session takes the next prompt', async () => {
    const turn = a.agents.sessions.prompt(SLUG, 'Think about it.');
    await waitFor(() => (gate.reached ? true : undefined), LONG, 'the model to hold its reply');
    assert.equal(snapshot()?.state, 'in-turn');
    assert.equal(a.agents.runner.turnOf(SLUG)?.state, 'working');
    await a.agents.sessions.cancel(SLUG);
    await turn;
    await waitFor(() => snapshot()?.state === 'idle', LONG, 'the turn to end');
    const notices = snapshot()!.entries.filter((e) => e.kind === 'notice').map((e) => (e.kind === 'notice' ? e.text : ''));
    assert.ok(notices.includes('Cancelled the turn.') && notices.includes('The turn ended: cancelled.'), notices.join(' | '));
    assert.deepEqual(snapshot()!.pending, []);
    gate.release();
    await a.agents.sessions.prompt(SLUG, 'Go on.');
    // Answered by the model (which text depends on whether the adapter asked again for the cancelled reply).
    const answered = () => {
      const entries = snapshot()?.entries ?? [];
      const at = entries.findIndex((e) => e.kind === 'user' && e.text === 'Go on.');
      return snapshot()?.state === 'idle' && at >= 0 && entries.slice(at).some((e) => e.kind === 'agent');
    };
    await waitFor(answered, LONG, () => `the next turn answered; the transcript: ${JSON.stringify(snapshot()?.entries.slice(-6))}`);
  });
});
