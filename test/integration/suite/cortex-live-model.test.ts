// The store in the extension host follows the team folder as other processes write it.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Team } from '../../../src/core/model';
import type { CortexTestApi } from '../../../src/app/test-api';
import { agentFile, cortexApi, removeFromAnotherProcess, settle, sleep, teamDir, waitFor, writeFromAnotherProcess } from './cortex-helpers';

describe('Cortex: the live team model', () => {
  let api: CortexTestApi;
  let team: string;
  const restore: Array<() => void> = [];

  before(async function () {
    this.timeout(60_000);
    api = await cortexApi();
    team = await teamDir(api);
  });

  afterEach(async () => {
    for (const undo of restore.splice(0).reverse()) undo();
    await settle(api);
  });

  /** Remembers a file's content and puts it back after the test. */
  const keep = (file: string) => {
    const original = readFileSync(file, 'utf8');
    restore.push(() => writeFromAnotherProcess(file, original));
    return original;
  };

  const agent = (t: Team | undefined, slug: string) => t?.agents.find((a) => a.slug === slug);

  it('finds the example team in the workspace folder and reads every agent', async () => {
    const folder = vscode.workspace.workspaceFolders![0].uri.fsPath;
    assert.equal(path.resolve(team), path.resolve(folder));
    assert.equal(api.store.location!.source, 'workspace');
    const slugs = api.store.team!.agents.map((a) => a.slug);
    for (const s of ['billing-dev', 'chief-of-staff', 'dashboard-dev', 'docs-writer', 'infra-ops', 'qa-engineer']) assert.ok(slugs.includes(s), s);
    assert.ok(api.store.team!.projects.length >= 3);
  });

  it('sees a task written into tasks.md by another process within a second', async function () {
    this.timeout(10_000);
    const file = agentFile(team, 'infra-ops', 'tasks.md');
    const original = keep(file);
    const title = `Rotate the TLS certificates ${Date.now()}`;
    const started = Date.now();
    writeFromAnotherProcess(file, `## ${title}\n**Status:** ready\n\nBefore they expire.\n\n${original}`);
    await waitFor(() => agent(api.store.team, 'infra-ops')?.tasks.some((t) => t.title === title), 5000, 'the new task in the store');
    const elapsed = Date.now() - started;
    assert.ok(elapsed < 1000, `the store had the task after ${elapsed} ms`);
  });

  it('re-reads only the changed agent: the others stay the very same objects', async function () {
    this.timeout(10_000);
    const before = api.store.team!;
    const file = agentFile(team, 'docs-writer', 'tasks.md');
    const original = keep(file);
    writeFromAnotherProcess(file, original.replace('<!-- cortex:last-tick', '<!-- cortex:last-tick-moved'));
    await waitFor(() => api.store.team !== before && agent(api.store.team, 'docs-writer') !== agent(before, 'docs-writer'), 5000, 'an update');
    for (const slug of ['billing-dev', 'chief-of-staff', 'infra-ops', 'qa-engineer']) {
      assert.equal(agent(api.store.team, slug), agent(before, slug), `${slug} was not re-read`);
    }
  });

  it('gathers a burst of writes into few updates', async function () {
    this.timeout(10_000);
    const file = agentFile(team, 'qa-engineer', 'tasks.md');
    const original = keep(file);
    let updates = 0;
    const sub = api.store.onDidChange(() => updates++);
    try {
      for (let i = 0; i < 10; i++) writeFromAnotherProcess(file, `${original}\n## Burst ${i}\n**Status:** ready\n`);
      await waitFor(() => agent(api.store.team, 'qa-engineer')?.tasks.some((t) => t.title === 'Burst 9'), 5000, 'the last write');
      await api.store.whenIdle();
    } finally {
      sub.dispose();
    }
    assert.ok(updates <= 5, `10 writes gave ${updates} updates`);
  });

  it('holds back a half-written file and publishes it once it is complete', async function () {
    this.timeout(10_000);
    const file = agentFile(team, 'infra-ops', 'tasks.md');
    const original = keep(file);
    const seen: Team[] = [];
    const sub = api.store.onDidChange((c) => c.team && seen.push(c.team));
    try {
      // Cut mid-line, as a writer that has not finished; completed 150 ms later.
      writeFromAnotherProcess(file, `## Half written task\n**Sta`);
      await sleep(150);
      writeFromAnotherProcess(file, `## Half written task\n**Status:** ready\n\n${original}`);
      await waitFor(() => agent(api.store.team, 'infra-ops')?.tasks.some((t) => t.title === 'Half written task' && t.status === 'ready'), 5000, 'the complete file');
      await api.store.whenIdle();
    } finally {
      sub.dispose();
    }
    const broken = seen.filter((t) => t.diagnostics.some((d) => d.file === 'agents/infra-ops/tasks.md' && /Half written task/.test(d.message)));
    assert.equal(broken.length, 0, 'the cut-off version was never published with its errors');
  });

  it('publishes a file that stays cut off after its retry (it really is like that)', async function () {
    this.timeout(10_000);
    const file = agentFile(team, 'infra-ops', 'tasks.md');
    keep(file);
    writeFromAnotherProcess(file, '## Truly without status');
    await waitFor(
      () => api.store.team!.diagnostics.some((d) => d.file === 'agents/infra-ops/tasks.md' && /Truly without status/.test(d.message)),
      5000,
      'the diagnostics of the file as it is',
    );
  });

  it('adds an agent whose folder appears and removes it when the folder goes', async function () {
    this.timeout(15_000);
    const slug = `probe-${Date.now()}`;
    const dir = path.join(team, 'agents', slug);
    restore.push(() => removeFromAnotherProcess(dir));
    writeFromAnotherProcess(path.join(dir, `${slug}.md`), `---\nname: Probe Agent\nstatus: active\n---\n\n## Role\nProbing.\n`);
    writeFromAnotherProcess(path.join(dir, 'tasks.md'), '');
    const added = await waitFor(() => agent(api.store.team, slug), 5000, 'the new agent');
    assert.equal(added.name, 'Probe Agent');
    removeFromAnotherProcess(dir);
    await waitFor(() => !agent(api.store.team, slug), 5000, 'the agent to go');
  });

  it('adds a project note that appears', async function () {
    this.timeout(10_000);
    const file = path.join(team, 'projects', `probe-project-${Date.now()}.md`);
    restore.push(() => removeFromAnotherProcess(file));
    writeFromAnotherProcess(file, '---\ntype: project\nstatus: active\n---\n\n## Next Action\n- Probe everything\n');
    const slug = path.basename(file, '.md');
    const project = await waitFor(() => api.store.team!.projects.find((p) => p.slug === slug), 5000, 'the project');
    assert.equal(project.nextAction, 'Probe everything');
  });

  it('"Cortex: Refresh" reads the whole folder again', async function () {
    this.timeout(20_000);
    let full = false;
    const sub = api.store.onDidChange((c) => {
      if (c.paths === undefined && c.team) full = true;
    });
    try {
      await vscode.commands.executeCommand('cortex.refresh');
    } finally {
      sub.dispose();
    }
    assert.ok(full, 'a full load was published');
    assert.equal(api.store.state, 'loaded');
  });
});
