// Every command the extension contributes, run the way users and other extensions run them.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { formatDate, wallMinutes } from '../../../src/base/time';
import type { CortexTestApi } from '../../../src/app/test-api';
import { EXTENSION_ID, activeEditorPath, closeEditors, cortexApi, teamDir, waitFor } from './cortex-helpers';

describe('Cortex: commands', () => {
  let api: CortexTestApi;
  let team: string;
  const scratch: string[] = [];

  before(async function () {
    this.timeout(60_000);
    api = await cortexApi();
    team = await teamDir(api);
  });

  afterEach(async () => {
    api.setPromptAnswers(undefined);
    await closeEditors();
  });

  after(async () => {
    // Back to the workspace's own team, whatever a test selected.
    api.setPromptAnswers({ quickPick: (items) => items.find((i) => /Find Automatically/.test(i.label)) });
    await vscode.commands.executeCommand('cortex.selectTeamFolder');
    api.setPromptAnswers(undefined);
    await waitFor(() => api.store.location?.source === 'workspace' && api.store.state === 'loaded', 10_000, 'the workspace team again');
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });

  it('contributes commands titled "Cortex: …", each with an icon, and registers them all', async () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { commands: Array<{ command: string; title: string; category?: string; icon?: string }> };
    };
    const registered = await vscode.commands.getCommands(true);
    for (const c of pkg.contributes.commands) {
      assert.equal(c.category, 'Cortex', `${c.command} is in the Cortex category`);
      assert.ok(c.icon, `${c.command} has an icon`);
      assert.ok(registered.includes(c.command), `${c.command} is registered`);
    }
  });

  it('Open Agent Note opens agents/<slug>/<slug>.md for a slug', async () => {
    await vscode.commands.executeCommand('cortex.openAgentNote', 'billing-dev');
    assert.equal(activeEditorPath(team), 'agents/billing-dev/billing-dev.md');
  });

  it('Open Agent Note takes the Team view context menu argument', async () => {
    await vscode.commands.executeCommand('cortex.openAgentNote', { webview: 'cortex.team', webviewSection: 'agent', agentSlug: 'infra-ops' });
    assert.equal(activeEditorPath(team), 'agents/infra-ops/infra-ops.md');
  });

  it('Open Agent Note from the palette asks which agent', async () => {
    let offered: string[] = [];
    api.setPromptAnswers({
      quickPick: (items) => {
        offered = items.map((i) => i.description ?? '');
        return items.find((i) => i.description === 'docs-writer');
      },
    });
    await vscode.commands.executeCommand('cortex.openAgentNote');
    assert.ok(offered.includes('chief-of-staff') && offered.includes('qa-engineer'), offered.join(','));
    assert.equal(activeEditorPath(team), 'agents/docs-writer/docs-writer.md');
  });

  it('Open Agent Note for an unknown agent says so and opens nothing', async () => {
    api.setPromptAnswers({});
    await vscode.commands.executeCommand('cortex.openAgentNote', 'no-such-agent');
    assert.equal(vscode.window.activeTextEditor, undefined);
    assert.ok(api.shownMessages.some((m) => /no agent "no-such-agent"/.test(m.message)));
  });

  it('Open Tasks File opens agents/<slug>/tasks.md', async () => {
    await vscode.commands.executeCommand('cortex.openTasksFile', 'chief-of-staff');
    assert.equal(activeEditorPath(team), 'agents/chief-of-staff/tasks.md');
  });

  it('Open Task opens tasks.md with the cursor on the task heading', async () => {
    const agent = api.store.team!.agents.find((a) => a.slug === 'infra-ops')!;
    const index = agent.tasks.findIndex((t) => t.status === 'ready');
    assert.ok(index >= 0);
    await vscode.commands.executeCommand('cortex.openTask', { webviewSection: 'task', agentSlug: 'infra-ops', taskIndex: index });
    const editor = vscode.window.activeTextEditor!;
    assert.equal(activeEditorPath(team), 'agents/infra-ops/tasks.md');
    assert.equal(editor.selection.active.line, agent.tasks[index].line - 1);
    assert.equal(editor.document.lineAt(editor.selection.active.line).text, `## ${agent.tasks[index].title}`);
  });

  it('Open Project Note opens projects/<slug>.md', async () => {
    const slug = api.store.team!.projects[0].slug;
    await vscode.commands.executeCommand('cortex.openProjectNote', slug);
    assert.equal(activeEditorPath(team), `projects/${slug}.md`);
  });

  it('Focus Team View reveals the view and its page says ready', async function () {
    this.timeout(30_000);
    await vscode.commands.executeCommand('cortex.focusTeamView');
    await waitFor(() => api.view.isReady, 20_000, 'the Team view page');
    assert.ok(api.view.lastPostedState, 'the host posted a state after ready');
  });

  it('Show Log shows the Cortex log channel', async function () {
    this.timeout(20_000);
    // A shown output channel is a visible editor on a document of the "output" scheme, named after the channel.
    const shown = () => vscode.window.visibleTextEditors.find((e) => e.document.uri.scheme === 'output' && decodeURIComponent(e.document.uri.toString()).includes(api.logName));
    await vscode.commands.executeCommand('workbench.action.closePanel');
    await waitFor(() => !shown(), 10_000, 'the panel to close');
    await vscode.commands.executeCommand('cortex.showOutput');
    const editor = await waitFor(shown, 10_000, () => `the Cortex log in a visible editor; visible: ${vscode.window.visibleTextEditors.map((e) => e.document.uri.toString()).join(', ') || 'none'}`);
    assert.ok(editor.document.lineCount >= 1);
  });

  it('Refresh keeps the team loaded', async function () {
    this.timeout(20_000);
    await vscode.commands.executeCommand('cortex.refresh');
    assert.equal(api.store.state, 'loaded');
    assert.ok(api.store.team!.agents.length >= 6);
  });

  it('follows the cortex.teamDirectory setting, and says so when it points nowhere', async function () {
    this.timeout(30_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cortex-setting-'));
    scratch.push(dir);
    mkdirSync(path.join(dir, 'agents', 'solo'), { recursive: true });
    writeFileSync(path.join(dir, 'agents', 'solo', 'solo.md'), '---\nname: Solo\nstatus: active\n---\n\n## Role\nWorks alone.\n');
    writeFileSync(path.join(dir, 'agents', 'solo', 'tasks.md'), '');
    const config = vscode.workspace.getConfiguration('cortex');
    try {
      await config.update('teamDirectory', dir, vscode.ConfigurationTarget.Global);
      await waitFor(() => api.store.location?.uri.fsPath === dir && api.store.state === 'loaded', 10_000, 'the team from the setting');
      assert.equal(api.store.location!.source, 'setting');
      assert.deepEqual(
        api.store.team!.agents.map((a) => a.name),
        ['Solo'],
      );
      const nowhere = path.join(dir, 'does-not-exist');
      await config.update('teamDirectory', nowhere, vscode.ConfigurationTarget.Global);
      await waitFor(() => api.viewState().status === 'noTeam', 10_000, 'no team');
      assert.match(api.viewState().message ?? '', /does not exist/);
    } finally {
      await config.update('teamDirectory', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor(() => api.store.location?.source === 'workspace' && api.store.state === 'loaded', 10_000, 'the workspace team again');
  });

  it('Create Team Folder sets up agents/, projects/, templates/ and a chief of staff, then shows it', async function () {
    this.timeout(20_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cortex-create-'));
    scratch.push(dir);
    api.setPromptAnswers({ openDialog: () => [vscode.Uri.file(dir)] });
    await vscode.commands.executeCommand('cortex.createTeamFolder');
    for (const f of ['agents', 'projects', 'templates/agent-template.md', 'templates/project-template.md', 'agents/chief-of-staff/chief-of-staff.md', 'agents/chief-of-staff/tasks.md']) {
      assert.ok(existsSync(path.join(dir, f)), f);
    }
    assert.equal(readFileSync(path.join(dir, 'agents/chief-of-staff/tasks.md'), 'utf8'), '');
    const note = readFileSync(path.join(dir, 'agents/chief-of-staff/chief-of-staff.md'), 'utf8');
    assert.match(note, /^name: Chief of Staff$/m);
    assert.match(note, /^status: active$/m);
    assert.match(note, new RegExp(`^joined: ${formatDate(wallMinutes(api.now()))}$`, 'm'), 'joined on the extension clock\'s day');
    assert.match(note, /^Status: registered$/m);
    await waitFor(() => api.store.location?.uri.fsPath === dir && api.store.state === 'loaded', 10_000, 'the new team to be shown');
    assert.deepEqual(
      api.store.team!.agents.map((a) => a.slug),
      ['chief-of-staff'],
    );
    assert.equal(api.store.location!.source, 'selected');
  });

  it('Create Team Folder on a folder that already is a team offers to show it and writes nothing', async function () {
    this.timeout(20_000);
    const answers: string[] = [];
    api.setPromptAnswers({
      message: (_s, message) => {
        answers.push(message);
        return undefined;
      },
    });
    const before = readFileSync(path.join(team, 'agents/chief-of-staff/chief-of-staff.md'), 'utf8');
    await vscode.commands.executeCommand('cortex.createTeamFolder', vscode.Uri.file(team));
    assert.ok(answers.some((m) => /already a Cortex team folder/.test(m)));
    assert.equal(readFileSync(path.join(team, 'agents/chief-of-staff/chief-of-staff.md'), 'utf8'), before);
  });

  it('Select Team Folder lists the team folders it found and switches to the one picked', async function () {
    this.timeout(20_000);
    let labels: string[] = [];
    api.setPromptAnswers({
      quickPick: (items) => {
        labels = items.map((i) => `${i.label} ${i.description ?? ''}`);
        return items.find((i) => (i as { uri?: vscode.Uri }).uri?.fsPath === team);
      },
    });
    await vscode.commands.executeCommand('cortex.selectTeamFolder');
    assert.ok(labels.some((l) => l.includes('Browse')), labels.join(' | '));
    await waitFor(() => api.store.location?.uri.fsPath === team && api.store.state === 'loaded', 10_000, 'the picked team');
    assert.equal(api.store.location!.source, 'selected');
  });

  it('Select Team Folder → Browse refuses a folder without agents/ (offering to create one) and keeps the current team', async function () {
    this.timeout(20_000);
    const empty = mkdtempSync(path.join(os.tmpdir(), 'cortex-empty-'));
    scratch.push(empty);
    const shown: string[] = [];
    api.setPromptAnswers({
      quickPick: (items) => items.find((i) => /Browse/.test(i.label)),
      openDialog: () => [vscode.Uri.file(empty)],
      message: (_s, m) => {
        shown.push(m);
        return undefined;
      },
    });
    const before = api.store.location!.uri.fsPath;
    await vscode.commands.executeCommand('cortex.selectTeamFolder');
    assert.ok(shown.some((m) => /no agents\/ folder/.test(m)), shown.join(' | '));
    assert.equal(api.store.location!.uri.fsPath, before);
    assert.equal(existsSync(path.join(empty, 'agents')), false);
  });
});
