// Claude Code over ACP doing its queue in the real extension host: the pinned adapter
// (`claude-agent-acp`, in its `default` mode, which asks before each tool call) against the
// scripted Anthropic API. A dispatched task is ticked as session/prompt; each Cortex tool call's
// permission request is answered (allow once) from the sessions' snapshot; the task is claimed
// and completed over ACP; the usage the protocol reported (the prompt responses' tokens,
// `usage_update`'s cost) is in the session's snapshot and the row's usage.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { agentCliBin } from '../../harness/agent-cli';
import { ScriptedServer, startAnthropicServer } from '../../harness/model-servers/anthropic-messages';
import { EXTENSION_ID } from './cortex-helpers';
import { TestAgent, addAgent, api, removeAgents, reset, tempFolder, waitFor } from './commands-helpers';
import { launchNote } from './launch-note';

const SLUG = 'itest-claude-acp-tasks';
const NAME = 'Itest Claude ACP Worker';
const LONG = 60_000;

function note(project: string, adapter: string, env: Record<string, string>): string {
  return launchNote({ name: NAME, project, launch: ['  cli: claude-code', '  channel: acp', `  command: ${JSON.stringify(adapter)}`], env, role: 'Does its queue as a Claude Code ACP session for the integration suite.' });
}

describe('Claude Code as an ACP session: a dispatched task claimed and completed, with the usage and cost it reported', function () {
  this.timeout(4 * LONG);
  let a: CortexTestApi;
  let agent: TestAgent;
  let team: string;
  let server: ScriptedServer;
  const tasks = () => readFileSync(agent.tasksFile, 'utf8');
  const snapshot = () => a.agents.sessions.get(SLUG);
  const pending = () => snapshot()?.pending ?? [];

  before(async () => {
    a = await api();
    const call = (name: string, input: Record<string, unknown> = {}) => ({ kind: 'tools' as const, calls: [{ name: `mcp__cortex__${name}`, input }] });
    // The first prompt: a text; the tick for the dispatched task: claim, complete, a text.
    server = await startAnthropicServer([{ kind: 'text', text: 'Ready.' }, call('claim_task'), call('complete_task', { summary: 'Issued over ACP by Claude.' }), { kind: 'text', text: 'Completed.' }]);
    agent = await addAgent(a, { slug: SLUG, name: NAME, tasks: '' });
    team = path.dirname(path.dirname(path.dirname(agent.tasksFile)));
    const home = tempFolder('acp-claude-tasks-home-');
    mkdirSync(home, { recursive: true });
    const adapter = path.join(agentCliBin(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath), 'claude-agent-acp');
    // The adapter's Claude Code refuses to run as root unless told it is in a sandbox (CI runs as root).
    const sandbox: Record<string, string> = process.getuid?.() === 0 ? { IS_SANDBOX: '1' } : {};
    // Without tool search the Cortex tools are offered to the model directly (else deferred behind ToolSearch).
    const env = { HOME: home, ANTHROPIC_BASE_URL: server.url, ANTHROPIC_API_KEY: 'sk-ant-scripted-0123456789abcdefghij', DISABLE_AUTOUPDATER: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', ENABLE_TOOL_SEARCH: 'false', ...sandbox };
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

  it('a dispatched task is ticked as session/prompt, each tool call allowed from the list, claimed and completed; the row has the tokens and the cost the protocol reported', async () => {
    assert.equal(await a.agents.runner.start(SLUG), 'started');
    await waitFor(() => snapshot()?.state === 'idle' && snapshot()!.entries.some((e) => e.kind === 'agent' && e.text.includes('Ready.')), LONG, 'the first prompt answered');
    const before = a.agents.driver.sent.length;
    const cli = a.agents.runner.cortexCommand() as { cliPath: string };
    execFileSync(process.execPath, [cli.cliPath, 'dispatch', '--team', team, '--agent', SLUG, '--title', 'Issued over ACP', '--body', 'Nobody types anything.'], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 20_000 });
    a.store.notifyChanged([`agents/${SLUG}/tasks.md`]);
    await waitFor(() => a.agents.driver.sent.length > before, LONG, 'the driver to prompt the session');
    assert.equal(a.agents.driver.sent[a.agents.driver.sent.length - 1].why, 'new-task');
    for (const tool of ['claim_task', 'complete_task']) {
      const request = await waitFor(() => pending()[0], LONG, () => `the ${tool} permission request; the transcript: ${JSON.stringify(snapshot()?.entries.slice(-4))}`);
      assert.match(request.tool, new RegExp(tool));
      assert.equal(a.agents.runner.turnOf(SLUG)?.state, 'needs-input');
      await a.agents.sessions.answer(SLUG, request.id, request.options.find((o) => o.kind === 'allow_once')!.optionId);
      assert.deepEqual(pending(), [], 'an answered request leaves the list at once');
    }
    await waitFor(() => /## Issued over ACP\n\*\*Status:\*\* done/.test(tasks()), LONG, 'the task completed over ACP');
    await waitFor(() => snapshot()?.state === 'idle', LONG, 'the turn to end');
    assert.ok(snapshot()!.entries.some((e) => e.kind === 'agent' && e.text.includes('Completed.')));
    assert.deepEqual(server.unoffered, []);
    // The session's usage: the prompt responses' tokens and usage_update's cost.
    const session = snapshot()!.usage!;
    assert.ok(session.inputTokens > 0 && session.outputTokens > 0, JSON.stringify(session));
    assert.ok(session.cost && session.cost.amount > 0 && session.cost.currency === 'USD', JSON.stringify(session));
    // The row's: the same tokens, and the cost as the agent reported it.
    const usage = await waitFor(() => a.agents.runs.factsOf(a.store.team!.agents.find((x) => x.slug === SLUG)!).usage, LONG, 'the row to count its tokens');
    assert.equal(usage.today.usage.input, session.inputTokens, JSON.stringify(usage.today));
    assert.equal(usage.today.usage.output, session.outputTokens, JSON.stringify(usage.today));
    assert.ok(usage.today.cost >= session.cost.amount - 1e-9, JSON.stringify(usage.today));
  });
});
