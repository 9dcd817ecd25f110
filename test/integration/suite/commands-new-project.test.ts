// "Cortex: New Project" in the real extension host: the four-step wizard (name with its
// slug previewed, status, Next Action, a first note), the bytes it writes from the
// team's project template, the note opened at its ## Notes, refusals writing nothing,
// and the project in the Team view's state with its notes.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { ESCAPE, api, feedbackAt, noErrors, reset, script, teamDir, waitFor } from './commands-helpers';

describe('Command: New Project', function () {
  this.timeout(60_000);
  let a: CortexTestApi;
  let file: string;

  before(async () => {
    a = await api();
    file = path.join(teamDir(a), 'projects', 'itest-payments-api.md');
  });
  afterEach(async () => {
    await reset(a);
    rmSync(file, { force: true });
    await waitFor(() => !a.store.team?.projects.some((p) => p.slug === 'itest-payments-api') || undefined, 10_000, 'the project to go');
  });

  it("writes projects/<slug>.md from the team's template, opens it at ## Notes, and the Team view lists it with its note", async () => {
    script(a, ['Itest Payments API', 'on-hold', 'Agree the refund API with finance', 'Stack: Go, PostgreSQL']);
    const r = await vscode.commands.executeCommand<{ slug: string; path: string }>('cortex.newProject');
    assert.deepEqual(r && [r.slug, r.path], ['itest-payments-api', 'projects/itest-payments-api.md']);
    const text = readFileSync(file, 'utf8');
    assert.match(text, /^---\ntype: project\ncreated: \d{4}-\d{2}-\d{2}\nstatus: on-hold\n---\n/);
    assert.ok(text.includes('\n## Next Action\n- Agree the refund API with finance\n\n## Notes\n- Stack: Go, PostgreSQL\n'), text);
    const editor = await waitFor(() => (vscode.window.activeTextEditor?.document.uri.fsPath === file ? vscode.window.activeTextEditor : undefined), 10_000, 'the note to open');
    assert.equal(editor.document.lineAt(editor.selection.active.line).text, '- Stack: Go, PostgreSQL', 'the cursor ends the Notes');
    const view = await waitFor(() => a.viewState().projects.find((p) => p.slug === 'itest-payments-api'), 10_000, 'the project in the Team view');
    assert.deepEqual([view.status, view.nextAction, view.notes], ['on-hold', 'Agree the refund API with finance', ['Stack: Go, PostgreSQL']]);
    noErrors(a);
  });

  it('previews the slug, refuses an existing project and an empty slug as typed; Escape writes nothing', async () => {
    script(a, ['billing-service', '!!!', 'Itest Payments API', 'active', ESCAPE]);
    assert.equal(await vscode.commands.executeCommand('cortex.newProject'), undefined);
    const feedback = feedbackAt(a, /New Project/).filter((f) => f.value !== undefined && f.value !== '');
    assert.match(feedback[0].error ?? '', /A project "billing-service" already exists \(projects\/billing-service\.md\)/);
    assert.match(feedback[1].error ?? '', /empty slug/);
    assert.equal(feedback[2].hint, 'Slug: itest-payments-api → projects/itest-payments-api.md');
    assert.ok(!existsSync(file));
  });

  it('refuses a note the file format would misread, as typed', async () => {
    script(a, ['Itest Payments API', 'active', '', '## Looks like a section', ESCAPE]);
    assert.equal(await vscode.commands.executeCommand('cortex.newProject'), undefined);
    const notes = feedbackAt(a, /New Project/).filter((f) => f.value === '## Looks like a section');
    assert.match(notes[0]?.error ?? '', /"## " heading/);
    assert.ok(!existsSync(file));
  });
});
