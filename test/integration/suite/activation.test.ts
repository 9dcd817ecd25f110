// The extension is installed in the window the runner opened on a scratch copy of the
// example team, and activates there (the workspace contains agents/*/tasks.md).
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from '../../harness/wait-for';
import { describeZone, zoneOffsets } from '../../harness/zone';

const EXTENSION_ID = 'cortex-team.cortex-team';

describe('Activation', () => {
  it('opens the example team as the workspace', () => {
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.equal(folders.length, 1, 'one workspace folder');
    const team = process.env.CORTEX_TEST_TEAM;
    if (team) assert.equal(path.resolve(folders[0].uri.fsPath), path.resolve(team));
  });

  it('runs in the time zone of the run (TZ reaches the extension host)', () => {
    const expected = process.env.CORTEX_TEST_ZONE;
    assert.ok(expected, 'the runner says which zone it runs in');
    assert.equal(zoneOffsets(), expected, `the extension host runs in ${describeZone()}`);
  });

  it('has the extension installed', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, `${EXTENSION_ID} is installed`);
    assert.equal(extension.packageJSON.name, 'cortex-team');
  });

  it('activates on the example team', async function () {
    this.timeout(60_000);
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension);
    // workspaceContains:agents/*/tasks.md activates it by itself; wait for that
    // rather than activating it here, so the activation event is what is tested.
    await waitFor(() => extension.isActive, 30_000, 'the activation event to activate it', 100);
    assert.ok(extension.isActive, 'activated by its activation event within 30 s');
  });

  it('registers its commands', async () => {
    const commands = await vscode.commands.getCommands(true);
    const contributed = (
      vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.commands as Array<{ command: string }>
    ).map((c) => c.command);
    assert.ok(contributed.length > 0, 'the manifest contributes commands');
    const missing = contributed.filter((id) => !commands.includes(id));
    assert.deepEqual(missing, [], 'every contributed command is registered after activation');
  });
});
