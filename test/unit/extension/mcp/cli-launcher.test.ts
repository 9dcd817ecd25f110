// The stable launcher agents' MCP configurations run: a copy of the CLI per build in
// the extension's storage, a launcher that loads the newest, kept working across an
// update (the old extension folder gone), run as a real Node process.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { CliLauncher, LAUNCHER_FILE, launcherTarget, launcherText } from '../../../../src/extension/mcp/cli-launcher';

/** A package folder like the extension's: the bundles (cli.js prints who it is), and the protocol texts. */
function fakePackage(root: string, say: string): void {
  mkdirSync(path.join(root, 'dist'), { recursive: true });
  mkdirSync(path.join(root, 'templates', 'protocol'), { recursive: true });
  writeFileSync(path.join(root, 'dist', 'cli.js'), `#!/usr/bin/env node\nprocess.stdout.write(${JSON.stringify(say)} + ' ' + process.argv.slice(2).join(' ') + ' ' + require('fs').existsSync(require('path').join(__dirname, '..', 'templates', 'protocol', 'worker.md')));\n`);
  writeFileSync(path.join(root, 'dist', 'mcp.js'), `// ${say}\n`);
  writeFileSync(path.join(root, 'dist', 'hook.js'), `// ${say}\n`);
  writeFileSync(path.join(root, 'templates', 'protocol', 'worker.md'), '# worker\n');
}

function runLauncher(file: string, ...args: string[]): string {
  return execFileSync(process.execPath, [file, ...args], { encoding: 'utf8', timeout: 20_000 });
}

describe('CliLauncher (the stable command in MCP configurations)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'cortex-launcher-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('launcherText and launcherTarget agree; anything else is not a launcher', () => {
    assert.equal(launcherTarget(launcherText('0.1.0-abcdef012345')), '0.1.0-abcdef012345');
    assert.equal(launcherTarget("require('../elsewhere/dist/cli.js');\n"), undefined);
    assert.equal(launcherTarget('console.log(1)\n'), undefined);
  });

  it('installs a copy and a launcher that runs it; the path stays when the extension is updated and its old folder removed', async () => {
    const v1 = path.join(dir, 'extensions', 'cortex-team-0.1.0');
    fakePackage(v1, 'one');
    const storage = path.join(dir, 'storage');
    const first = await new CliLauncher(v1, storage, '0.1.0').ensure();
    assert.equal(first.path, path.join(storage, 'cli', LAUNCHER_FILE));
    assert.match(first.build, /^0\.1\.0-[0-9a-f]{12}$/);
    assert.equal(first.changed, true);
    assert.equal(runLauncher(first.path, 'mcp', '--team', '/t'), 'one mcp --team /t true', 'the copy finds its protocol texts beside it');

    // Nothing to do the second time.
    assert.equal((await new CliLauncher(v1, storage, '0.1.0').ensure()).changed, false);

    // The update: a new folder, the old one deleted; activation refreshes the launcher.
    const v2 = path.join(dir, 'extensions', 'cortex-team-0.2.0');
    fakePackage(v2, 'two');
    rmSync(v1, { recursive: true });
    const updated = await new CliLauncher(v2, storage, '0.2.0').refresh();
    assert.equal(updated?.path, first.path);
    assert.equal(updated?.changed, true);
    assert.equal(runLauncher(first.path, 'tick'), 'two tick true');
    // The copy before is kept (a server may be starting from it); nothing older.
    assert.deepEqual(readdirSync(path.join(storage, 'cli')).sort(), [first.build, updated!.build, LAUNCHER_FILE].sort());

    const v3 = path.join(dir, 'extensions', 'cortex-team-0.3.0');
    fakePackage(v3, 'three');
    const third = await new CliLauncher(v3, storage, '0.3.0').refresh();
    assert.deepEqual(readdirSync(path.join(storage, 'cli')).sort(), [updated!.build, third!.build, LAUNCHER_FILE].sort());
    assert.equal(runLauncher(first.path), 'three  true');
  });

  it('refresh does nothing where no launcher was ever installed (nobody generated a wiring)', async () => {
    const pkg = path.join(dir, 'pkg');
    fakePackage(pkg, 'one');
    assert.equal(await new CliLauncher(pkg, path.join(dir, 'storage'), '0.1.0').refresh(), undefined);
    assert.equal(existsSync(path.join(dir, 'storage')), false);
  });

  it('a rebuilt development copy of the same version is a new build; a launcher edited by hand is written again', async () => {
    const pkg = path.join(dir, 'pkg');
    fakePackage(pkg, 'one');
    const storage = path.join(dir, 'storage');
    const a = await new CliLauncher(pkg, storage, '0.1.0').ensure();
    fakePackage(pkg, 'one, rebuilt');
    const b = await new CliLauncher(pkg, storage, '0.1.0').refresh();
    assert.notEqual(b?.build, a.build);
    assert.equal(runLauncher(a.path), 'one, rebuilt  true');
    writeFileSync(a.path, 'process.exit(3)\n');
    const c = await new CliLauncher(pkg, storage, '0.1.0').ensure();
    assert.equal(c.changed, true);
    assert.equal(readFileSync(a.path, 'utf8'), launcherText(b!.build));
  });

  it('removes a copy a window left unfinished long ago, and keeps one being made now', async () => {
    const pkg = path.join(dir, 'pkg');
    fakePackage(pkg, 'one');
    const storage = path.join(dir, 'storage');
    const old = path.join(storage, 'cli', '.tmp-old');
    const fresh = path.join(storage, 'cli', '.tmp-fresh');
    mkdirSync(old, { recursive: true });
    mkdirSync(fresh, { recursive: true });
    const hourAgo = new Date(Date.now() - 3_600_000);
    utimesSync(old, hourAgo, hourAgo);
    await new CliLauncher(pkg, storage, '0.1.0').ensure();
    assert.equal(existsSync(old), false);
    assert.equal(existsSync(fresh), true);
  });
});
