// "Cortex: Dispatch Task" in the real extension host, every path through the prompt
// layer: the palette (agent, title, body), an agent's row, the Team view's row
// button, validation as typed, Back, Escape at each step, the editor draft, conflicts
// with what is on disk, and Restricted Mode.
import * as assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import {
  BACK,
  ESCAPE,
  TestAgent,
  addAgent,
  api,
  closeEverything,
  feedbackAt,
  message,
  messages,
  noErrors,
  read,
  removeAgents,
  removeTempFolders,
  reset,
  script,
  stepTrail,
  waitFor,
} from './commands-helpers';

const TICK = '<!-- cortex:last-tick 2026-03-28T09:00 -->';
const START = `## Existing ready task\n**Status:** ready\n\nAlready here.\n\n## Old work\n**Status:** done\n**Started:** 2026-03-01T10:00\n**Completed:** 2026-03-01T11:00\n\n### Summary\nDone.\n\n${TICK}\n`;

describe('Command: Dispatch Task', function () {
  this.timeout(60_000);
  let a: CortexTestApi;
  let ada: TestAgent;
  let bob: TestAgent;

  before(async () => {
    a = await api();
    ada = await addAgent(a, { slug: 'itest-ada', name: 'Itest Ada', tasks: START });
    bob = await addAgent(a, { slug: 'itest-bob', name: 'Itest Bob', tasks: '' });
  });
  beforeEach(async () => {
    writeFileSync(ada.tasksFile, START);
    writeFileSync(bob.tasksFile, '');
    a.store.notifyChanged([`agents/${ada.slug}/tasks.md`, `agents/${bob.slug}/tasks.md`]);
    await a.store.whenIdle();
  });
  afterEach(async () => reset(a));
  after(async () => {
    await reset(a);
    await removeAgents(a, [ada.slug, bob.slug]);
    removeTempFolders();
  });

  const expectedAfter = (title: string, body?: string) =>
    START.replace(`\n${TICK}`, `\n## ${title}\n**Status:** ready\n${body ? `\n${body}\n` : ''}\n${TICK}`);

  it('from the palette: title, agent, body → a ready task at the end of tasks.md, before the tick', async () => {
    const s = script(a, ['Write the API guide', 'Itest Ada', 'Cover every endpoint.']);
    const result = await vscode.commands.executeCommand<{ title: string; position: number; agent: string } | undefined>('cortex.dispatchTask');
    assert.equal(s.left(), 0);
    assert.deepEqual(result && { title: result.title, position: result.position, agent: result.agent }, { title: 'Write the API guide', position: 3, agent: 'itest-ada' });
    assert.equal(read(ada.tasksFile), expectedAfter('Write the API guide', 'Cover every endpoint.'));
    assert.match(readFileSync(ada.tasksFile, 'utf8'), /\nCover every endpoint\.\n\n<!-- cortex-team:id [0-9a-f]{12} -->\n\n<!-- cortex:last-tick/, 'the task carries its id');
    assert.deepEqual(stepTrail(a), ['1/3', '<2/3', '<3/3']);
    noErrors(a);
    message(a, /dispatched "Write the API guide" to Itest Ada, at the end of agents\/itest-ada\/tasks\.md \(2 ready tasks in its queue\)/, 'info');
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === ada.slug)?.tasks.some((t) => t.title === 'Write the API guide' && t.status === 'ready'), 5000, 'the store to show the task');
  });

  it('a dispatch to an idle agent makes it wait for pickup (Team view, status bar, briefing), and down only after a heartbeat without pickup', async () => {
    const at = new Date(2026, 2, 28, 14, 0);
    a.setNow(() => at);
    try {
      const liveness = () => a.viewState().agents.find((x) => x.slug === bob.slug)?.liveness;
      const downs = () => Number(/(\d+) down/.exec(a.statusBar.text)?.[1] ?? 0);
      await waitFor(() => liveness() === 'idle', 10_000, 'no tick and no work: idle');
      const downBefore = downs();
      script(a, ['Wake up', 'Itest Bob', '']);
      await vscode.commands.executeCommand('cortex.dispatchTask');
      await waitFor(() => liveness() === 'waiting', 10_000, 'Itest Bob to wait for pickup (the dispatch is in the activity feed)');
      assert.match(a.statusBar.text, /· 1 waiting for pickup ·/);
      assert.equal(downs(), downBefore, 'the dispatch did not turn anyone down');
      const briefing = await a.reports.open('briefing');
      assert.match(briefing!.getText(), /\| Itest Bob \(itest-bob\) \| waiting for pickup \|/);
      await closeEverything();
      // 14 minutes later: still within the 15-minute heartbeat.
      a.setNow(() => new Date(2026, 2, 28, 14, 14));
      await waitFor(() => liveness() === 'waiting', 10_000, 'still waiting after 14 minutes');
      // A heartbeat passed without pickup: down.
      a.setNow(() => new Date(2026, 2, 28, 14, 15));
      await waitFor(() => liveness() === 'down', 10_000, 'Itest Bob to turn down after one heartbeat');
      assert.doesNotMatch(a.statusBar.text, /waiting for pickup/);
    } finally {
      a.setNow(undefined);
    }
  });

  it('never leaves tasks.md missing while it writes (the file is replaced in one step)', async () => {
    // An agent reading its task file at any moment must always find it.
    let reads = 0;
    const missing: string[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        try {
          readFileSync(ada.tasksFile);
          reads++;
        } catch (e) {
          missing.push(String((e as NodeJS.ErrnoException).code));
        }
        await new Promise((r) => setImmediate(r));
      }
    })();
    try {
      for (let i = 1; i <= 8; i++) {
        script(a, [`Replace in one step ${i}`, 'Itest Ada', '']);
        assert.ok(await vscode.commands.executeCommand('cortex.dispatchTask'), `dispatch ${i}`);
      }
    } finally {
      polling = false;
      await poll;
    }
    assert.deepEqual(missing, [], `tasks.md was missing during ${missing.length} of ${reads + missing.length} reads`);
    assert.ok(reads > 8, 'the reader ran while the extension wrote');
    for (let i = 1; i <= 8; i++) assert.ok(read(ada.tasksFile).includes(`## Replace in one step ${i}\n**Status:** ready\n`));
  });

  it('ranks the agents by how well the title fits their capabilities, and warns (without refusing) when it fits none of the agent picked', async () => {
    let items: readonly vscode.QuickPickItem[] = [];
    script(a, [
      'Retry failed Stripe webhooks',
      (request) => {
        items = request.items;
        return 'Itest Ada';
      },
      'Back off exponentially.',
    ]);
    const result = await vscode.commands.executeCommand<{ agent: string } | undefined>('cortex.dispatchTask');
    assert.equal(items[0].label, 'Billing Dev');
    assert.equal(items[0].description, 'billing-dev · fits: Stripe webhooks and payment flows');
    assert.match(items.find((i) => i.label === 'Itest Ada')?.description ?? '', /^itest-ada · no capability matches$/);
    const body = feedbackAt(a, /Dispatch "Retry failed Stripe webhooks" to Itest Ada/);
    assert.equal(body[0].error, undefined);
    assert.equal(body[0].warning, "Matches none of Itest Ada's capabilities (Testing); dispatching anyway is allowed.");
    assert.equal(result?.agent, 'itest-ada', 'a warning, not a refusal');
    assert.ok(read(ada.tasksFile).includes('## Retry failed Stripe webhooks\n**Status:** ready\n'));
    // A task that fits says nothing.
    await reset(a);
    const preset = script(a, ['Add tests for retries', '']);
    await vscode.commands.executeCommand('cortex.dispatchTask', { agentSlug: bob.slug });
    assert.equal(preset.left(), 0);
    assert.deepEqual(feedbackAt(a, /Dispatch .*Itest Bob/).map((f) => f.warning), [undefined, undefined]);
  });

  it('shows each agent with its liveness and role, and marks the coordinator', async () => {
    let items: readonly vscode.QuickPickItem[] = [];
    script(a, [
      'Morning briefing notes',
      (request) => {
        items = request.items;
        return ESCAPE;
      },
    ]);
    await vscode.commands.executeCommand('cortex.dispatchTask');
    const chief = items.find((i) => i.label.includes('Chief of Staff'));
    assert.ok(chief, 'the chief of staff is listed');
    assert.match(chief.label, /^\$\(star-full\) /);
    assert.match(chief.description ?? '', /chief-of-staff · coordinator/);
    const mine = items.find((i) => i.label === 'Itest Ada');
    assert.ok(mine);
    // Ticked at 09:00; the run's clock stands at 12:00 that day.
    assert.equal(mine.detail, '$(error) down · ticked 3 h ago · 1 ready · Integration test worker');
    assert.match(items.find((i) => i.label === 'Dashboard Dev')?.detail ?? '', /\bdown\b/);
  });

  it('from an agent row (preselected): title and body only', async () => {
    script(a, ['Row task', '']);
    const result = await vscode.commands.executeCommand('cortex.dispatchTask', { agentSlug: bob.slug });
    assert.ok(result);
    assert.equal(read(bob.tasksFile), '## Row task\n**Status:** ready\n');
    assert.deepEqual(stepTrail(a), ['1/2', '<2/2']);
  });

  it("from the Team view's row button (a dispatchTask message with the agent's id)", async () => {
    await vscode.commands.executeCommand('cortex.focusTeamView');
    await waitFor(() => a.view.isReady, 20_000, 'the Team view to say ready');
    script(a, ['From the view', 'Clicked in the Team view.']);
    a.view.receive({ type: 'dispatchTask', agent: bob.slug });
    await waitFor(() => readFileSync(bob.tasksFile, 'utf8').includes('## From the view'), 10_000, 'the task in tasks.md');
    // The writer reads back (and would put the task back over a reset) until its lock and
    // its second name of the replaced file are gone: only then is the write over.
    await waitFor(() => !readdirSync(path.dirname(bob.tasksFile)).some((n) => n.includes('.cortex-')), 10_000, 'the write to finish');
    await a.store.whenIdle();
    assert.equal(read(bob.tasksFile), '## From the view\n**Status:** ready\n\nClicked in the Team view.\n');
  });

  it('the Team view drops a dispatchTask message with a path for an id', async () => {
    script(a, [ESCAPE]);
    a.view.receive({ type: 'dispatchTask', agent: '../../etc' });
    // A valid message after it: its first step is the first prompt of all, so the bad one asked nothing.
    a.view.receive({ type: 'dispatchTask', agent: bob.slug });
    await waitFor(() => a.shownSteps.length > 0, 10_000, 'the first step for bob');
    assert.deepEqual(a.shownSteps.map((s) => s.title), [`Cortex: Dispatch Task to ${bob.name}`]);
  });

  it('checks the title as it is typed: empty, then a ready or in-progress title of the agent picked; a done title is fine', async () => {
    // The title first; picking an agent that has it open returns to the title, which says so.
    script(a, ['   ', 'Existing ready task', 'Itest Ada', 'Existing ready task', 'Old work', 'Itest Ada', '']);
    const result = await vscode.commands.executeCommand('cortex.dispatchTask');
    assert.ok(result);
    const bare = feedbackAt(a, /Dispatch Task$/);
    assert.equal(bare.length, 2);
    assert.match(bare[0].error ?? '', /^Enter a title/);
    assert.equal(bare[1].error, undefined);
    const feedback = feedbackAt(a, /Dispatch Task to Itest Ada/);
    assert.equal(feedback.length, 2);
    assert.match(feedback[0].error ?? '', /Itest Ada already has a ready task titled "Existing ready task" \(line 1 of tasks\.md\)/);
    assert.equal(feedback[1].error, undefined);
    assert.match(feedback[1].hint ?? '', /Task 2 in Itest Ada's queue, after 1 open task/);
    assert.equal(read(ada.tasksFile), expectedAfter('Old work'));
  });

  it('checks the body as it is typed: no "## " heading, no status line, no open fence', async () => {
    script(a, ['Body checks', 'Itest Bob', '## Not a task', '**Status:** done', '```js', 'Plain body']);
    await vscode.commands.executeCommand('cortex.dispatchTask');
    const feedback = feedbackAt(a, /Dispatch "Body checks"/);
    assert.deepEqual(
      feedback.map((f) => !!f.error),
      [true, true, true, false],
    );
    assert.match(feedback[0].error ?? '', /"## " heading/);
    assert.match(feedback[1].error ?? '', /status line/);
    assert.match(feedback[2].error ?? '', /never closes/);
    assert.equal(read(bob.tasksFile), '## Body checks\n**Status:** ready\n\nPlain body\n');
  });

  for (const [at, steps] of [
    ['the title', [ESCAPE]],
    ['the agent', ['Never written', ESCAPE]],
    ['the body', ['Never written', 'Itest Ada', ESCAPE]],
  ] as const) {
    it(`Escape at ${at} writes nothing`, async () => {
      const s = script(a, [...steps]);
      const result = await vscode.commands.executeCommand('cortex.dispatchTask');
      assert.equal(result, undefined);
      assert.equal(s.left(), 0);
      assert.equal(read(ada.tasksFile), START);
      assert.deepEqual(messages(a), [], 'nothing to say');
    });
  }

  it('Back goes to the previous step and keeps what was typed', async () => {
    let titleOnReturn: string | undefined;
    let agentOnReturn: string | undefined;
    script(a, [
      'First title',
      'Itest Ada',
      BACK, // body → agent
      (request) => {
        agentOnReturn = request.activeItem?.label;
        return BACK; // agent → title
      },
      (request) => {
        titleOnReturn = request.value;
        return 'Second title';
      },
      'Itest Bob',
      'Body',
    ]);
    await vscode.commands.executeCommand('cortex.dispatchTask');
    assert.equal(agentOnReturn, 'Itest Ada');
    assert.equal(titleOnReturn, 'First title');
    assert.equal(read(ada.tasksFile), START);
    assert.equal(read(bob.tasksFile), '## Second title\n**Status:** ready\n\nBody\n');
    assert.deepEqual(stepTrail(a), ['1/3', '<2/3', '<3/3', '<2/3', '1/3', '<2/3', '<3/3']);
  });

  it('refuses, and writes nothing, when the same title appears on disk before the write', async () => {
    const raced = '## Raced\n**Status:** ready\n\nWritten by the chief of staff meanwhile.\n';
    script(a, [
      'Raced',
      'Itest Bob',
      () => {
        writeFileSync(bob.tasksFile, raced);
        return 'My body';
      },
    ]);
    const result = await vscode.commands.executeCommand('cortex.dispatchTask');
    assert.equal(result, undefined);
    assert.equal(read(bob.tasksFile), raced);
    message(a, /nothing was dispatched\. agents\/itest-bob\/tasks\.md already has a ready task titled "Raced"/, 'error');
  });

  it('refuses a tasks.md that ends inside an open code fence', async () => {
    const open = '## A\n**Status:** ready\n\n```\nunclosed\n';
    writeFileSync(bob.tasksFile, open);
    script(a, ['After a fence', 'Itest Bob', '']);
    await vscode.commands.executeCommand('cortex.dispatchTask');
    assert.equal(read(bob.tasksFile), open);
    message(a, /nothing was dispatched\. .*code fence opened on line 4 that is never closed/, 'error');
  });

  describe('a longer body in an editor draft', () => {
    const draftText = () => vscode.window.activeTextEditor?.document.getText() ?? '';
    const typeInDraft = async (text: string) => {
      const editor = await waitFor(() => {
        const e = vscode.window.activeTextEditor;
        return e?.document.isUntitled && e.document.getText().startsWith('<!-- Cortex:') ? e : undefined;
      }, 5000, 'the draft editor');
      assert.equal(path.basename(editor.document.uri.path), 'Long one (task body).md');
      assert.match(editor.document.getText(), /^<!-- Cortex: the body of the task "Long one" for Itest Bob\./);
      const end = editor.document.lineAt(editor.document.lineCount - 1).range.end;
      await editor.edit((b) => b.insert(end, text));
    };

    const send = () => vscode.commands.executeCommand('cortex.sendDraft');

    it('opens a markdown draft with a notification that waits for it; the send button writes its text as the body and closes both', async () => {
      let waited = false;
      script(a, ['Long one', 'Itest Bob', { button: 'editor', value: 'Start of it.' }], async (severity, text, items) => {
        if (!/Write the body of the task "Long one" for Itest Bob in the editor, then send it \(Dispatch\)/.test(text)) return undefined;
        assert.equal(severity, 'waiting');
        assert.deepEqual(items, ['Cancel']);
        assert.equal(vscode.window.activeTextEditor?.document.languageId, 'markdown');
        await typeInDraft('\n\nSecond paragraph:\n\n- a list\n- of things\n\n```sh\nnpm test\n```\n');
        waited = true;
        await send();
        return undefined;
      });
      const result = await vscode.commands.executeCommand('cortex.dispatchTask');
      assert.ok(result);
      assert.ok(waited);
      assert.equal(read(bob.tasksFile), '## Long one\n**Status:** ready\n\nStart of it.\n\nSecond paragraph:\n\n- a list\n- of things\n\n```sh\nnpm test\n```\n');
      await waitFor(() => !untitledTabOpen(), 5000, 'the draft to close');
      assert.equal(a.waitingNotices, 0, 'the waiting notification ended with the draft');
    });

    it('keeps the draft open and says why in its notification when its text would break the file, then dispatches the fixed text', async () => {
      let round = 0;
      script(a, ['Long one', 'Itest Bob', { button: 'editor' }], async (severity, text) => {
        if (/Write the body of the task "Long one"/.test(text)) {
          await typeInDraft('## Looks like a task\n');
          await send();
        } else if (severity === 'waiting' && /"## " heading.* Change the draft and send it again, or Cancel to write nothing\./.test(text)) {
          round++;
          assert.match(draftText(), /## Looks like a task/, 'the draft still holds the text');
          const editor = vscode.window.activeTextEditor!;
          const whole = new vscode.Range(editor.document.positionAt(0), editor.document.positionAt(editor.document.getText().length));
          await editor.edit((b) => b.replace(whole, editor.document.getText().replace('## Looks like a task', '### Looks like a heading')));
          await send();
        }
        return undefined;
      });
      await vscode.commands.executeCommand('cortex.dispatchTask');
      assert.equal(round, 1);
      assert.equal(read(bob.tasksFile), '## Long one\n**Status:** ready\n\n### Looks like a heading\n');
    });

    it('the send command sends the draft without the notification (cortex.sendDraft: what the title bar button and Ctrl+Enter run)', async () => {
      script(a, ['Long one', 'Itest Bob', { button: 'editor' }]);
      const running = vscode.commands.executeCommand('cortex.dispatchTask');
      await typeInDraft('Written, then sent with the title bar button.');
      await send();
      assert.ok(await running);
      assert.equal(read(bob.tasksFile), '## Long one\n**Status:** ready\n\nWritten, then sent with the title bar button.\n');
    });

    it("the notification's Cancel writes nothing and closes the draft", async () => {
      script(a, ['Long one', 'Itest Bob', { button: 'editor' }], async (_s, text) => {
        if (!/Write the body/.test(text)) return undefined;
        await typeInDraft('Never sent.');
        return 'Cancel';
      });
      const result = await vscode.commands.executeCommand('cortex.dispatchTask');
      assert.equal(result, undefined);
      assert.equal(read(bob.tasksFile), '');
      message(a, /the draft for "Long one" was closed; nothing was dispatched/, 'info');
      await waitFor(() => !untitledTabOpen(), 5000, 'the draft to close');
    });

    it('closing the draft writes nothing and ends its notification', async () => {
      script(a, ['Long one', 'Itest Bob', { button: 'editor' }]);
      const running = vscode.commands.executeCommand('cortex.dispatchTask');
      await typeInDraft('Closed unsent.');
      await closeEverything();
      assert.equal(await running, undefined);
      assert.equal(a.waitingNotices, 0, 'the waiting notification ended with the draft');
      assert.equal(read(bob.tasksFile), '');
    });

    it('a draft dispatch that finds the title taken keeps the draft and says why', async () => {
      let told = '';
      script(a, ['Long one', 'Itest Bob', { button: 'editor' }], async (severity, text) => {
        if (/Write the body/.test(text)) {
          writeFileSync(bob.tasksFile, '## Long one\n**Status:** in-progress\n');
          await typeInDraft('Mine.');
          await send();
          return undefined;
        }
        if (severity === 'waiting') {
          told = text;
          return 'Cancel';
        }
        return undefined;
      });
      assert.equal(await vscode.commands.executeCommand('cortex.dispatchTask'), undefined);
      assert.match(told, /Nothing was dispatched: agents\/itest-bob\/tasks\.md already has an in-progress task titled "Long one"/);
      assert.equal(read(bob.tasksFile), '## Long one\n**Status:** in-progress\n');
    });
  });

  describe('Restricted Mode', () => {
    it('explains that the workspace must be trusted, asks nothing and writes nothing', async () => {
      a.setTrusted(false);
      script(a, []);
      assert.equal(await vscode.commands.executeCommand('cortex.dispatchTask'), undefined);
      assert.equal(await vscode.commands.executeCommand('cortex.dispatchTask', bob.slug), undefined);
      assert.equal(a.shownSteps.length, 0);
      const warnings = messages(a, 'warning');
      assert.equal(warnings.length, 2);
      assert.match(warnings[0].message, /Cortex can't dispatch a task in Restricted Mode: it only reads the team folder until you trust this workspace\./);
      assert.deepEqual(warnings[0].items, ['Manage Workspace Trust']);
      assert.equal(read(bob.tasksFile), '');
    });
  });

  it('refuses while tasks.md has unsaved changes in an editor, and writes nothing', async () => {
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(ada.tasksFile));
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), 'Unsaved. '));
    script(a, ['Kept out by the editor', 'Itest Ada', '']);
    assert.equal(await vscode.commands.executeCommand('cortex.dispatchTask'), undefined);
    assert.equal(read(ada.tasksFile), START);
    message(a, /nothing was dispatched\. agents\/itest-ada\/tasks\.md has unsaved changes in an editor\. Save or revert them first/, 'error');
  });

  it('an agent that is not in the team, given to Dispatch Task, Generate Protocol File or Open Agent Note: said the same way, nothing asked, nothing written', async () => {
    script(a, []);
    assert.equal(await vscode.commands.executeCommand('cortex.dispatchTask', 'itest-nobody'), undefined);
    assert.equal(await vscode.commands.executeCommand('cortex.generateProtocolFile', 'itest-nobody'), undefined);
    await vscode.commands.executeCommand('cortex.openAgentNote', 'itest-nobody');
    const said = messages(a).filter((m) => m.message === 'Cortex: there is no agent "itest-nobody" in this team.');
    assert.deepEqual(said.map((m) => m.severity), ['warning', 'warning', 'warning'], JSON.stringify(a.shownMessages));
    assert.equal(read(ada.tasksFile), START);
    assert.equal(read(bob.tasksFile), '');
  });
});

function untitledTabOpen(): boolean {
  return vscode.window.tabGroups.all.some((g) => g.tabs.some((t) => t.input instanceof vscode.TabInputText && t.input.uri.scheme === 'untitled'));
}
