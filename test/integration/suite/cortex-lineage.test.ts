// Lineage and external task runners in the real extension host: the tree data the Team
// view is sent, lineage findings in the Problems panel, and Shuttle progress read from
// the agents' project folders (outside the team folder) and followed as it changes.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import type { AgentView } from '../../../src/views/team/common/messages';
import { agentFile, cortexApi, openTeamView, removeFromAnotherProcess, settle, teamDir, waitFor, writeFromAnotherProcess } from './cortex-helpers';

describe('Cortex: lineage and Shuttle progress', () => {
  let api: CortexTestApi;
  let team: string;

  before(async function () {
    this.timeout(60_000);
    api = await cortexApi();
    team = await teamDir(api);
    await openTeamView(api);
  });

  const agent = (slug: string): AgentView | undefined => api.viewState().agents.find((a) => a.slug === slug);
  const posted = (slug: string): AgentView | undefined => api.view.lastPostedState?.agents.find((a) => a.slug === slug);
  const projectOf = (slug: string) => api.store.team!.agents.find((a) => a.slug === slug)!.project!;
  const shuttleText = (a: AgentView | undefined) => (a?.shuttle ? `${a.shuttle.done}/${a.shuttle.total} ${a.shuttle.current ? `${a.shuttle.current.status} ${a.shuttle.current.title}` : '-'}` : 'none');

  it('the view state carries the lineage tree of the example team', () => {
    const lineage = api.viewState().agents.map((a) => `${a.slug}<${a.parent ?? ''}:${a.level ?? ''}`);
    assert.deepEqual(lineage.sort(), [
      'billing-dev<chief-of-staff:2',
      'chief-of-staff<:1',
      'dashboard-dev<chief-of-staff:2',
      'docs-writer<chief-of-staff:2',
      'infra-ops<:',
      'qa-engineer<dashboard-dev:3',
    ]);
    assert.deepEqual(posted('qa-engineer')?.parent, 'dashboard-dev');
  });

  it('a parent that is not an agent shows in the Problems panel on its frontmatter line, and goes when fixed', async function () {
    this.timeout(20_000);
    const file = agentFile(team, 'infra-ops', 'infra-ops.md');
    const original = readFileSync(file, 'utf8');
    const uri = vscode.Uri.file(file);
    const lineageProblems = () => vscode.languages.getDiagnostics(uri).filter((d) => /parent/.test(d.message));
    try {
      writeFromAnotherProcess(file, original.replace(/^joined: (.*)$/m, 'joined: $1\nparent: nobody-here'));
      const found = await waitFor(() => lineageProblems()[0], 10_000, 'the lineage diagnostic');
      const line = original.split('\n').findIndex((l) => l.startsWith('joined:')) + 1;
      assert.equal(found.range.start.line, line, 'on the parent: line (0-based here)');
      assert.equal(found.severity, vscode.DiagnosticSeverity.Warning);
      assert.match(found.message, /"nobody-here" is not an agent of this team/);
      assert.equal(agent('infra-ops')?.parent, 'nobody-here');
    } finally {
      writeFromAnotherProcess(file, original);
    }
    await waitFor(() => lineageProblems().length === 0, 10_000, 'the diagnostic to go');
    await settle(api, [file]);
  });

  it('level 3 (qa-engineer, under the level-2 dashboard-dev): shown without spawn_agent / aider_run; allowing one in its note is flagged on the allow_tools line', async function () {
    this.timeout(20_000);
    assert.equal(agent('qa-engineer')?.tools, 'only Read, Grep, Glob, Bash · never Task, spawn_agent, aider_run');
    assert.equal(agent('dashboard-dev')?.level, 2);
    const file = agentFile(team, 'qa-engineer', 'qa-engineer.md');
    const original = readFileSync(file, 'utf8');
    const uri = vscode.Uri.file(file);
    const spawnProblems = () => vscode.languages.getDiagnostics(uri).filter((d) => /level-3 agent/.test(d.message));
    try {
      writeFromAnotherProcess(file, original.replace('allow_tools: [Read, Grep, Glob, Bash]', 'allow_tools: [Read, Grep, Glob, Bash, spawn_agent]'));
      const found = await waitFor(() => spawnProblems()[0], 10_000, 'the level-3 spawn tool warning');
      assert.equal(found.range.start.line, original.split('\n').findIndex((l) => l.startsWith('allow_tools:')), 'on the allow_tools: line (0-based here)');
      assert.equal(found.severity, vscode.DiagnosticSeverity.Warning);
      assert.match(found.message, /"allow_tools" names spawn_agent, but this is a level-3 agent/);
      assert.equal(agent('qa-engineer')?.tools, 'only Read, Grep, Glob, Bash, spawn_agent · never Task, spawn_agent, aider_run');
    } finally {
      writeFromAnotherProcess(file, original);
    }
    await waitFor(() => spawnProblems().length === 0, 10_000, 'the warning to go');
    await settle(api, [file]);
  });

  it('shows Shuttle progress from the project folders of billing-dev and docs-writer', async function () {
    this.timeout(20_000);
    await waitFor(() => agent('billing-dev')?.shuttle && agent('docs-writer')?.shuttle, 10_000, 'the Shuttle files to be read');
    assert.equal(shuttleText(agent('billing-dev')), '2/5 in-progress Send the overdue reminder email');
    assert.equal(shuttleText(agent('docs-writer')), '3/3 -');
    for (const slug of ['chief-of-staff', 'dashboard-dev', 'infra-ops', 'qa-engineer']) assert.equal(agent(slug)?.shuttle, null, slug);
    await waitFor(() => posted('billing-dev')?.shuttle, 10_000, 'the progress to be posted to the page');
  });

  it('flags a Shuttle wrapper task still open when every runner item is done (docs-writer: 3/3)', async function () {
    this.timeout(30_000);
    const file = agentFile(team, 'docs-writer', 'tasks.md');
    const original = readFileSync(file, 'utf8');
    assert.equal(agent('docs-writer')?.shuttle?.wrapperOpen, null);
    try {
      writeFromAnotherProcess(file, `${original.replace(/\n*$/, '\n')}\n## Execute Shuttle tasks — report status\n**Status:** ready\n\nThe work runs in Shuttle.\n`);
      const open = await waitFor(() => posted('docs-writer')?.shuttle?.wrapperOpen, 10_000, 'the open wrapper to be posted to the page');
      assert.deepEqual(open, { title: 'Execute Shuttle tasks — report status', status: 'ready' });
    } finally {
      writeFromAnotherProcess(file, original);
    }
    await waitFor(() => posted('docs-writer')?.shuttle?.wrapperOpen === null, 10_000, 'the flag to go with the task');
    await settle(api, [file]);
  });

  it('follows .shuttle.md as the runner changes it, removes it and writes it again', async function () {
    this.timeout(30_000);
    const file = path.join(projectOf('billing-dev'), '.shuttle.md');
    const original = readFileSync(file, 'utf8');
    try {
      const next = original.replace('**Status:** in-progress', '**Status:** done');
      writeFromAnotherProcess(file, next);
      await waitFor(() => shuttleText(posted('billing-dev')) === '3/5 ready Stop reminders once an invoice is paid', 10_000, 'the page to show 3/5');
      removeFromAnotherProcess(file);
      await waitFor(() => posted('billing-dev')?.shuttle === null, 10_000, 'the progress to go with the file');
    } finally {
      writeFromAnotherProcess(file, original);
    }
    await waitFor(() => shuttleText(posted('billing-dev')) === '2/5 in-progress Send the overdue reminder email', 10_000, 'the progress to come back');
  });

  it('an agent moved to another project folder shows that folder’s runner (the old watcher goes)', async function () {
    this.timeout(30_000);
    const note = agentFile(team, 'billing-dev', 'billing-dev.md');
    const original = readFileSync(note, 'utf8');
    const docsFolder = projectOf('docs-writer');
    const billingFolder = projectOf('billing-dev');
    try {
      writeFromAnotherProcess(note, original.replace(`project: ${billingFolder}`, `project: ${docsFolder}`));
      await waitFor(() => shuttleText(agent('billing-dev')) === '3/3 -', 10_000, 'billing-dev to show the docs runner');
      // The billing folder is no longer watched: a change there shows nowhere. A change
      // to the docs runner written after it is seen, so the billing one had its chance.
      const billing = path.join(billingFolder, '.shuttle.md');
      const before = readFileSync(billing, 'utf8');
      const docs = path.join(docsFolder, '.shuttle.md');
      const docsBefore = readFileSync(docs, 'utf8');
      try {
        writeFromAnotherProcess(billing, before.replace('**Status:** in-progress', '**Status:** done'));
        writeFromAnotherProcess(docs, `${docsBefore}\n## Check the links\n**Status:** ready\n`);
        await waitFor(() => shuttleText(agent('docs-writer')) === '3/4 ready Check the links', 10_000, 'the docs runner\'s new task');
        assert.equal(shuttleText(agent('billing-dev')), '3/4 ready Check the links');
      } finally {
        writeFromAnotherProcess(billing, before);
        writeFromAnotherProcess(docs, docsBefore);
      }
      await waitFor(() => shuttleText(agent('docs-writer')) === '3/3 -', 10_000, 'the docs runner as it was');
      writeFromAnotherProcess(note, original.replace(/^project: .*$/m, 'project: relative/not-a-folder'));
      await waitFor(() => agent('billing-dev')?.shuttle === null, 10_000, 'no runner for a relative project path');
    } finally {
      writeFromAnotherProcess(note, original);
    }
    await waitFor(() => shuttleText(agent('billing-dev')) === '2/5 in-progress Send the overdue reminder email', 10_000, 'the billing runner again');
    await settle(api, [note]);
  });

  it('Run with Shuttle writes the wrapper task the protocol describes, once; an agent whose runner has no tasks is asked about first', async function () {
    this.timeout(30_000);
    await waitFor(() => agent('billing-dev')?.shuttle, 10_000, 'the Shuttle files to be read');
    const tasks = agentFile(team, 'billing-dev', 'tasks.md');
    const dashboardTasks = agentFile(team, 'dashboard-dev', 'tasks.md');
    const original = readFileSync(tasks, 'utf8');
    const dashboardBefore = readFileSync(dashboardTasks, 'utf8');
    const shown: string[] = [];
    let listed: string[] = [];
    api.setPromptAnswers({
      pickStep: (request) => {
        listed = request.items.map((i) => `${i.label} · ${i.description ?? ''}`);
        return listed.find((l) => l.includes('billing-dev'))!.split(' · ')[0];
      },
      message: (severity, text) => {
        shown.push(`${severity}: ${text}`);
        return undefined;
      },
    });
    try {
      assert.ok(await vscode.commands.executeCommand('cortex.runWithShuttle'));
      assert.match(listed[0], /^Billing Dev · billing-dev .*· Shuttle 2\/5$/, 'the agent whose runner has work comes first');
      assert.ok(listed.some((l) => /^Dashboard Dev · dashboard-dev.* · no Shuttle tasks$/.test(l)), listed.join('\n'));
      const written = readFileSync(tasks, 'utf8');
      const body = `The work runs in Shuttle, the external task runner: its task list is \`${projectOf('billing-dev')}/.shuttle.md\`, and its own heartbeat picks up and does the items.`;
      assert.ok(written.includes(`\n## Execute Shuttle tasks — report status\n**Status:** ready\n\n${body}`), written.slice(-900));
      assert.match(written, /complete this task with a Summary of what Shuttle finished\./);

      await vscode.commands.executeCommand('cortex.runWithShuttle', { agentSlug: 'billing-dev' });
      assert.match(shown.at(-1)!, /already reports its Shuttle runner's progress/);
      assert.equal(readFileSync(tasks, 'utf8'), written, 'a second wrapper is not written');

      await vscode.commands.executeCommand('cortex.runWithShuttle', { agentSlug: 'dashboard-dev' });
      assert.equal(shown.at(-1), `warning: Cortex: ${projectOf('dashboard-dev')}/.shuttle.md has no Shuttle tasks yet (start the list there with /shuttle:kickoff). Dispatch the wrapper task anyway?`);
      assert.equal(readFileSync(dashboardTasks, 'utf8'), dashboardBefore, 'declined: nothing written');
    } finally {
      api.setPromptAnswers(undefined);
      // The next suites count the example team's tasks: the journal must not put the wrapper back.
      api.forgetPendingWrites();
      writeFromAnotherProcess(tasks, original);
    }
    await settle(api, [tasks]);
    await waitFor(() => !api.store.team?.agents.find((a) => a.slug === 'billing-dev')?.tasks.some((t) => t.title === 'Execute Shuttle tasks — report status') || undefined, 10_000, 'the wrapper task to go');
  });
});
