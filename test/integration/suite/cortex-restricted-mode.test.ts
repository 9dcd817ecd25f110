// In Restricted Mode the dashboard reads but never writes, however a write is asked for.
// (code-server runs here with workspace trust disabled, so the suite turns Restricted
// Mode on through the extension's test hook; the guard under test is the real one.)
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { cortexApi, teamDir, waitFor } from './cortex-helpers';

describe('Cortex: Restricted Mode', () => {
  let api: CortexTestApi;
  let dir: string;

  before(async function () {
    this.timeout(60_000);
    api = await cortexApi();
    await teamDir(api);
  });

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cortex-restricted-'));
    api.setTrusted(false);
  });

  afterEach(() => {
    api.setTrusted(undefined);
    api.setPromptAnswers(undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  it('Create Team Folder invoked directly with a folder writes nothing and explains why', async () => {
    let dialogs = 0;
    api.setPromptAnswers({
      openDialog: () => {
        dialogs++;
        return [vscode.Uri.file(dir)];
      },
    });
    // The command's promise settles once it has refused: nothing is left to happen.
    await vscode.commands.executeCommand('cortex.createTeamFolder', vscode.Uri.file(dir));
    assert.deepEqual(readdirSync(dir), [], 'nothing was written');
    assert.equal(dialogs, 0, 'no folder dialog was even shown');
    const warning = api.shownMessages.find((m) => m.severity === 'warning');
    assert.ok(warning && /Restricted Mode/.test(warning.message) && /trust/i.test(warning.message), JSON.stringify(api.shownMessages));
    assert.deepEqual(warning!.items, ['Manage Workspace Trust']);
  });

  it('Create Team Folder from the palette (no argument) writes nothing either', async () => {
    api.setPromptAnswers({ openDialog: () => [vscode.Uri.file(dir)] });
    await vscode.commands.executeCommand('cortex.createTeamFolder');
    assert.equal(existsSync(path.join(dir, 'agents')), false);
  });

  it('the Team view\'s "Create Team Folder" button writes nothing', async () => {
    api.setPromptAnswers({ openDialog: () => [vscode.Uri.file(dir)] });
    if (!api.view.isReady) api.view.receive({ type: 'ready', protocol: 1 });
    api.view.receive({ type: 'createTeamFolder' });
    // The refusal is the end of the action: once it is shown, nothing more is written.
    await waitFor(() => api.shownMessages.some((m) => /Restricted Mode/.test(m.message)), 10_000, 'the refusal');
    assert.equal(existsSync(path.join(dir, 'agents')), false);
  });

  it('still reads: the team stays loaded and the view says it is read-only', () => {
    assert.equal(api.store.state, 'loaded');
    assert.equal(api.viewState().trusted, false);
    assert.ok(api.viewState().agents.length >= 6);
  });

  it('writes again once trusted', async function () {
    this.timeout(20_000);
    api.setTrusted(true);
    api.setPromptAnswers({});
    const result = await vscode.commands.executeCommand<unknown>('cortex.createTeamFolder', vscode.Uri.file(dir));
    assert.ok(result, 'the command returned the new team');
    assert.ok(existsSync(path.join(dir, 'agents', 'chief-of-staff', 'tasks.md')));
    // Back to the workspace team.
    api.setPromptAnswers({ quickPick: (items) => items.find((i) => /Find Automatically/.test(i.label)) });
    await vscode.commands.executeCommand('cortex.selectTeamFolder');
  });
});
