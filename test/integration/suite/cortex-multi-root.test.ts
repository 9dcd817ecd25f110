// Several team folders in one workspace: a second workspace folder with agents/ turns on
// `cortex.multipleTeams`, "Select Team Folder" offers both, the pick is shown everywhere
// and remembered, and removing that folder from the workspace falls back.
import * as assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { cortexApi, makeSoloTeam, teamDir, waitFor } from './cortex-helpers';

/** Adds or removes workspace folders and waits until VS Code says they changed. */
async function changeFolders(change: () => boolean): Promise<void> {
  const changed = new Promise<void>((resolve) => {
    const sub = vscode.workspace.onDidChangeWorkspaceFolders(() => {
      sub.dispose();
      resolve();
    });
  });
  assert.ok(change(), 'updateWorkspaceFolders accepted the change');
  await Promise.race([changed, new Promise((_, reject) => setTimeout(() => reject(new Error('no onDidChangeWorkspaceFolders within 15 s')), 15_000))]);
}

type PickItem = vscode.QuickPickItem & { uri?: vscode.Uri };

describe('Cortex: multi-root teams', () => {
  let api: CortexTestApi;
  let first: string;
  let second: string;

  before(async function () {
    this.timeout(60_000);
    api = await cortexApi();
    first = await teamDir(api);
    second = makeSoloTeam(path.join(os.tmpdir(), 'cortex-second-team-'));
  });

  afterEach(() => api.setPromptAnswers(undefined));

  after(async function () {
    this.timeout(30_000);
    const folders = vscode.workspace.workspaceFolders ?? [];
    const i = folders.findIndex((f) => f.uri.fsPath === second);
    if (i >= 0) await changeFolders(() => vscode.workspace.updateWorkspaceFolders(i, 1));
    api.setPromptAnswers({ quickPick: (items) => items.find((it) => /Find Automatically/.test(it.label)) });
    await vscode.commands.executeCommand('cortex.selectTeamFolder');
    api.setPromptAnswers(undefined);
    await waitFor(() => api.store.location?.uri.fsPath === first && api.store.state === 'loaded', 10_000, 'the workspace team again');
    rmSync(second, { recursive: true, force: true });
  });

  it('one team folder: cortex.multipleTeams is off', async () => {
    await api.locate();
    assert.equal(api.contextKey('cortex.multipleTeams'), false);
    assert.equal(api.viewState().multipleTeams, false);
  });

  it('a second workspace folder with agents/ turns cortex.multipleTeams on and keeps the first team shown', async function () {
    this.timeout(30_000);
    const count = vscode.workspace.workspaceFolders?.length ?? 0;
    await changeFolders(() => vscode.workspace.updateWorkspaceFolders(count, 0, { uri: vscode.Uri.file(second) }));
    assert.deepEqual(
      vscode.workspace.workspaceFolders?.map((f) => f.uri.fsPath),
      [first, second],
    );
    await waitFor(() => api.contextKey('cortex.multipleTeams') === true, 10_000, 'cortex.multipleTeams to turn on');
    assert.equal(api.viewState().multipleTeams, true, 'the Team view offers to select a team');
    assert.equal(api.store.location?.uri.fsPath, first, 'the first workspace folder is still shown');
    assert.equal(api.store.location?.source, 'workspace');
  });

  it('Select Team Folder offers both teams; picking the second shows it in the store, the Team view and the status bar', async function () {
    this.timeout(30_000);
    let offered: PickItem[] = [];
    api.setPromptAnswers({
      quickPick: (items) => {
        offered = items as PickItem[];
        return offered.find((i) => i.uri?.fsPath === second);
      },
    });
    await vscode.commands.executeCommand('cortex.selectTeamFolder');
    const teams = offered.filter((i) => i.uri).map((i) => i.uri!.fsPath);
    assert.deepEqual(teams, [first, second]);
    assert.match(offered.find((i) => i.uri?.fsPath === first)!.detail ?? '', /workspace folder · shown now/);
    await waitFor(() => api.store.location?.uri.fsPath === second && api.store.state === 'loaded', 10_000, 'the second team');
    assert.equal(api.store.location!.source, 'selected');
    assert.deepEqual(
      api.store.team!.agents.map((a) => a.name),
      ['Solo'],
    );
    const view = api.viewState();
    assert.equal(view.team?.name, path.basename(second));
    assert.deepEqual(
      view.agents.map((a) => a.name),
      ['Solo'],
    );
    assert.equal(view.multipleTeams, true);
    await waitFor(() => /Cortex: 1 agent · (1 down · )?1 ready$/.test(api.statusBar.text), 5_000, `the status bar to show the second team (it shows "${api.statusBar.text}")`);
    assert.equal(api.statusBar.visible, true);
  });

  it('the choice is remembered when the team is located again', async function () {
    this.timeout(20_000);
    await api.locate();
    await api.store.whenIdle();
    assert.equal(api.store.location?.uri.fsPath, second);
    assert.equal(api.store.location?.source, 'selected');
  });

  it('removing the selected folder from the workspace falls back to the first team', async function () {
    this.timeout(30_000);
    const i = vscode.workspace.workspaceFolders!.findIndex((f) => f.uri.fsPath === second);
    await changeFolders(() => vscode.workspace.updateWorkspaceFolders(i, 1));
    await waitFor(() => api.store.location?.uri.fsPath === first && api.store.state === 'loaded', 10_000, 'the first team again');
    assert.equal(api.store.location!.source, 'workspace');
    await waitFor(() => api.contextKey('cortex.multipleTeams') === false, 10_000, 'cortex.multipleTeams to turn off');
    assert.equal(api.viewState().multipleTeams, false);
    assert.ok(api.store.team!.agents.length >= 6);
  });
});
