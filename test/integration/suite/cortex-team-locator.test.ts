// Where the team is found, in the extension host: cortex.teamDirectory, else a workspace
// folder with agents/, else team_dir in config.yaml ($CORTEX_HOME, else ~/.cortex), else
// ~/cortex-team. The runner gives the extension host a home of its own (CORTEX_TEST_HOME,
// also HOME) and a CORTEX_HOME in the run folder; nothing here touches the machine's.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { cortexApi, makeSoloTeam, teamDir, waitFor } from './cortex-helpers';

describe('Cortex: finding the team', () => {
  let api: CortexTestApi;
  let workspaceTeam: string;
  let home: string;
  let cortexHome: string;
  const scratch: string[] = [];
  const hiddenAgents = () => path.join(workspaceTeam, 'agents.hidden-by-test');

  /** Locates again and returns where the team is and how it was found. */
  async function located(): Promise<{ dir: string | undefined; source: string | undefined; candidates: string[] }> {
    await api.locate();
    await api.store.whenIdle();
    const loc = api.store.location;
    return { dir: loc?.uri.fsPath, source: loc?.source, candidates: (api.locateResult?.candidates ?? []).map((c) => `${c.source}:${c.uri.fsPath}`) };
  }

  function writeConfig(dir: string, teamDirLine: string): void {
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'config.yaml'), `${teamDirLine}\nheartbeat_minutes: 30\n`);
  }

  before(async function () {
    this.timeout(60_000);
    // Only with a home of the run's own: never write into a real ~.
    const isolated = process.env.CORTEX_TEST_HOME;
    if (!isolated || os.homedir() !== isolated || !process.env.CORTEX_HOME) this.skip();
    home = isolated;
    cortexHome = process.env.CORTEX_HOME!;
    api = await cortexApi();
    workspaceTeam = await teamDir(api);
    api.setPromptAnswers({ quickPick: (items) => items.find((i) => /Find Automatically/.test(i.label)) });
    await vscode.commands.executeCommand('cortex.selectTeamFolder');
    api.setPromptAnswers(undefined);
  });

  after(async function () {
    this.timeout(30_000);
    if (!api) return;
    await vscode.workspace.getConfiguration('cortex').update('teamDirectory', undefined, vscode.ConfigurationTarget.Global);
    if (existsSync(hiddenAgents())) renameSync(hiddenAgents(), path.join(workspaceTeam, 'agents'));
    for (const f of [path.join(cortexHome, 'config.yaml'), path.join(home, '.cortex'), path.join(home, 'cortex-team'), ...scratch]) rmSync(f, { recursive: true, force: true });
    await api.locate();
    await waitFor(() => api.store.location?.uri.fsPath === workspaceTeam && api.store.state === 'loaded' && (api.store.team?.agents.length ?? 0) >= 6, 15_000, 'the workspace team again');
  });

  it('with the workspace team, team_dir (with ~) and ~/cortex-team are offered after it, in that order', async function () {
    this.timeout(20_000);
    const fromConfig = makeSoloTeam(path.join(home, 'config-team-'), 'From Config');
    scratch.push(fromConfig);
    writeConfig(cortexHome, `team_dir: ~/${path.basename(fromConfig)}`);
    const fallback = path.join(home, 'cortex-team');
    mkdirSync(path.join(fallback, 'agents'), { recursive: true });
    const r = await located();
    assert.equal(r.dir, workspaceTeam);
    assert.equal(r.source, 'workspace');
    assert.deepEqual(r.candidates, [`workspace:${workspaceTeam}`, `config:${fromConfig}`, `default:${fallback}`]);
    assert.equal(api.contextKey('cortex.multipleTeams'), true);
  });

  it('cortex.teamDirectory comes before the workspace folder', async function () {
    this.timeout(20_000);
    const fromSetting = makeSoloTeam(path.join(os.tmpdir(), 'cortex-setting-team-'), 'From Setting');
    scratch.push(fromSetting);
    await vscode.workspace.getConfiguration('cortex').update('teamDirectory', fromSetting, vscode.ConfigurationTarget.Global);
    try {
      await waitFor(() => api.store.location?.uri.fsPath === fromSetting, 10_000, 'the team from the setting');
      const r = await located();
      assert.equal(r.source, 'setting');
      assert.equal(r.candidates[0], `setting:${fromSetting}`);
      assert.equal(r.candidates[1], `workspace:${workspaceTeam}`);
    } finally {
      await vscode.workspace.getConfiguration('cortex').update('teamDirectory', undefined, vscode.ConfigurationTarget.Global);
    }
    await waitFor(() => api.store.location?.uri.fsPath === workspaceTeam, 10_000, 'the workspace team again');
  });

  it('with no workspace folder holding agents/, team_dir from $CORTEX_HOME/config.yaml is shown', async function () {
    this.timeout(20_000);
    renameSync(path.join(workspaceTeam, 'agents'), hiddenAgents());
    const r = await located();
    const fromConfig = scratch[0];
    assert.equal(r.dir, fromConfig);
    assert.equal(r.source, 'config');
    await waitFor(() => api.store.state === 'loaded', 10_000, 'the config team to load');
    assert.deepEqual(
      api.store.team!.agents.map((a) => a.name),
      ['From Config'],
    );
    const view = api.viewState();
    assert.equal(view.team?.name, path.basename(fromConfig));
    // The label names the file that was read: $CORTEX_HOME's, not ~/.cortex's.
    const file = path.join(cortexHome, 'config.yaml');
    assert.equal(view.team?.source, `team_dir in ${file.startsWith(home + path.sep) ? '~' + file.slice(home.length) : file}`);
  });

  it('a relative team_dir is taken from the folder of the config.yaml that names it', async function () {
    this.timeout(20_000);
    const relative = makeSoloTeam(path.join(cortexHome, 'relative-team-'), 'From Relative');
    scratch.push(relative);
    writeConfig(cortexHome, `team_dir: ${path.basename(relative)}`);
    try {
      const r = await located();
      assert.equal(r.dir, relative);
      assert.equal(r.source, 'config');
    } finally {
      writeConfig(cortexHome, `team_dir: ~/${path.basename(scratch[0])}`);
    }
  });

  it('a team_dir without agents/ is passed over for ~/cortex-team', async function () {
    this.timeout(20_000);
    const notATeam = path.join(home, 'not-a-team');
    mkdirSync(notATeam, { recursive: true });
    scratch.push(notATeam);
    writeConfig(cortexHome, `team_dir: ${notATeam}`);
    const r = await located();
    assert.equal(r.dir, path.join(home, 'cortex-team'));
    assert.equal(r.source, 'default');
  });

  it('without CORTEX_HOME, ~/.cortex/config.yaml is read', async function () {
    this.timeout(20_000);
    const other = makeSoloTeam(path.join(home, 'dot-cortex-team-'), 'From Dot Cortex');
    scratch.push(other);
    writeConfig(path.join(home, '.cortex'), `team_dir: "${other}"`);
    // $CORTEX_HOME/config.yaml (written above) names no team; with CORTEX_HOME unset it is not read at all.
    const saved = process.env.CORTEX_HOME;
    delete process.env.CORTEX_HOME;
    try {
      const r = await located();
      assert.equal(r.dir, other);
      assert.equal(r.source, 'config');
      assert.equal(api.viewState().team?.source, 'team_dir in ~/.cortex/config.yaml');
    } finally {
      process.env.CORTEX_HOME = saved;
    }
    const back = await located();
    assert.equal(back.source, 'default', 'with CORTEX_HOME set again, its config.yaml counts');
  });

  it('with neither config.yaml nor ~/cortex-team, no team is shown and the view says so', async function () {
    this.timeout(20_000);
    rmSync(path.join(cortexHome, 'config.yaml'), { force: true });
    rmSync(path.join(home, 'cortex-team'), { recursive: true, force: true });
    const r = await located();
    assert.equal(r.dir, undefined);
    await waitFor(() => api.viewState().status === 'noTeam', 10_000, 'the empty state');
    assert.equal(api.statusBar.visible, false);
  });
});
