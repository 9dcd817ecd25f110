// Housekeeping and sync in the real extension host, on scratch teams of their own
// that are git repositories (a clone of a bare remote, the team in a sub-folder, with
// unrelated dirty files around it): the pruned files byte for byte and one commit of
// exactly them; Cancel; nothing to prune; a team folder in no repository; Sync Team
// (clean rebase), a conflict on the same task line left for the person with both
// sides, Continue Sync; the status bar's ahead/behind; Restricted Mode.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { api, message, noErrors, reset, script, waitFor } from './commands-helpers';

const MESSAGE = 'chore: prune completed tasks and old session logs';

function sh(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' }, stdio: ['ignore', 'pipe', 'pipe'] });
}

function write(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  }
}

/** `git status --porcelain` lines, sorted. */
function porcelain(dir: string): string[] {
  return sh(dir, 'status', '--porcelain').split('\n').filter((l) => l !== '').sort();
}

function read(dir: string, rel: string): string {
  return readFileSync(path.join(dir, rel), 'utf8');
}

function identify(dir: string, who: string): void {
  sh(dir, 'config', 'user.name', `Test ${who}`);
  sh(dir, 'config', 'user.email', `${who}@example.invalid`);
  sh(dir, 'config', 'commit.gpgsign', 'false');
}

const ALPHA_NOTE = `---
name: Alpha
project: /tmp/alpha
status: active
joined: 2026-03-01
---

## Role
Builds things.

## Session Log
Last session: 2026-04-01
Status: active — started the webhook
Blocker: none

Last session: 2026-04-09
Status: active — webhook merged
`;
const ALPHA_NOTE_PRUNED = `---
name: Alpha
project: /tmp/alpha
status: active
joined: 2026-03-01
---

## Role
Builds things.

## Session Log
Last session: 2026-04-09
Status: active — webhook merged
`;
const ALPHA_TASKS = `## Old report
**Status:** done
**Started:** 2026-03-01T09:00
**Completed:** 2026-03-01T10:00

Done long ago.

### Summary
Sent.

## Recent fix
**Status:** done
**Started:** 2026-04-08T09:00
**Completed:** 2026-04-08T10:00

Done this week.

## Write the webhook
**Status:** ready

Handle payment_intent.payment_failed.

<!-- cortex:last-tick 2026-04-10T11:50 -->
`;
const ALPHA_TASKS_PRUNED = `## Recent fix
**Status:** done
**Started:** 2026-04-08T09:00
**Completed:** 2026-04-08T10:00

Done this week.

## Write the webhook
**Status:** ready

Handle payment_intent.payment_failed.

<!-- cortex:last-tick 2026-04-10T11:50 -->
`;
const BETA_NOTE = `---
name: Beta
status: active
joined: 2026-03-01
---

## Session Log
Last session: 2026-04-09
Status: idle
`;
const BETA_TASKS = `## Ship it\r\n**Status:** done\r\n**Completed:** 2026-03-20T18:00\r\n\r\nShipped.\r\n\r\n## Next\r\n**Status:** ready\r\n\r\nThen this.\r\n`;
const BETA_TASKS_PRUNED = `## Next\r\n**Status:** ready\r\n\r\nThen this.\r\n`;

const TEAM: Record<string, string> = {
  'agents/alpha/alpha.md': ALPHA_NOTE,
  'agents/alpha/tasks.md': ALPHA_TASKS,
  'agents/beta/beta.md': BETA_NOTE,
  'agents/beta/tasks.md': BETA_TASKS,
  'projects/p.md': '---\ntype: project\n---\n## Next Action\n- ship\n',
};

describe('Git: housekeeping and sync', function () {
  this.timeout(90_000);
  let a: CortexTestApi;
  let scratch: string;
  const saved = { global: process.env.GIT_CONFIG_GLOBAL, nosystem: process.env.GIT_CONFIG_NOSYSTEM };
  const config = () => vscode.workspace.getConfiguration('cortex');

  /** A bare remote whose main has README.md and team/ (the team), and a working clone of it. */
  function teamRepo(name: string): { remote: string; work: string; team: string } {
    const remote = path.join(scratch, `${name}.git`);
    sh(scratch, 'init', '--quiet', '--bare', '-b', 'main', remote);
    const seed = path.join(scratch, `${name}-seed`);
    mkdirSync(seed);
    sh(seed, 'init', '--quiet', '-b', 'main');
    identify(seed, 'seed');
    write(seed, { 'README.md': 'readme\n', ...Object.fromEntries(Object.entries(TEAM).map(([k, v]) => [`team/${k}`, v])) });
    sh(seed, 'add', '-A');
    sh(seed, 'commit', '--quiet', '-m', 'seed');
    sh(seed, 'remote', 'add', 'origin', remote);
    sh(seed, 'push', '--quiet', '-u', 'origin', 'main');
    const work = path.join(scratch, `${name}-work`);
    sh(scratch, 'clone', '--quiet', remote, work);
    identify(work, 'work');
    return { remote, work, team: path.join(work, 'team') };
  }

  function clone(remote: string, name: string): string {
    const dir = path.join(scratch, name);
    sh(scratch, 'clone', '--quiet', remote, dir);
    identify(dir, name);
    return dir;
  }

  async function showTeam(dir: string): Promise<void> {
    await config().update('teamDirectory', dir, vscode.ConfigurationTarget.Global);
    await waitFor(() => a.store.location?.uri.fsPath === dir && a.store.state === 'loaded' && a.store.team?.agents.some((x) => x.slug === 'alpha'), 20_000, `the team at ${dir}`);
  }

  const housekeeping = () => vscode.commands.executeCommand<{ pruned: string[]; tasks: number; logEntries: number; commit: { sha?: string; via?: string; none?: string } } | undefined>('cortex.runHousekeeping');
  const sync = () => vscode.commands.executeCommand<{ kind: string; committed?: string[]; conflicts?: string[]; pulled?: number; pushed?: number } | undefined>('cortex.syncTeam');

  before(async () => {
    process.env.GIT_CONFIG_GLOBAL = os.devNull;
    process.env.GIT_CONFIG_NOSYSTEM = '1';
    a = await api();
    scratch = mkdtempSync(path.join(os.tmpdir(), 'cortex-it-git-'));
    a.setNow(() => new Date(2026, 3, 10, 12, 0));
  });
  afterEach(async () => reset(a));
  after(async () => {
    a.setNow(undefined);
    await config().update('teamDirectory', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(() => a.store.location?.source === 'workspace' && a.store.state === 'loaded', 20_000, 'the workspace team again');
    rmSync(scratch, { recursive: true, force: true });
    if (saved.global === undefined) delete process.env.GIT_CONFIG_GLOBAL;
    else process.env.GIT_CONFIG_GLOBAL = saved.global;
    if (saved.nosystem === undefined) delete process.env.GIT_CONFIG_NOSYSTEM;
    else process.env.GIT_CONFIG_NOSYSTEM = saved.nosystem;
  });

  it('Run Housekeeping: Cancel writes nothing; Apply prunes byte for byte and commits exactly those files; a second run has nothing to prune', async () => {
    const { work, team } = teamRepo('hk');
    write(work, { 'README.md': 'an unrelated local edit\n', 'team/projects/p.md': 'a team edit that is not housekeeping\n' });
    await showTeam(team);
    const commitsBefore = sh(work, 'rev-list', '--count', 'HEAD').trim();

    let s = script(a, ['Cancel']);
    assert.equal(await housekeeping(), undefined);
    assert.deepEqual(s.asked, ['Cortex: Run Housekeeping? 2 tasks from 2 agents, 1 log entry']);
    for (const [rel, text] of Object.entries(TEAM)) if (rel !== 'projects/p.md') assert.equal(read(team, rel), text, rel);
    assert.equal(sh(work, 'rev-list', '--count', 'HEAD').trim(), commitsBefore);

    s = script(a, ['Apply']);
    const r = await housekeeping();
    assert.equal(s.left(), 0);
    assert.ok(r);
    assert.deepEqual([...r.pruned].sort(), ['agents/alpha/alpha.md', 'agents/alpha/tasks.md', 'agents/beta/tasks.md']);
    assert.equal(r.tasks, 2);
    assert.equal(r.logEntries, 1);
    assert.equal(read(team, 'agents/alpha/tasks.md'), ALPHA_TASKS_PRUNED);
    assert.equal(read(team, 'agents/alpha/alpha.md'), ALPHA_NOTE_PRUNED);
    assert.equal(read(team, 'agents/beta/tasks.md'), BETA_TASKS_PRUNED);
    assert.equal(read(team, 'agents/beta/beta.md'), BETA_NOTE);
    assert.equal(sh(work, 'log', '-1', '--format=%s').trim(), MESSAGE);
    assert.equal(r.commit.sha, sh(work, 'rev-parse', 'HEAD').trim());
    assert.deepEqual(sh(work, 'show', '--name-only', '--format=', 'HEAD').trim().split('\n').sort(), ['team/.cortex/activity.jsonl', 'team/agents/alpha/alpha.md', 'team/agents/alpha/tasks.md', 'team/agents/beta/tasks.md']);
    assert.equal(sh(work, 'rev-list', '--count', 'HEAD').trim(), String(Number(commitsBefore) + 1));
    // The commit holds what the cleanup changed: the pruned files and the activity feed with its team.pruned entry; nothing else.
    assert.deepEqual(porcelain(work), [' M README.md', ' M team/projects/p.md']);
    assert.match(read(team, '.cortex/activity.jsonl'), /"event_type":"team\.pruned"/);
    message(a, /pruned 2 tasks from 2 agents, 1 log entry \(3 files\) and committed them: "chore: prune completed tasks and old session logs"/, 'info');
    noErrors(a);

    script(a, []);
    const again = await housekeeping();
    assert.deepEqual(again, { pruned: [], tasks: 0, logEntries: 0, commit: { none: 'nothing' } });
    message(a, /nothing to prune/, 'info');
    assert.equal(sh(work, 'rev-list', '--count', 'HEAD').trim(), String(Number(commitsBefore) + 1));
  });

  it('Run Housekeeping on a team folder in no git repository: prunes, says so, commits nothing', async () => {
    const team = path.join(scratch, 'plain-team');
    write(team, TEAM);
    await showTeam(team);
    script(a, ['Apply']);
    const r = await housekeeping();
    assert.ok(r);
    assert.deepEqual(r.commit, { none: 'not-repo' });
    assert.equal(read(team, 'agents/alpha/tasks.md'), ALPHA_TASKS_PRUNED);
    assert.equal(read(team, 'agents/beta/tasks.md'), BETA_TASKS_PRUNED);
    message(a, /not in a git repository, so nothing was committed/, 'warning');
    assert.ok(!existsSync(path.join(team, '.git')));
  });

  it('Sync Team: commits the team folder\'s changes, pulls with rebase, pushes; the status bar shows ↑ ↓', async () => {
    const { remote, work, team } = teamRepo('sync');
    const other = clone(remote, 'sync-other');
    write(other, { 'team/agents/beta/tasks.md': BETA_TASKS.replace('## Next\r\n**Status:** ready', '## Next\r\n**Status:** in-progress\r\n**Started:** 2026-04-10T11:00') });
    sh(other, 'commit', '--quiet', '-am', 'beta claims Next');
    sh(other, 'push', '--quiet');
    await showTeam(team);
    const mine = `${ALPHA_TASKS.replace('<!-- cortex', '## Added here\n**Status:** ready\n\nFrom this machine.\n\n<!-- cortex')}`;
    write(work, { 'team/agents/alpha/tasks.md': mine, 'README.md': 'unrelated, stays uncommitted\n' });
    sh(work, 'fetch', '--quiet');
    await a.sync.refresh();
    assert.equal(a.sync.shown.text, '$(repo-sync) ↑0 ↓1');
    assert.match(a.sync.shown.tooltip, /branch main ↔ origin\/main/);

    script(a, []);
    const r = await sync();
    assert.ok(r);
    assert.equal(r.kind, 'synced', JSON.stringify(r));
    assert.deepEqual(r.committed, ['agents/alpha/tasks.md']);
    assert.equal(r.pulled, 1);
    assert.equal(r.pushed, 1);
    assert.equal(sh(remote, 'log', '-1', '--format=%s', 'main').trim(), `cortex: sync team from ${os.hostname()}`);
    assert.equal(sh(remote, 'show', 'main:team/agents/alpha/tasks.md'), mine);
    assert.equal(read(work, 'team/agents/beta/tasks.md'), read(other, 'team/agents/beta/tasks.md'));
    assert.equal(read(work, 'README.md'), 'unrelated, stays uncommitted\n');
    assert.deepEqual(porcelain(work), [' M README.md']);
    message(a, /in sync with origin\/main: committed 1 team file, pulled 1 commit, pushed 1 commit/, 'info');
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === 'beta')?.tasks.some((t) => t.status === 'in-progress'), 10_000, 'the pulled change in the store');
    await a.sync.refresh();
    assert.equal(a.sync.shown.text, '$(repo-sync) ↑0 ↓0');
  });

  it('Sync Team: the same task line changed here and remotely stops on a conflict with both sides kept; Continue Sync after resolving pushes', async () => {
    const { remote, work, team } = teamRepo('conflict');
    const other = clone(remote, 'conflict-other');
    const theirs = ALPHA_TASKS.replace('## Write the webhook\n**Status:** ready', '## Write the webhook\n**Status:** in-progress\n**Started:** 2026-04-10T11:55');
    write(other, { 'team/agents/alpha/tasks.md': theirs });
    sh(other, 'commit', '--quiet', '-am', 'alpha claims the webhook');
    sh(other, 'push', '--quiet');
    const remoteBefore = sh(remote, 'rev-parse', 'main').trim();
    await showTeam(team);
    write(work, { 'team/agents/alpha/tasks.md': ALPHA_TASKS.replace('## Write the webhook\n**Status:** ready', '## Write the webhook handler\n**Status:** ready') });

    script(a, []);
    const r = await sync();
    assert.ok(r);
    assert.equal(r.kind, 'conflict', JSON.stringify(r));
    assert.deepEqual(r.conflicts, ['team/agents/alpha/tasks.md']);
    const text = read(team, 'agents/alpha/tasks.md');
    assert.match(text, /^<<<<<<< /m);
    assert.ok(text.includes('**Status:** in-progress\n**Started:** 2026-04-10T11:55'), 'their side is in the file');
    assert.ok(text.includes('## Write the webhook handler\n**Status:** ready'), 'our side is in the file');
    assert.ok(text.includes('## Recent fix') && text.includes('<!-- cortex:last-tick 2026-04-10T11:50 -->'));
    assert.equal(sh(remote, 'rev-parse', 'main').trim(), remoteBefore, 'nothing pushed');
    message(a, /the sync stopped: this machine and origin\/main changed the same lines \(conflicted: team\/agents\/alpha\/tasks\.md\)\. Nothing was dropped/, 'warning');
    await waitFor(() => vscode.window.visibleTextEditors.some((e) => e.document.uri.fsPath === path.join(team, 'agents/alpha/tasks.md')), 10_000, 'the conflicted file open');
    await a.sync.refresh();
    assert.deepEqual(a.sync.state, { kind: 'stopped', operation: 'rebase', conflicts: 1 });

    // Continue before resolving: still a conflict, nothing decided.
    a.clearShownMessages();
    assert.equal((await vscode.commands.executeCommand<{ kind: string }>('cortex.continueSync'))?.kind, 'conflict');
    const resolved = ALPHA_TASKS.replace('## Write the webhook\n**Status:** ready', '## Write the webhook handler\n**Status:** in-progress\n**Started:** 2026-04-10T11:55');
    writeFileSync(path.join(team, 'agents/alpha/tasks.md'), resolved);
    const done = await vscode.commands.executeCommand<{ kind: string }>('cortex.continueSync');
    assert.equal(done?.kind, 'synced', JSON.stringify(done));
    assert.equal(sh(remote, 'show', 'main:team/agents/alpha/tasks.md'), resolved);
    assert.equal(sh(remote, 'log', '-1', '--format=%s', 'main').trim(), `cortex: sync team from ${os.hostname()}`);
    await a.sync.refresh();
    assert.equal(a.sync.shown.text, '$(repo-sync) ↑0 ↓0');
  });

  it('Sync Team on a branch with no upstream offers to push and track it; Restricted Mode refuses housekeeping and sync', async () => {
    const { remote, work, team } = teamRepo('publish');
    sh(work, 'checkout', '--quiet', '-b', 'laptop');
    await showTeam(team);
    await a.sync.refresh();
    assert.equal(a.sync.shown.text, '$(cloud-upload) Publish team');
    script(a, [], (_severity, text, items) => (/has no upstream/.test(text) ? items.find((i) => i.startsWith('Push and Track')) : undefined));
    const r = await sync();
    assert.equal(r?.kind, 'no-upstream');
    await waitFor(() => sh(remote, 'branch', '--list', 'laptop').trim() !== '', 20_000, 'the branch on the remote');
    await waitFor(async () => {
      await a.sync.refresh();
      return a.sync.shown.text === '$(repo-sync) ↑0 ↓0';
    }, 20_000, 'the upstream to be tracked');

    a.setTrusted(false);
    script(a, []);
    const head = sh(work, 'rev-parse', 'HEAD').trim();
    assert.equal(await housekeeping(), undefined);
    assert.equal(await sync(), undefined);
    await waitFor(() => a.shownMessages.filter((m) => /Restricted Mode/.test(m.message)).length === 2, 5000, 'two Restricted Mode explanations');
    assert.equal(read(team, 'agents/alpha/tasks.md'), ALPHA_TASKS);
    assert.equal(sh(work, 'rev-parse', 'HEAD').trim(), head);
  });
});
