// Start All Agents and the offer to start a team (cortex.agents.offerToStartTeam, which
// `npm start` sets for the example team) in the real extension host: the agents that can
// start without a question are started in their terminals with the stand-in; the rest
// are named with why (no launch profile, no project folder here); the offer comes once
// per team folder and window.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { TestAgent, addAgent, api, messages, removeAgents, removeTempFolders, reset, tempFolder, waitFor } from './commands-helpers';

const LONG = 60_000;
const READY = 'itest-all-ready';
const BARE = 'itest-all-bare';
const AWAY = 'itest-all-away';

function note(name: string, project: string, home: string): string {
  return `---\nname: ${name}\nproject: ${project}\nstatus: active\njoined: 2026-03-01\nlaunch:\n  cli: simulate\n  args: [--speed, "20"]\n  env:\n    CORTEX_HOME: ${JSON.stringify(home)}\n---\n\n## Role\nStarted by Start All.\n`;
}

describe('Running agents: Start All Agents and the offer to start the team', function () {
  this.timeout(3 * LONG);
  let a: CortexTestApi;
  let ready: TestAgent;
  const config = () => vscode.workspace.getConfiguration('cortex.agents');
  const live = (slug: string) => a.agents.runner.terminals.isLive(slug);
  /** The stand-in's turn is over: nothing of it writes into the team folder any more until the next prompt. */
  const turnOver = (slug: string) => waitFor(() => a.agents.runner.turnOf(slug)?.state === 'turn-finished', LONG, `${slug}'s turn to finish`);

  before(async () => {
    a = await api();
    ready = await addAgent(a, { slug: READY, name: 'Itest All Ready', tasks: '## Say hello\n**Status:** ready\n\nFor Start All.\n' });
    writeFileSync(ready.noteFile, note(ready.name, ready.project, tempFolder('cortex-home-')));
    await addAgent(a, { slug: BARE, name: 'Itest All Bare' });
    const away = await addAgent(a, { slug: AWAY, name: 'Itest All Away', project: '/no/such/cortex/project' });
    writeFileSync(away.noteFile, note(away.name, '/no/such/cortex/project', tempFolder('cortex-home-')));
    a.store.notifyChanged([`agents/${READY}/${READY}.md`, `agents/${AWAY}/${AWAY}.md`]);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === READY)?.launch?.cli === 'simulate' && a.store.team?.agents.find((x) => x.slug === AWAY)?.launch?.cli === 'simulate', 10_000, 'the launch profiles read');
  });
  afterEach(async () => {
    for (const slug of [READY, AWAY, BARE]) a.agents.runner.terminals.stop(slug);
    await waitFor(() => ![READY, AWAY, BARE].some(live), LONG, 'the terminals closed');
    await config().update('offerToStartTeam', undefined, vscode.ConfigurationTarget.Global);
    await reset(a);
  });
  after(async () => {
    await removeAgents(a, [READY, BARE, AWAY]);
    removeTempFolders();
  });

  it('starts the agents that can start and says why the others did not', async () => {
    a.setPromptAnswers({ message: () => undefined });
    const result = await vscode.commands.executeCommand<{ started: string[]; skipped: Array<{ name: string; why: string }> }>('cortex.startAllAgents');
    assert.ok(result);
    assert.deepEqual(result.started, ['Itest All Ready']);
    const why = new Map(result.skipped.map((s) => [s.name, s.why]));
    assert.match(why.get('Itest All Bare') ?? '', /^no launch profile/);
    assert.match(why.get('Itest All Away') ?? '', /project folder \/no\/such\/cortex\/project is not on this machine/);
    assert.ok(live(READY));
    assert.equal(live(AWAY), false);
    const said = messages(a, 'info').filter((m) => /^Cortex: started Itest All Ready\. Not started: /.test(m.message));
    assert.equal(said.length, 1, JSON.stringify(a.shownMessages));
    assert.match(said[0].message, /Itest All Bare \(no launch profile/);
    // The stand-in does its task.
    await waitFor(() => /## Say hello\n\*\*Status:\*\* done/.test(readFileSync(ready.tasksFile, 'utf8')), LONG, 'the stand-in to complete its task');
    await turnOver(READY);
    // A second Start All leaves the running agent alone.
    const again = await vscode.commands.executeCommand<{ started: string[]; skipped: Array<{ name: string; why: string }> }>('cortex.startAllAgents');
    assert.deepEqual(again?.started, []);
    assert.equal(again?.skipped.find((s) => s.name === 'Itest All Ready')?.why, 'running already');
  });

  it('offers to start the team once when cortex.agents.offerToStartTeam is on, and Start All Agents starts it', async () => {
    let offers = 0;
    a.setPromptAnswers({
      message: (_severity, text, items) => {
        if (!/start this team's agents in terminals/.test(text)) return undefined;
        offers++;
        assert.deepEqual(items, ['Start All Agents', 'Not Now']);
        return 'Start All Agents';
      },
    });
    await config().update('offerToStartTeam', true, vscode.ConfigurationTarget.Global);
    await a.agents.commands.offerStartAll();
    await waitFor(() => live(READY), LONG, 'the offer to start the ready agent');
    await turnOver(READY);
    assert.equal(offers, 1);
    await a.agents.commands.offerStartAll();
    assert.equal(offers, 1, 'offered once per team folder and window');
  });
});
