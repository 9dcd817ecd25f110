// End to end with a real ACP agent: two agents whose notes say `launch: {cli: gemini,
// channel: acp}` run the pinned Gemini CLI as `gemini --acp` from the Team view of the
// packaged extension in code-server, each against its own scripted Gemini server on
// loopback. A dispatched task is ticked as session/prompt; the scripted model edits a file
// (Gemini CLI's replace for one agent, write_file of a new file for the other), whose
// permission request carries the diff; the Needs you list shows both requests with their
// diffs (screenshots in light, dark and high contrast); answered with the keyboard alone
// (focus, arrows, `a`) the row leaves and the file is written; Enter on the other row
// opens that agent's session view: its transcript (the messages, the tool call with its
// status and diff), its pending request answered there, a prompt written in its box, and
// Cancel ending the turn the model holds.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator } from 'playwright-core';
import { formatDate, wallMinutes } from '../../src/base/time';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { heldTurn, type ScriptedServer, type ScriptedTurn } from '../harness/model-servers/anthropic-messages';
import { startGeminiServer } from '../harness/model-servers/gemini-generate';
import { foldThreadsView, openViewContainer, resizeSidebar, runCommand } from '../harness/workbench';
import { eventually, expectCount, expectText, findWebview } from './expect';
import { artifactsDir, cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';
import { agentCliVersions, assertAgentClis, dispatch, endProcess, prepareAcpAgent, processesWithEnv } from './real-agent-setup';
import { setColorTheme } from './themes';
import { printDiagnostics } from './diagnostics';
import { agentRow, focused, literally, needsYou, rowsFit } from './team-view-locators';

interface AcpAgent {
  readonly slug: string;
  readonly name: string;
  readonly project: string;
  /** The file its scripted model edits, and what it holds once the edit is allowed. */
  readonly file: string;
  readonly written: string;
  readonly task: string;
}

const LEDGER_BEFORE = '# Settlement ledger\n\nRefunds settle to: the old clearing account\nReviewed by: finance\n';
const LEDGER_AFTER = LEDGER_BEFORE.replace('the old clearing account', 'the new settlement account (cut-over confirmed)');
const GUIDE = '# Refunds guide\n\nA refund is issued to the card that paid, within five working days.\n';

/**
 * The model's side for one agent: the first prompt; the dispatched task's tick asks for the
 * file edit; a text once it is written; the person's prompt from the session view, held
 * until the test has cancelled it.
 */
function script(agent: AcpAgent, edit: 'replace' | 'write_file', gate: ReturnType<typeof heldTurn>): ScriptedTurn[] {
  const file = path.join(agent.project, agent.file);
  const input = edit === 'replace' ? { file_path: file, old_string: 'the old clearing account', new_string: 'the new settlement account (cut-over confirmed)', instruction: 'Point refunds at the new settlement account.' } : { file_path: file, content: GUIDE };
  return [
    { kind: 'text', text: 'Ready for work.' },
    { kind: 'tools', calls: [{ name: edit, input }] },
    { kind: 'text', text: `Edited ${agent.file} for "${agent.task}".` },
    { kind: 'text', text: 'Still working on it.', hold: gate.hold, onHeld: gate.onHeld },
  ];
}

after(() => cleanUpScratch());

describe('Agents as ACP sessions: the real gemini --acp, the Needs you list with diffs, the session view (VSIX in code-server, scripted models)', function () {
  this.timeout(180_000);
  let wb: Workbench;
  let view: FrameLocator;
  let extensionDir = '';
  const holds = { billing: heldTurn(), docs: heldTurn() };
  const servers: ScriptedServer<unknown>[] = [];
  let billing: AcpAgent;
  let docs: AcpAgent;
  /** The agent whose request was answered from the list, and the one whose session view is opened. */
  let answered: AcpAgent;
  let other: AcpAgent;

  before(async function () {
    this.timeout(300_000);
    assertAgentClis();
    console.log(`      real CLIs: ${agentCliVersions()}`);
    const today = formatDate(wallMinutes(new Date()));
    wb = await startWorkbench({
      name: 'acp-sessions',
      theme: lightTheme,
      prepare: (team, ext) => {
        extensionDir = ext;
        billing = {
          slug: 'acp-billing',
          name: 'Billing and Invoicing Platform Developer (payments, refunds, dunning) over ACP',
          project: path.join(team.home, 'Projects', 'acp-billing'),
          file: 'settlement-ledger.md',
          written: LEDGER_AFTER,
          task: 'Switch the refunds ledger to the new settlement account',
        };
        docs = {
          slug: 'acp-docs',
          name: 'Senior Documentation and Developer Relations Writer (guides, API reference) over ACP',
          project: path.join(team.home, 'Projects', 'acp-docs'),
          file: 'refunds-guide.md',
          written: GUIDE,
          task: 'Write the refunds guide',
        };
      },
    });
    servers.push(await startGeminiServer(script(billing, 'replace', holds.billing)), await startGeminiServer(script(docs, 'write_file', holds.docs)));
    prepareAcpAgent(billing, wb.team.dir, wb.team.home, servers[0].url, today);
    prepareAcpAgent(docs, wb.team.dir, wb.team.home, servers[1].url, today);
    writeFileSync(path.join(billing.project, billing.file), LEDGER_BEFORE);
    await openViewContainer(wb.page, 'Cortex');
    view = await findWebview(wb.page, (f) => f.getByRole('list', { name: 'Agents' }), 'the Team view', 45_000);
    await resizeSidebar(wb.page, 520);
    await foldThreadsView(wb.page);
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed' && wb) printDiagnostics(wb, this.currentTest.title);
  });
  after(async () => {
    holds.billing.release();
    holds.docs.release();
    await wb?.close();
    // An agent the extension did not stop (a failed test) runs in a process group of its own: end it by its server's address.
    for (const s of servers) for (const pid of processesWithEnv(`GOOGLE_GEMINI_BASE_URL=${s.url}`)) endProcess(pid);
    for (const s of servers) await s.close();
  });

  it('starts both as ACP sessions; each dispatched task is ticked as a prompt, and each file edit waits in the Needs you list with its diff, in light, dark and high contrast', async () => {
    for (const agent of [billing, docs]) {
      const row = agentRow(view, agent.name);
      await expectText(row, agent.name, 45_000);
      await row.getByRole('button', { name: new RegExp(`^Start ${literally(agent.name)}`) }).click();
      await expectCount(row.getByRole('button', { name: new RegExp(`^Stop ${literally(agent.name)}`) }), 1, 60_000);
      // The first prompt's turn ("Ready for work.") over before the task comes.
      await eventually(async () => servers[agent === billing ? 0 : 1].served.length >= 1, () => `${agent.slug}'s first prompt answered by the model`, 60_000);
      await expectText(row, /Turn finished/, 60_000);
      dispatch(extensionDir, wb.team.dir, agent.slug, agent.task);
    }
    const rows = needsYou(view).getByRole('listitem');
    await expectCount(rows, 2, 90_000).catch(async (e: unknown) => {
      await screenshot(wb.page, 'acp-needs-you-failed');
      throw e;
    });
    const billingRow = rows.filter({ hasText: billing.name });
    const docsRow = rows.filter({ hasText: docs.name });
    // Gemini CLI's own titles for the edits, the diffs' paths, the lines they change.
    await expectText(billingRow, /asks to use settlement-ledger\.md: the old clearing account => the new settlement account/, 10_000);
    await expectText(billingRow, /settlement-ledger\.md \+1 −1 .*the old clearing account.*the new settlement account \(cut-over confirmed\)/, 10_000);
    await expectText(docsRow, /asks to use Writing to refunds-guide\.md/, 10_000);
    await expectText(docsRow, /refunds-guide\.md \+3 −0 .*A refund is issued to the card that paid/, 10_000);
    assert.match((await billingRow.getAttribute('aria-label')) ?? '', /asks to use .*changes .*settlement-ledger\.md\. A to allow once, Shift\+A always for this tool, R to reject, Enter to open its session/);
    for (const answer of ['Allow once', 'Always for this tool', 'Reject']) await expectCount(billingRow.getByRole('button', { name: new RegExp(`^${answer}`) }), 1, 5000);
    // One notification per request, the list's (not also the terminal agents' "needs your input").
    const toasts = wb.page.locator('.notifications-toasts .notification-toast');
    await expectCount(toasts.filter({ hasText: /over ACP asks to use/ }), 2, 15_000);
    await expectCount(toasts.filter({ hasText: /needs your input/ }), 0, 1000);
    await runCommand(wb.page, 'Notifications: Clear All Notifications');
    await expectText(wb.page.locator('.part.statusbar'), /2 needs? input/i, 15_000);
    for (const [theme, name] of [
      [lightTheme, 'light'],
      [darkTheme, 'dark'],
      [highContrastTheme, 'high-contrast'],
    ] as const) {
      if (theme !== lightTheme) await setColorTheme(wb, theme);
      await view.locator('section.needs-you').scrollIntoViewIfNeeded();
      await rowsFit(view);
      await screenshot(wb.page, `acp-needs-you-${name}`);
      await wb.page.locator('.part.sidebar').screenshot({ path: path.join(artifactsDir, `acp-needs-you-${name}-sidebar.png`) });
    }
    await setColorTheme(wb, lightTheme);
    assert.equal(existsSync(path.join(docs.project, docs.file)), false, 'nothing written before the answer');
    assert.equal(readFileSync(path.join(billing.project, billing.file), 'utf8'), LEDGER_BEFORE);
  });

  it('answered with the keyboard alone: focus the list, arrows, a; the row leaves at once and the file is written', async () => {
    const rows = needsYou(view).getByRole('listitem');
    await rows.first().focus();
    assert.ok(await focused(rows.first()), 'the first row takes the focus');
    await rows.first().press('ArrowDown');
    assert.ok(await focused(rows.nth(1)), 'Down moves to the second');
    await rows.nth(1).press('ArrowUp');
    assert.ok(await focused(rows.first()), 'Up moves back to the first');
    await rows.first().press('ArrowDown');
    const second = (await rows.nth(1).textContent()) ?? '';
    [answered, other] = second.includes(billing.name) ? [billing, docs] : [docs, billing];
    await rows.nth(1).press('a');
    await expectCount(rows, 1, 30_000);
    await expectText(rows.first(), other.name, 5000);
    await eventually(async () => focused(rows.first()), () => 'the focus on the row left in the list', 5000);
    const file = path.join(answered.project, answered.file);
    await eventually(
      async () => existsSync(file) && readFileSync(file, 'utf8') === answered.written,
      () => `${answered.file} written as the diff said; it holds: ${existsSync(file) ? JSON.stringify(readFileSync(file, 'utf8')) : 'nothing'}`,
      60_000,
    );
    await expectText(agentRow(view, answered.name), /Turn finished/, 60_000);
    await screenshot(wb.page, 'acp-needs-you-answered-light');
  });

  it("Enter on the other row opens its session view: the transcript, the request answered there, the tool call done with its diff; a prompt from its box, and Cancel", async () => {
    const rows = needsYou(view).getByRole('listitem');
    await rows.first().press('Enter');
    const session = await findWebview(wb.page, (f) => f.getByRole('textbox', { name: `Write to ${other.name}` }), `${other.name}'s session view`, 30_000);
    const log = session.getByRole('log', { name: `${other.name}'s session` });
    await expectText(log, new RegExp(`You Cortex: you are ${literally(other.name)}\\.`), 10_000);
    await expectText(log, /Agent Ready for work\./, 10_000);
    // The request waits here too, with its diff; answered with the keyboard on it.
    const request = session.getByRole('region', { name: `${other.name} asks` }).locator('.pending-request');
    await expectCount(request, 1, 10_000);
    await expectText(request, other === billing ? /settlement-ledger\.md \+1 −1/ : /refunds-guide\.md \+3 −0/, 5000);
    await screenshot(wb.page, 'acp-session-request-light');
    await request.press('a');
    await expectCount(needsYou(view).getByRole('listitem'), 0, 30_000);
    const file = path.join(other.project, other.file);
    await eventually(async () => existsSync(file) && readFileSync(file, 'utf8') === other.written, () => `${other.file} written`, 60_000);
    const tool = log.locator('.entry.tool');
    await expectText(tool, other === billing ? /settlement-ledger\.md: the old clearing account => .*edit ?done/ : /Writing to refunds-guide\.md ?edit ?done/, 30_000);
    await expectText(tool.locator('figure.diff'), other === billing ? /\+ ?Refunds settle to: the new settlement account/ : /\+ ?A refund is issued/, 5000);
    await expectText(log, new RegExp(`Agent Edited ${literally(other.file)}`), 30_000);
    await expectText(session.getByRole('status'), /waiting for you/, 30_000);
    for (const [theme, name] of [
      [lightTheme, 'light'],
      [darkTheme, 'dark'],
      [highContrastTheme, 'high-contrast'],
    ] as const) {
      if (theme !== lightTheme) await setColorTheme(wb, theme);
      await screenshot(wb.page, `acp-session-${name}`);
    }
    await setColorTheme(wb, lightTheme);
    // The person writes; the model holds its reply; Cancel ends the turn.
    const box = session.getByRole('textbox', { name: `Write to ${other.name}` });
    await box.fill('Add the cut-over date as well.');
    await box.press('Enter');
    const hold = other === billing ? holds.billing : holds.docs;
    await eventually(async () => hold.reached, () => 'the model to hold the reply to the prompt', 60_000);
    await expectText(session.getByRole('status'), /working/, 10_000);
    await expectText(log, /You Add the cut-over date as well\./, 5000);
    const cancel = session.getByRole('button', { name: 'Cancel' });
    await cancel.click();
    await expectText(log, /Cancelled the turn\./, 10_000);
    await expectText(session.getByRole('status'), /waiting for you/, 30_000);
    await expectText(log, /The turn ended: cancelled\./, 10_000);
    assert.equal(await cancel.isDisabled(), true, 'nothing left to cancel');
    await screenshot(wb.page, 'acp-session-cancelled-light');
  });
  it("the board's lane header offers Open Session for an agent run as an ACP session (and Stop); Stop from the session view ends it", async () => {
    await runCommand(wb.page, 'View: Close All Editors');
    await runCommand(wb.page, 'Cortex: Open Task Board');
    const board = await findWebview(wb.page, (f) => f.locator('.board-app'), 'the task board', 60_000);
    const head = board.locator(`section.lane[data-lane="${other.slug}"] .lane-head`);
    await expectCount(head.getByRole('button', { name: /^Open Session$/ }), 1, 30_000);
    await expectCount(head.getByRole('button', { name: /^Stop$/ }), 1, 5000);
    await expectCount(head.getByRole('button', { name: /^Show Terminal$/ }), 0, 5000);
    // An agent of the team not running here: Start, as before.
    await expectCount(board.locator('section.lane[data-lane="billing-dev"] .lane-head').getByRole('button', { name: /^Start$/ }), 1, 5000);
    await screenshot(wb.page, 'acp-board-lane-light');
    await head.getByRole('button', { name: /^Open Session$/ }).click();
    const session = await findWebview(wb.page, (f) => f.getByRole('textbox', { name: `Write to ${other.name}` }), `${other.name}'s session view`, 30_000);
    await expectText(session.getByRole('log', { name: `${other.name}'s session` }), /The turn ended: cancelled\./, 10_000);
    await session.getByRole('button', { name: 'Stop' }).click();
    await expectText(session.getByRole('status'), /stopped/, 30_000);
    await expectCount(agentRow(view, other.name).getByRole('button', { name: new RegExp(`^Start ${literally(other.name)}`) }), 1, 30_000);
    // The other one from its row.
    await agentRow(view, answered.name).getByRole('button', { name: new RegExp(`^Stop ${literally(answered.name)}`) }).click();
    await expectCount(agentRow(view, answered.name).getByRole('button', { name: new RegExp(`^Start ${literally(answered.name)}`) }), 1, 30_000);
  });
});
