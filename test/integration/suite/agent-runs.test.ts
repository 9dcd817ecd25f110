// Running agents in the real extension host: a stand-in agent (`cortex-team simulate`,
// the launch profile `launch: {cli: simulate}` in its note) started in a real VS Code
// terminal; Start / Show Terminal / Stop / Restart; the heartbeat driver typing the
// tick prompt for a task dispatched while it idles; a needs-input report from a hook
// call reaching the row, the status bar and a notification; an exit shown on the row;
// and the terminals found again (or said to have ended) by the next window.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import type { AgentView } from '../../../src/views/team/common/messages';
import { TestAgent, addAgent, api, message, messages, removeAgents, removeTempFolders, reset, tempFolder, waitFor } from './commands-helpers';
import { launchNote } from './launch-note';

const SLUG = 'itest-runner';
const NAME = 'Itest Runner Agent';
const LONG = 60_000;

function note(project: string, home: string): string {
  return launchNote({ name: NAME, project, launch: ['  cli: simulate', '  args: [--speed, "20"]'], env: { CORTEX_HOME: home }, role: 'Runs in a terminal for the integration suite.', after: ['## Session Log', 'Last session: --', 'Status: registered', ''] });
}

const readyTask = (title: string) => `## ${title}\n**Status:** ready\n\nFor the stand-in agent.\n\n`;

describe('Running agents: terminals, turn states, the heartbeat driver', function () {
  this.timeout(4 * LONG);
  let a: CortexTestApi;
  let agent: TestAgent;
  let team: string;

  const row = (): AgentView | undefined => a.viewState().agents.find((x) => x.slug === SLUG);
  const tasks = () => readFileSync(agent.tasksFile, 'utf8');
  const ourTerminals = () => vscode.window.terminals.filter((t) => t.name === NAME && t.exitStatus === undefined);
  const runCli = (args: string[], input?: string, env: Record<string, string> = {}) =>
    execFileSync(process.execPath, [a.agents.runner.cortexCommand().kind === 'node' ? (a.agents.runner.cortexCommand() as { cliPath: string }).cliPath : '', ...args], {
      env: { ...process.env, ELECTRON_RUN_AS_NODE: '1', ...env },
      input: input ?? '',
      timeout: 20_000,
    });
  /** Runs `wait`; when it fails, adds what the agent's terminal holds: its status, its shell and the processes under it. */
  const whatTheTerminalHolds = async (wait: () => Promise<unknown>) => {
    try {
      await wait();
    } catch (err) {
      const info = a.agents.runner.terminals.info(SLUG);
      const shell = await ourTerminals()[0]?.processId;
      let tree = 'no shell';
      try {
        if (shell) tree = execFileSync('ps', ['-o', 'pid=,ppid=,args=', '--ppid', String(shell), '-p', String(shell)], { encoding: 'utf8' }).trim();
      } catch (e) {
        tree = `ps failed: ${(e as Error).message}`;
      }
      throw new Error(`${(err as Error).message}. The terminal: ${info?.status ?? 'none'}, ${ourTerminals().length} open, shell integration ${ourTerminals()[0]?.shellIntegration ? 'on' : 'off'}; its shell and children:\n${tree}`);
    }
  };
  /** Runs `check`; when it fails, adds what decides the row: the driver's ticks, every session's report, the end of the agent's session log. */
  const explainingTheRow = async (check: () => Promise<unknown>) => {
    try {
      await check();
    } catch (err) {
      const sent = a.agents.driver.sent.filter((t) => t.slug === SLUG).map((t) => `${new Date(t.at).toISOString()} ${t.why}`);
      const sessions = a.agents.runner.states.sessionsOf(SLUG).map((x) => `${x.session ?? '-'} run ${x.run ?? '-'} ${x.state} at ${x.at}${x.message ? ` (${x.message})` : ''}`);
      const log = a.agents.usage.logPathOf(SLUG);
      const tail = log && existsSync(log) ? readFileSync(log, 'utf8').trimEnd().split('\n').slice(-8).map((l) => l.slice(0, 300)) : ['no session log'];
      throw new Error(`${(err as Error).message}\nticks sent: ${sent.join(', ') || 'none'}\nown run: ${a.agents.runner.terminals.info(SLUG)?.runId ?? '-'}; the row: ${JSON.stringify(row()?.run?.turn)}\nsessions:\n  ${sessions.join('\n  ')}\nsession log ends:\n  ${tail.join('\n  ')}`);
    }
  };
  const settled = async () => {
    await a.store.whenIdle();
    await a.agents.runner.states.whenIdle();
    await a.agents.driver.check();
  };

  before(async () => {
    a = await api();
    agent = await addAgent(a, { slug: SLUG, name: NAME, tasks: '' });
    team = path.dirname(path.dirname(path.dirname(agent.tasksFile)));
    writeFileSync(agent.noteFile, note(agent.project, tempFolder('cortex-home-')));
    a.store.notifyChanged([`agents/${SLUG}/${SLUG}.md`]);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === SLUG)?.launch?.cli === 'simulate', 10_000, 'the launch profile read from the note');
  });
  afterEach(async function () {
    // A failure on a CI machine is read from its output: the agent's turn-state files and what the row and its terminal said.
    if (this.currentTest?.state === 'failed') {
      const runDir = path.join(team, '.cortex', 'run', SLUG);
      const files = existsSync(runDir) ? readdirSync(runDir) : [];
      console.log(`    --- diagnostics: .cortex/run/${SLUG}: ${files.map((f) => `${f}: ${readFileSync(path.join(runDir, f), 'utf8').replace(/\s+/g, ' ').slice(0, 300)}`).join(' | ') || 'no files'}`);
      console.log(`    row: ${JSON.stringify(row()?.run ?? null)}; terminal: ${JSON.stringify(a.agents.runner.terminals.info(SLUG) ?? null)}`);
    }
    await reset(a);
  });
  after(async () => {
    a.agents.runner.terminals.stop(SLUG);
    await waitFor(() => !a.agents.runner.terminals.isLive(SLUG), LONG, 'the terminal closed');
    await reset(a);
    await removeAgents(a, [SLUG]);
    removeTempFolders();
  });

  it('the launch profile from the note is on the row, before anything runs', async () => {
    const run = row()?.run;
    assert.ok(run, 'the row has a run line');
    assert.equal(run.terminal, 'none');
    assert.match(run.profile ?? '', /^Stand-in agent · cortex-team simulate --speed 20$/);
  });

  it('Start opens one terminal named after the agent, runs the stand-in with the first prompt, and it does the ready task', async () => {
    writeFileSync(agent.tasksFile, readyTask('Write the first note'));
    a.store.notifyChanged([`agents/${SLUG}/tasks.md`]);
    await a.store.whenIdle();
    assert.equal(await a.agents.commands.start(SLUG), 'started');
    const info = a.agents.runner.terminals.info(SLUG)!;
    assert.equal(info.name, NAME);
    assert.equal(info.cwd, agent.project);
    assert.match(info.commandLine, /dist\/cli\.js simulate --team .* --agent itest-runner --speed 20 --prompt 'Cortex: you are Itest Runner Agent\. Read \.cortex\.md/);
    assert.equal(ourTerminals().length, 1, 'one terminal for the agent');
    assert.ok(existsSync(path.join(team, '.cortex', 'run', SLUG)), "the agent's run folder made and watched before its terminal starts");
    // The stand-in's first report says it runs: when it never comes, say what the terminal holds.
    await whatTheTerminalHolds(() => waitFor(() => a.agents.runner.rawState(SLUG)?.run === info.runId, LONG, "the stand-in's first report from its terminal (its command line run by the shell)"));
    await waitFor(() => /## Write the first note\n\*\*Status:\*\* done/.test(tasks()), LONG, 'the stand-in to complete the task');
    assert.match(tasks(), /### Summary\nStand-in run by cortex-team simulate/);
    await waitFor(() => row()?.run?.turn === 'turn-finished', LONG, 'the row to show the turn finished');
    assert.equal(row()!.run!.terminal, 'running');
    assert.equal(a.agents.runner.rawState(SLUG)?.source, 'simulate');
    // The environment the agent got.
    const env = (a.agents.runner.terminals as unknown as { entries: Map<string, { terminal: vscode.Terminal }> }).entries.get(SLUG)!.terminal.creationOptions as vscode.TerminalOptions;
    assert.equal(env.env?.CORTEX_AGENT, SLUG);
    assert.equal(env.env?.CORTEX_TEAM, team);
    assert.equal(env.env?.CORTEX_RUN_ID, info.runId);
    assert.equal(a.agents.runner.rawState(SLUG)?.run, info.runId, "the stand-in's reports carry the terminal's run id");
  });

  it("the row shows the latest actions and today's tokens and cost from the agent's session log; Open Transcript opens it", async () => {
    await a.agents.usage.refresh();
    const run = await waitFor(() => (row()?.run?.usage && row()!.run!.activity.length > 0 ? row()!.run : undefined), LONG, 'usage and activity on the row');
    assert.ok(run.usage!.tokensToday > 1000, `tokens ${run.usage!.tokensToday}`);
    assert.ok(run.usage!.costToday > 0);
    assert.equal(run.usage!.unpricedToday, false);
    assert.equal(run.usage!.budget, null);
    assert.ok(run.activity.some((x) => x.kind === 'edit' && x.text === 'Write cortex-simulate/write-the-first-note.md') || run.activity.some((x) => x.kind === 'reply'), JSON.stringify(run.activity));
    const log = a.agents.usage.logPathOf(SLUG)!;
    assert.match(log, /\.jsonl$/);
    await vscode.commands.executeCommand('cortex.openTranscript', SLUG);
    await waitFor(() => vscode.window.activeTextEditor?.document.uri.fsPath === log, LONG, 'the session log in an editor');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('a second Start focuses the running terminal; Show Terminal focuses it too', async () => {
    const startedAt = a.agents.runner.terminals.info(SLUG)!.startedAt;
    assert.equal(await a.agents.commands.start(SLUG), 'focused');
    assert.equal(ourTerminals().length, 1, 'still one terminal');
    assert.equal(a.agents.runner.terminals.info(SLUG)!.startedAt, startedAt);
    await vscode.commands.executeCommand('workbench.action.terminal.new');
    await waitFor(() => vscode.window.activeTerminal && vscode.window.activeTerminal.name !== NAME, LONG, 'another terminal to be active');
    const other = vscode.window.activeTerminal!;
    assert.equal(await vscode.commands.executeCommand('cortex.showAgentTerminal', SLUG), true);
    await waitFor(() => vscode.window.activeTerminal?.name === NAME, LONG, "the agent's terminal to be active");
    other.dispose();
  });

  it('the heartbeat driver types the tick prompt for a task dispatched while the agent idles, and the agent picks it up', async () => {
    await settled();
    assert.deepEqual(a.agents.driver.decisionOf(SLUG), { send: false, why: 'no-work' });
    const before = a.agents.driver.sent.length;
    // Dispatched by another process (as `cortex-team dispatch` or a person would).
    runCli(['dispatch', '--team', team, '--agent', SLUG, '--title', 'Picked up by the driver', '--body', 'Nobody types anything.']);
    await waitFor(() => a.agents.driver.sent.length > before, LONG, 'the driver to send a tick');
    const tick = a.agents.driver.sent[a.agents.driver.sent.length - 1];
    assert.equal(tick.slug, SLUG);
    assert.equal(tick.why, 'new-task');
    assert.match(tick.prompt, /^Cortex tick: /);
    await waitFor(() => /## Picked up by the driver\n\*\*Status:\*\* done/.test(tasks()), LONG, 'the stand-in to complete the dispatched task');
    await waitFor(() => row()?.run?.turn === 'turn-finished', LONG, 'the turn to finish');
    // The store learns of the completed task through its watcher: look until the driver has seen it.
    await waitFor(async () => (await settled(), a.agents.driver.decisionOf(SLUG)?.why === 'no-work'), LONG, 'the driver to see the empty queue (an empty queue stops the ticks)');
    assert.equal(a.agents.driver.sent.slice(before).filter((t) => t.slug === SLUG).length, 1, 'one tick for one dispatch');
  });

  it("another session in the agent's project (claude mcp list: its SessionEnd), or a report with no session id, changes nothing on the row", async () => {
    await waitFor(() => row()?.run?.turn === 'turn-finished', LONG, 'the turn finished');
    const own = a.agents.runner.rawState(SLUG);
    runCli(['hook', '--team', team, '--agent', SLUG, '--source', 'claude-code'], JSON.stringify({ hook_event_name: 'SessionEnd', session_id: 'claude-mcp-list', reason: 'other' }));
    runCli(['hook', '--team', team, '--agent', SLUG, '--source', 'claude-code'], JSON.stringify({ hook_event_name: 'Notification', message: 'No session said' }), { CORTEX_RUN_ID: a.agents.runner.terminals.info(SLUG)!.runId! });
    await waitFor(() => a.agents.runner.states.sessionsOf(SLUG).some((s) => s.session === 'claude-mcp-list'), LONG, "the other session's report read");
    await settled();
    await explainingTheRow(async () => assert.equal(row()!.run!.turn, 'turn-finished'));
    assert.deepEqual(a.agents.runner.rawState(SLUG), own);
    assert.ok(!a.agents.runner.states.sessionsOf(SLUG).some((s) => s.message === 'No session said'), 'a report with no session id is not recorded');
  });

  it('a report is read by the next look at the folders of the agents running here, whatever the file watchers saw', async () => {
    // A watcher can miss every file of a folder made just before (code-server, at the first Start of a team).
    assert.ok(a.agents.runner.terminals.isLive(SLUG));
    runCli(['hook', '--team', team, '--agent', SLUG, '--source', 'claude-code'], JSON.stringify({ hook_event_name: 'SessionEnd', session_id: 'seen-by-a-look', reason: 'other' }));
    await a.agents.runner.states.poll();
    assert.ok(a.agents.runner.states.sessionsOf(SLUG).some((s) => s.session === 'seen-by-a-look'), 'read by the look, without waiting for a watcher');
  });

  it('needs input from a hook call reaches the row, the status bar and a notification with Show Terminal', async () => {
    a.setPromptAnswers({ message: () => undefined });
    a.clearShownMessages();
    const payload = { hook_event_name: 'Notification', session_id: 's-1', message: 'Claude needs your permission to use Bash', notification_type: 'permission_prompt' };
    // As the agent's own CLI reports it: its hooks inherit the terminal's CORTEX_RUN_ID.
    const own = { CORTEX_RUN_ID: a.agents.runner.terminals.info(SLUG)!.runId! };
    runCli(['hook', '--team', team, '--agent', SLUG, '--source', 'claude-code'], JSON.stringify(payload), own);
    await explainingTheRow(() => waitFor(() => row()?.run?.turn === 'needs-input', LONG, 'the row to show needs input'));
    assert.equal(row()!.run!.message, 'Claude needs your permission to use Bash');
    // The same question in the Team view's Needs you list, answered in the terminal.
    const item = a.viewState().needsYou.find((r) => r.agent === SLUG);
    assert.deepEqual(item && { kind: item.kind, agentName: item.agentName, tool: item.tool, text: item.text, options: item.options, hasTerminal: item.hasTerminal }, { kind: 'terminal', agentName: NAME, tool: 'Bash', text: 'Claude needs your permission to use Bash', options: [], hasTerminal: true });
    await waitFor(() => messages(a).some((m) => /needs your input/.test(m.message)), LONG, 'the notification');
    const shown = message(a, /Itest Runner Agent needs your input: Claude needs your permission to use Bash \[Show Terminal\]\(command:cortex\.showAgentTerminal\?/, 'waiting');
    assert.deepEqual(shown.items, ['Cancel']);
    assert.equal(a.waitingNotices, 1, 'up while the question is');
    assert.match(a.statusBar.text, /\$\(bell-dot\) Cortex: .*· 1 needs input ·/);
    // The heartbeat driver waits for the answer.
    await settled();
    assert.deepEqual(a.agents.driver.decisionOf(SLUG), { send: false, why: 'no-work' }, 'nothing to tick for (its queue is empty)');
    // A tool ran: the question was answered.
    runCli(['hook', '--team', team, '--agent', SLUG, '--source', 'claude-code'], JSON.stringify({ hook_event_name: 'Stop', session_id: 's-1', last_assistant_message: 'Done.' }), own);
    await waitFor(() => row()?.run?.turn === 'turn-finished', LONG, 'the row to leave needs input');
    await waitFor(() => !/needs input/.test(a.statusBar.text), LONG, "the status bar count to go");
    assert.ok(!a.viewState().needsYou.some((r) => r.agent === SLUG), 'gone from the Needs you list');
    await waitFor(() => a.waitingNotices === 0, LONG, 'the notification to close by itself');
  });

  it('a question (as a permission dialog) is never answered by the driver: not after another session in the project ended, not for a new dispatch; the person answers it', async () => {
    await settled();
    const before = a.agents.driver.sent.length;
    runCli(['dispatch', '--team', team, '--agent', SLUG, '--title', 'Ask before this [ask]', '--body', 'Needs a yes.']);
    await waitFor(() => row()?.run?.turn === 'needs-input', LONG, 'the stand-in to ask (it reads its next line as the answer)');
    assert.equal(a.agents.driver.sent.length, before + 1, 'one tick, for the dispatch');
    // The old defect: a second `claude` in the project ended its session ("ended" for the agent), and the next
    // dispatch made the driver type its tick into the dialog, which took it as the answer.
    runCli(['hook', '--team', team, '--agent', SLUG, '--source', 'claude-code'], JSON.stringify({ hook_event_name: 'SessionEnd', session_id: 'claude-mcp-list-2', reason: 'other' }));
    runCli(['dispatch', '--team', team, '--agent', SLUG, '--title', 'Dispatched while it asks', '--body', 'Waits for the answer.']);
    await waitFor(() => a.agents.runner.states.sessionsOf(SLUG).some((x) => x.session === 'claude-mcp-list-2'), LONG, "the other session's report read");
    await waitFor(async () => (await settled(), a.store.team?.agents.find((x) => x.slug === SLUG)?.tasks.some((t) => t.title === 'Dispatched while it asks')), LONG, 'the dispatch seen');
    assert.deepEqual(a.agents.driver.decisionOf(SLUG), { send: false, why: 'needs-input' });
    assert.equal(a.agents.driver.sent.length, before + 1, 'no tick typed into the question');
    assert.equal(await a.agents.runner.type(SLUG, 'yes'), false, 'nothing types into it');
    assert.match(tasks(), /## Ask before this \[ask\]\n\*\*Status:\*\* in-progress/);
    // The person answers in the terminal; the agent goes on with the task dispatched meanwhile.
    ourTerminals()[0].sendText('yes', true);
    await waitFor(() => /## Ask before this \[ask\]\n\*\*Status:\*\* done/.test(tasks()), LONG, 'the answered task done');
    await waitFor(() => /## Dispatched while it asks\n\*\*Status:\*\* done/.test(tasks()), LONG, 'the next task done in the same turn');
    await waitFor(() => row()?.run?.turn === 'turn-finished', LONG, 'the turn to finish');
  });

  it('a denied permission (No or Esc: Claude Code fires no hook) brings the row back to its prompt from the session log, within seconds', async () => {
    await settled();
    const own = { CORTEX_RUN_ID: a.agents.runner.terminals.info(SLUG)!.runId! };
    const log = path.join(tempFolder('claude-log-'), 's-deny.jsonl');
    const line = (ms: number, type: string, content: unknown) => JSON.stringify({ type, timestamp: new Date(ms).toISOString(), sessionId: 's-deny', message: { role: type, content } }) + '\n';
    writeFileSync(log, line(Date.now() - 1000, 'assistant', [{ type: 'tool_use', id: 'toolu_1', name: 'mcp__cortex__claim_task', input: {} }]));
    runCli(['hook', '--team', team, '--agent', SLUG, '--source', 'claude-code'], JSON.stringify({ hook_event_name: 'PermissionRequest', session_id: 's-deny', transcript_path: log, tool_name: 'mcp__cortex__claim_task', tool_input: {} }), own);
    await waitFor(() => row()?.run?.turn === 'needs-input', LONG, 'the permission question on the row');
    assert.equal(row()!.run!.message, 'Permission to use mcp__cortex__claim_task');
    // The person answers No: the CLI writes the rejection and the interrupt line, and fires no hook.
    const later = Date.now() + 1000;
    appendFileSync(log, line(later, 'user', [{ type: 'tool_result', tool_use_id: 'toolu_1', is_error: true, content: "The user doesn't want to proceed with this tool use." }]) + line(later + 1, 'user', [{ type: 'text', text: '[Request interrupted by user for tool use]' }]));
    await waitFor(() => row()?.run?.turn === 'turn-finished', LONG, 'the row back at its prompt');
    assert.equal(a.agents.runner.rawState(SLUG)?.event, 'transcript');
    assert.equal(a.agents.runner.rawState(SLUG)?.session, 's-deny');
    await waitFor(() => !/needs input/.test(a.statusBar.text), LONG, 'the status bar count gone');
    // Claude Code's Notification hook can come seconds after its dialog appeared, after the no (seen with 2.1.197):
    // the log already holds the answer, so the row comes back to its prompt.
    await waitFor(() => Date.now() > later + 10, LONG, 'the clock past the interrupt line');
    const lateHook = Date.now();
    runCli(['hook', '--team', team, '--agent', SLUG, '--source', 'claude-code'], JSON.stringify({ hook_event_name: 'Notification', session_id: 's-deny', transcript_path: log, message: 'Claude needs your permission', notification_type: 'permission_prompt' }), own);
    await waitFor(() => a.agents.runner.rawState(SLUG)?.event === 'transcript' && Date.parse(a.agents.runner.rawState(SLUG)!.at) >= lateHook, LONG, 'the late question answered from the log');
    await waitFor(() => row()?.run?.turn === 'turn-finished', LONG, 'the row back at its prompt');
  });

  it("a denied permission in Gemini CLI (its log's \"Request cancelled.\", no hook) brings the row back to its prompt too", async () => {
    await settled();
    const own = { CORTEX_RUN_ID: a.agents.runner.terminals.info(SLUG)!.runId! };
    const log = path.join(tempFolder('gemini-log-'), 'session-g-deny.jsonl');
    // An older report never replaces a newer one: the last test's recorded answer is stamped a second ahead.
    const newest = Date.parse(a.agents.runner.rawState(SLUG)?.at ?? '1970-01-01T00:00:00Z');
    await waitFor(() => Date.now() > newest + 10, LONG, 'the clock past the newest report');
    writeFileSync(log, JSON.stringify({ id: 'm1', timestamp: new Date(Date.now() - 1000).toISOString(), type: 'gemini', content: '', model: 'gemini-2.5-flash' }) + '\n');
    const payload = { hook_event_name: 'Notification', session_id: 'g-deny', transcript_path: log, notification_type: 'ToolPermission', message: 'Tool Confirm Shell Command requires execution' };
    runCli(['hook', '--team', team, '--agent', SLUG, '--source', 'gemini'], JSON.stringify(payload), own);
    await waitFor(() => row()?.run?.turn === 'needs-input', LONG, 'the permission question on the row');
    assert.equal(a.agents.runner.rawState(SLUG)?.session, 'g-deny');
    // The person answers Esc: Gemini CLI marks the call cancelled and says so in its log, and fires no hook.
    const asked = Date.parse(a.agents.runner.rawState(SLUG)!.at);
    appendFileSync(log, JSON.stringify({ id: 'i1', timestamp: new Date(asked + 1000).toISOString(), type: 'info', content: 'Request cancelled.' }) + '\n');
    await waitFor(() => row()?.run?.turn === 'turn-finished', LONG, 'the row back at its prompt');
    assert.equal(a.agents.runner.rawState(SLUG)?.event, 'transcript');
    assert.equal(a.agents.runner.rawState(SLUG)?.session, 'g-deny');
  });

  it('an agent run here is alive while its session works: the dashboard ticks it, through the one writer, when its session reports and its tick is stale', async () => {
    await settled();
    const own = { CORTEX_RUN_ID: a.agents.runner.terminals.info(SLUG)!.runId! };
    const later = new Date(Date.now() + 40 * 60_000);
    a.setNow(() => later);
    try {
      // Its session works (a turn under way, no tick from the model), and it has work.
      runCli(['hook', '--team', team, '--agent', SLUG, '--source', 'claude-code'], JSON.stringify({ hook_event_name: 'UserPromptSubmit', session_id: 's-live', prompt: 'Go on' }), own);
      await waitFor(() => row()?.run?.turn === 'working', LONG, 'its session working');
      runCli(['dispatch', '--team', team, '--agent', SLUG, '--title', 'Kept alive', '--body', 'While its session works.']);
      const stamp = `${later.getFullYear()}-${String(later.getMonth() + 1).padStart(2, '0')}-${String(later.getDate()).padStart(2, '0')}T${String(later.getHours()).padStart(2, '0')}:${String(later.getMinutes()).padStart(2, '0')}`;
      await waitFor(async () => (await a.store.whenIdle(), await a.agents.ticker.check(), tasks().includes(`<!-- cortex:last-tick ${stamp} -->`)), LONG, 'the tick written for its working session');
      await waitFor(() => row()?.liveness === 'alive', LONG, 'the row alive');
      // The turn ends; the driver picks the task up as usual.
      runCli(['hook', '--team', team, '--agent', SLUG, '--source', 'claude-code'], JSON.stringify({ hook_event_name: 'Stop', session_id: 's-live' }), own);
      await waitFor(() => /## Kept alive\n\*\*Status:\*\* done/.test(tasks()), LONG, 'the task done after the turn ended');
    } finally {
      a.setNow(undefined);
    }
  });

  it('Restart stops the agent and starts it again in a new terminal', async () => {
    const first = ourTerminals()[0];
    const firstPid = await first.processId;
    a.setPromptAnswers({ message: () => 'Stop' });
    assert.equal(await vscode.commands.executeCommand('cortex.restartAgent', SLUG), 'started');
    assert.ok(first.exitStatus !== undefined || !vscode.window.terminals.includes(first), 'the first terminal closed');
    assert.equal(a.agents.runner.terminals.isLive(SLUG), true);
    assert.notEqual(await ourTerminals()[0].processId, firstPid, 'a new terminal');
    await waitFor(() => row()?.run?.turn === 'turn-finished', LONG, 'the new session to finish its first turn');
    assert.equal(ourTerminals().length, 1, 'one terminal again');
  });

  it('an agent that exits shows its exit on the row; its terminal stays until Start replaces it', async () => {
    assert.equal(await a.agents.runner.type(SLUG, '/exit'), true);
    await waitFor(() => row()?.run && row()!.run!.terminal !== 'running' && row()!.run!.terminal !== 'starting', LONG, 'the row to show the exit');
    const run = row()!.run!;
    assert.ok(run.terminal === 'exited' || run.terminal === 'closed', `terminal ${run.terminal}`);
    if (run.terminal === 'exited') assert.equal(run.exitCode, 0);
    await waitFor(() => row()?.run?.turn === 'ended', LONG, 'the stand-in to report its session ended');
    assert.equal(a.agents.runner.terminals.isLive(SLUG), false);
  });

  it('Stop closes a running terminal; Stop on a stopped agent says so', async () => {
    assert.equal(await a.agents.commands.start(SLUG), 'started');
    await waitFor(() => row()?.run?.turn === 'turn-finished', LONG, 'the first turn to finish');
    a.setPromptAnswers({ message: () => undefined });
    assert.equal(await vscode.commands.executeCommand('cortex.stopAgent', SLUG), true);
    await waitFor(() => row()?.run?.terminal === 'closed', LONG, 'the row to show the terminal closed');
    assert.equal(ourTerminals().length, 0);
    a.clearShownMessages();
    assert.equal(await vscode.commands.executeCommand('cortex.stopAgent', SLUG), false);
    message(a, /Itest Runner Agent is not running in a terminal here/, 'info');
  });

  it('after a reload: a terminal still open is found again; one that is gone is said to have ended', async () => {
    assert.equal(await a.agents.commands.start(SLUG), 'started');
    await waitFor(() => row()?.run?.turn === 'turn-finished', LONG, 'the first turn to finish');
    const terminal = ourTerminals()[0];
    const pid = await terminal.processId;
    const info = a.agents.runner.terminals.info(SLUG)!;
    const saved = { name: NAME, pid, cli: info.cli, cwd: info.cwd, startedAt: info.startedAt, commandLine: info.commandLine, runId: info.runId };
    const gone = { name: 'Itest Gone Agent', pid: 999_999, cli: 'claude-code', cwd: info.cwd, startedAt: info.startedAt, commandLine: 'claude' };
    const next = a.agents.newTerminals({ [SLUG]: saved, 'itest-gone': gone });
    try {
      await waitFor(() => next.info(SLUG)?.reconnected, LONG, 'the open terminal found again');
      assert.equal(next.isLive(SLUG), true);
      assert.equal(next.info(SLUG)?.runId, info.runId, 'its run id kept: its own session is known again');
      assert.equal(next.info('itest-gone'), undefined, 'still looking for the other one');
      next.finishReconnect();
      assert.equal(next.info('itest-gone')?.status, 'ended');
      assert.equal(next.isLive('itest-gone'), false);
    } finally {
      next.dispose();
    }
  });
});

// Stop ends every process of the agent, also those its terminal's hang-up does not end:
// a TUI that ignores SIGHUP (Gemini CLI's) and a daemon that left the process tree
// (Codex's app-server).
describe('Running agents: Stop ends every process the agent started; a CLI not found says so', function () {
  this.timeout(2 * LONG);
  const STUBBORN = 'itest-stubborn-runner';
  let a: CortexTestApi;
  let agent: TestAgent;

  before(async () => {
    a = await api();
    agent = await addAgent(a, { slug: STUBBORN, name: 'Itest Stubborn Agent', tasks: '' });
  });
  after(async () => {
    await reset(a);
    await removeAgents(a, [STUBBORN]);
    removeTempFolders();
  });

  const alive = (pid: number) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };

  it('a TUI that ignores the hang-up and a daemon outside the process tree both end with Stop', async () => {
    const dir = tempFolder('stubborn-');
    const script = path.join(dir, 'agent.js');
    const pidsFile = path.join(dir, 'pids.json');
    writeFileSync(
      script,
      [
        "const { spawn } = require('child_process');",
        "process.on('SIGHUP', () => {});",
        "const daemon = spawn(process.execPath, ['-e', 'process.on(\"SIGHUP\", () => {}); setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });",
        'daemon.unref();',
        "require('fs').writeFileSync(process.argv[2], JSON.stringify([process.pid, daemon.pid]));",
        'setInterval(() => {}, 1000);',
        '',
      ].join('\n'),
    );
    const note = readFileSync(agent.noteFile, 'utf8').replace(/^---\n/, `---\nlaunch:\n  cli: custom\n  command: ${JSON.stringify(`${process.execPath} ${script} ${pidsFile}`)}\n  env: { ELECTRON_RUN_AS_NODE: "1" }\n  heartbeat: false\n`);
    writeFileSync(agent.noteFile, note);
    a.store.notifyChanged([`agents/${STUBBORN}/${STUBBORN}.md`]);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === STUBBORN)?.launch?.cli === 'custom', 10_000, 'the launch profile read');
    assert.equal(await a.agents.commands.start(STUBBORN), 'started');
    const [tui, daemon] = await waitFor(() => (existsSync(pidsFile) ? (JSON.parse(readFileSync(pidsFile, 'utf8')) as [number, number]) : undefined), LONG, 'the agent and its daemon running');
    assert.ok(alive(tui) && alive(daemon));
    a.setPromptAnswers({ message: () => 'Stop' });
    assert.equal(await vscode.commands.executeCommand('cortex.stopAgent', STUBBORN), true);
    await waitFor(() => !alive(tui) && !alive(daemon), LONG, 'both processes ended');
  });

  it('a CLI that is not found says so on the row and in a notification: the command, the PATH it was looked for on, and how to fix it', async () => {
    await waitFor(() => !a.agents.runner.terminals.isLive(STUBBORN), LONG, 'the earlier run stopped');
    const note = readFileSync(agent.noteFile, 'utf8').replace(/  command: .*\n/, '  command: cortex-no-such-agent-cli\n');
    writeFileSync(agent.noteFile, note);
    a.store.notifyChanged([`agents/${STUBBORN}/${STUBBORN}.md`]);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === STUBBORN)?.launch?.command === 'cortex-no-such-agent-cli', 10_000, 'the new command read');
    a.setPromptAnswers({ message: () => undefined });
    a.clearShownMessages();
    assert.equal(await a.agents.commands.start(STUBBORN), 'started');
    await waitFor(() => messages(a).some((m) => /was not found/.test(m.message)), LONG, 'the notification');
    const shown = message(a, /Itest Stubborn Agent did not start: its command "cortex-no-such-agent-cli" was not found \(exit code 127\)\. Looked for on its terminal's PATH: .+\. Install it, or give its full path as "command:" under "launch:"/, 'error');
    assert.ok(shown.items.includes('Open Settings'));
    const run = a.viewState().agents.find((x) => x.slug === STUBBORN)!.run!;
    assert.equal(run.exitCode, 127);
    assert.match(run.problem ?? '', /^cortex-no-such-agent-cli was not found on its terminal's PATH: set launch\.command/);
  });
});

// Codex's notify program is told the thread id, never the log: the dashboard finds the
// thread's rollout under $CODEX_HOME/sessions and reads its token counts.
describe("Running agents: a Codex agent's tokens from its thread's rollout", function () {
  this.timeout(LONG);
  const CODEX = 'itest-codex-runner';
  const THREAD = '019a2b3c-4d5e-7f60-8a9b-0c1d2e3f4a5b';
  let a: CortexTestApi;
  let agent: TestAgent;
  let savedHome: string | undefined;

  before(async () => {
    a = await api();
    agent = await addAgent(a, { slug: CODEX, name: 'Itest Codex Runner', tasks: '' });
    savedHome = process.env.CODEX_HOME;
    // The extension host is this process: the usage service reads $CODEX_HOME as Codex does.
    process.env.CODEX_HOME = tempFolder('codex-home-');
  });
  after(async () => {
    if (savedHome === undefined) delete process.env.CODEX_HOME;
    else process.env.CODEX_HOME = savedHome;
    await removeAgents(a, [CODEX]);
    removeTempFolders();
  });

  it('a notify report with the thread id: the rollout of that thread is read for its tokens, and is the log Open Transcript opens', async () => {
    const day = path.join(process.env.CODEX_HOME!, 'sessions', '2026', '03', '28');
    mkdirSync(day, { recursive: true });
    const rollout = path.join(day, `rollout-2026-03-28T11-00-00-${THREAD}.jsonl`);
    const line = (type: string, payload: unknown) => JSON.stringify({ timestamp: '2026-03-28T11:00:05.000Z', type, payload });
    writeFileSync(
      rollout,
      [
        line('session_meta', { id: THREAD, cwd: agent.project }),
        line('turn_context', { model: 'gpt-5', cwd: agent.project }),
        line('event_msg', { type: 'token_count', info: { total_token_usage: { input_tokens: 1200, cached_input_tokens: 200, output_tokens: 300 } } }),
      ].join('\n') + '\n',
    );
    const team = path.dirname(path.dirname(path.dirname(agent.tasksFile)));
    const cli = (a.agents.runner.cortexCommand() as { cliPath: string }).cliPath;
    const payload = { type: 'agent-turn-complete', 'thread-id': THREAD, 'turn-id': '1', cwd: agent.project, 'input-messages': ['Cortex tick:'], 'last-assistant-message': 'Done.' };
    execFileSync(process.execPath, [cli, 'hook', '--team', team, '--agent', CODEX, '--source', 'codex', JSON.stringify(payload)], { env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 20_000 });
    await waitFor(() => a.agents.runner.rawState(CODEX)?.session === THREAD, LONG, "the notify report's thread id");
    await a.agents.usage.refresh();
    assert.equal(a.agents.usage.logPathOf(CODEX), rollout);
    assert.deepEqual(
      a.agents.usage.recordsOf(CODEX).map((r) => [r.model, r.usage.input, r.usage.cacheRead, r.usage.output]),
      [['gpt-5', 1000, 200, 300]],
    );
  });
});
