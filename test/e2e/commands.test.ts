// End to end: the three commands people use most, through the real UI of code-server
// with the packaged VSIX. "Cortex: Dispatch Task" from the command palette (F1) and
// from an agent row's button, answered by typing; "Cortex: Register Agent" through
// its wizard; "Cortex: Generate Protocol File" offered after registering, with the
// diff preview and the MCP wiring, written with "Write and Trust the Folder" (the trust
// goes to the run's own HOME). Checks the Team view and the files on disk; screenshots of each step
// go to test-results/e2e/commands-*.png.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { lightTheme } from '../harness/settings';
import { openViewContainer, resizeSidebar, runCommand, webviewFrame } from '../harness/workbench';
import { eventually, expectText } from './expect';
import { cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';
import { agentRow } from './team-view-locators';

function quickInput(page: Page): Locator {
  return page.locator('.quick-input-widget');
}

/** Waits for the QuickInput step whose title (with its "(N/M)") matches. */
async function expectStep(page: Page, title: RegExp): Promise<void> {
  await expectText(quickInput(page).locator('.quick-input-title'), title, 15_000);
  await quickInput(page).locator('.quick-input-box input').waitFor({ state: 'visible' });
}

/** Replaces what is in the QuickInput's box by typing, as a person would. */
async function typeInto(page: Page, text: string): Promise<void> {
  const input = quickInput(page).locator('.quick-input-box input');
  await input.focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  await page.keyboard.type(text, { delay: 5 });
}

function message(page: Page): Locator {
  return quickInput(page).locator('.quick-input-message');
}

function toast(page: Page, text: RegExp): Locator {
  return page.locator('.notifications-toasts .notification-toast').filter({ hasText: text });
}

function shot(page: Page, name: string): Promise<void> {
  return screenshot(page, `commands-${name}`);
}

/** The first `ready` task's title in a tasks.md. */
function firstReady(file: string): string {
  const m = /^## (.+)\r?\n\*\*Status:\*\* ready$/m.exec(readFileSync(file, 'utf8'));
  assert.ok(m, `${file} has a ready task`);
  return m[1].trim();
}

after(() => cleanUpScratch());

describe('Commands: Dispatch Task, Register Agent, Generate Protocol File (VSIX in code-server)', function () {
  this.timeout(120_000);
  let wb: Workbench;
  let view: FrameLocator;
  let project: string;

  before(async function () {
    this.timeout(180_000);
    project = mkdtempSync(path.join(os.tmpdir(), 'cortex-e2e-release-'));
    wb = await startWorkbench({ name: 'commands', theme: lightTheme });
    await openViewContainer(wb.page, 'Cortex');
    view = webviewFrame(wb.page);
    await expectText(view.locator('body'), 'Chief of Staff', 45_000);
    await resizeSidebar(wb.page, 480);
  });
  after(async () => {
    await wb?.close();
    rmSync(project, { recursive: true, force: true });
  });

  it('Dispatch Task from the command palette: title, agent (ranked by capability fit), the title checked against its open tasks, body', async () => {
    const page = wb.page;
    const tasksFile = wb.teamFile('agents/billing-dev/tasks.md');
    const taken = firstReady(tasksFile);

    await runCommand(page, 'Cortex: Dispatch Task');
    await expectStep(page, /Cortex: Dispatch Task \(1\/3\)/);
    await typeInto(page, taken);
    await page.keyboard.press('Enter');

    await expectStep(page, /Cortex: Dispatch ".*" \(2\/3\)/);
    await expectText(quickInput(page), /Chief of Staff.*coordinator/, 10_000);
    await shot(page, 'dispatch-2-agent');
    await typeInto(page, 'Billing Dev');
    await page.keyboard.press('Enter');

    // Billing Dev has that title open: back to the title, which says so.
    await expectStep(page, /Dispatch Task to Billing Dev \(1\/3\)/);
    await expectText(message(page), /already has a ready task/, 10_000);
    await shot(page, 'dispatch-1-title-taken');
    await typeInto(page, 'Retry failed Stripe webhooks');
    await expectText(message(page), /Task \d+ in Billing Dev's queue/, 10_000);
    await page.keyboard.press('Enter');
    await expectStep(page, /Cortex: Dispatch "Retry failed Stripe webhooks" \(2\/3\)/);
    await expectText(quickInput(page).locator('.monaco-list-row').first(), /Billing Dev.*fits: Stripe webhooks and payment flows/, 10_000);
    await shot(page, 'dispatch-2-agent-ranked');
    await page.keyboard.press('Escape');

    await runCommand(page, 'Cortex: Dispatch Task');
    await expectStep(page, /Cortex: Dispatch Task \(1\/3\)/);
    await typeInto(page, 'Send the credit note PDFs');
    await page.keyboard.press('Enter');
    await expectStep(page, /\(2\/3\)/);
    await typeInto(page, 'Billing Dev');
    await page.keyboard.press('Enter');

    await expectStep(page, /Dispatch "Send the credit note PDFs" to Billing Dev \(3\/3\)/);
    await typeInto(page, 'Attach the PDF to the email and store a copy in S3.');
    await expectText(quickInput(page), /Matches none of Billing Dev's capabilities/, 10_000);
    await shot(page, 'dispatch-3-body-misfit');
    await page.keyboard.press('Enter');

    await expectText(toast(page, /dispatched "Send the credit note PDFs" to Billing Dev/), /at the end of agents\/billing-dev\/tasks\.md \(\d+ ready tasks in its queue\)/, 15_000);
    const text = readFileSync(tasksFile, 'utf8');
    assert.match(text, /\n## Send the credit note PDFs\n\*\*Status:\*\* ready\n\nAttach the PDF to the email and store a copy in S3\.\n\n<!-- cortex-team:id [0-9a-f]{12} -->\n\n<!-- cortex:last-tick [^>]+-->\n$/);
    await expectText(agentRow(view, 'Billing Dev'), /\d+ ready/, 10_000);
    await shot(page, 'dispatch-4-done');
  });

  it("Dispatch Task from an agent row's button: the agent is preselected", async () => {
    const page = wb.page;
    const tasksFile = wb.teamFile('agents/docs-writer/tasks.md');
    await agentRow(view, 'Docs Writer').getByRole('button', { name: 'Dispatch a task to Docs Writer' }).click();
    await expectStep(page, /Cortex: Dispatch Task to Docs Writer \(1\/2\)/);
    await typeInto(page, 'Document credit notes');
    await page.keyboard.press('Enter');
    await expectStep(page, /\(2\/2\)/);
    await page.keyboard.press('Enter');
    await eventually(async () => readFileSync(tasksFile, 'utf8').includes('## Document credit notes\n**Status:** ready\n'), () => 'the task in docs-writer/tasks.md', 15_000);
    await expectText(agentRow(view, 'Docs Writer'), 'Document credit notes', 10_000);
    await shot(page, 'dispatch-row-done');
  });

  it('Dispatch Task with a longer body written in an editor draft, sent with the editor title button; its notification goes with it', async () => {
    const page = wb.page;
    const tasksFile = wb.teamFile('agents/infra-ops/tasks.md');
    await runCommand(page, 'Cortex: Dispatch Task');
    await expectStep(page, /Cortex: Dispatch Task \(1\/3\)/);
    await typeInto(page, 'Rotate the staging TLS certificates');
    await page.keyboard.press('Enter');
    await expectStep(page, /Dispatch "Rotate the staging TLS certificates" \(2\/3\)/);
    await typeInto(page, 'Infra Ops');
    await page.keyboard.press('Enter');
    await expectStep(page, /\(3\/3\)/);
    await quickInput(page).getByRole('button', { name: /Write in Editor/ }).click();

    const editor = page.locator('.editor-instance .monaco-editor').first();
    await expectText(editor, /Cortex: the body of the task "Rotate the staging TLS certificates" for Infra Ops/, 15_000);
    // The send button shows once the extension has set the draft's context key, which it
    // does after putting the cursor at the end: typing before that could land in front of
    // a cursor move still on its way from the extension host.
    const send = page.locator('.editor-actions').getByRole('button', { name: 'Send This Draft' });
    await send.waitFor({ state: 'visible', timeout: 10_000 });
    const waiting = toast(page, /Write the body of the task "Rotate the staging TLS certificates"/);
    await waiting.waitFor({ state: 'visible', timeout: 10_000 });
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('Steps:\n\n1. Renew with the ACME client.\n2. Reload nginx on both hosts.\n', { delay: 2 });
    await page.locator('.tabs-container .tab', { hasText: 'Rotate the staging TLS certificates (task body).md' }).waitFor({ state: 'visible', timeout: 5000 });
    await shot(page, 'dispatch-draft');
    await send.click();
    await eventually(
      async () => readFileSync(tasksFile, 'utf8').includes('## Rotate the staging TLS certificates\n**Status:** ready\n\nSteps:\n\n1. Renew with the ACME client.\n2. Reload nginx on both hosts.\n\n'),
      () => `the task with its body in infra-ops/tasks.md:\n${readFileSync(tasksFile, 'utf8').slice(-400)}`,
      15_000,
    );
    await eventually(async () => (await page.locator('.tabs-container .tab', { hasText: '(task body)' }).count()) === 0, () => 'the draft to close', 10_000);
    await waiting.waitFor({ state: 'hidden', timeout: 10_000 });
  });

  it("Append Worklog Entry in an editor draft: closing the draft's tab writes nothing and takes its notification away", async () => {
    const page = wb.page;
    const worklog = wb.teamFile('WORKLOG.md');
    const before = readFileSync(worklog, 'utf8');
    await runCommand(page, 'Cortex: Append Worklog Entry');
    await expectStep(page, /Cortex: Append Worklog Entry \(1\/4\)/);
    await typeInto(page, 'Note');
    await page.keyboard.press('Enter');
    await expectStep(page, /\(2\/4\)/);
    await typeInto(page, 'maintainer');
    await page.keyboard.press('Enter');
    await expectStep(page, /\(3\/4\)/);
    await typeInto(page, 'Staging certificates rotated by hand');
    await page.keyboard.press('Enter');
    await expectStep(page, /\(4\/4\)/);
    await quickInput(page).getByRole('button', { name: /Write in Editor/ }).click();
    const tab = page.locator('.tabs-container .tab', { hasText: 'Staging certificates rotated by hand (worklog entry).md' });
    await tab.waitFor({ state: 'visible', timeout: 15_000 });
    const waiting = toast(page, /Write the worklog entry "Note: Staging certificates rotated by hand"/);
    await waiting.waitFor({ state: 'visible', timeout: 10_000 });
    await shot(page, 'worklog-draft');
    await tab.hover();
    await tab.locator('.codicon-close, .tab-actions .action-label').first().click();
    // An untitled draft with text asks whether to save it.
    await page.getByRole('button', { name: /Don't Save/ }).click();
    await waiting.waitFor({ state: 'hidden', timeout: 10_000 });
    await expectText(toast(page, /the draft of the worklog entry .* was closed; nothing was written/), /nothing was written/, 10_000);
    assert.equal(readFileSync(worklog, 'utf8'), before);
  });

  it('Register Agent through the wizard, then Generate Protocol File with its diff preview', async () => {
    const page = wb.page;
    await runCommand(page, 'Notifications: Clear All Notifications');
    await runCommand(page, 'Cortex: Register Agent');
    await expectStep(page, /Cortex: Register Agent \(1\/6\)/);
    await typeInto(page, 'Billing Dev');
    await expectText(message(page), /"billing-dev" is already registered/, 10_000);
    await shot(page, 'register-1-name-taken');
    await typeInto(page, 'Release Manager');
    await expectText(message(page), 'Slug: release-manager → agents/release-manager/release-manager.md and tasks.md', 10_000);
    await shot(page, 'register-1-name');
    await page.keyboard.press('Enter');

    await expectStep(page, /Register Agent \(2\/6\)/);
    await expectText(message(page), /^An existing folder the agent works in/, 10_000);
    await shot(page, 'register-2-project-hint');
    await typeInto(page, '/no/such/folder');
    await expectText(message(page), /does not exist/, 10_000);
    await shot(page, 'register-2-project-missing');
    await typeInto(page, project);
    await expectText(message(page), /Project slug: cortex-e2e-release-/, 10_000);
    await page.keyboard.press('Enter');

    await expectStep(page, /Register Agent \(3\/6\)/);
    await typeInto(page, 'Cuts releases and writes the changelog');
    await page.keyboard.press('Enter');
    await expectStep(page, /Register Agent \(4\/6\)/);
    await typeInto(page, 'Semantic versioning, Changelogs, GitHub releases');
    await expectText(message(page), '3 capabilities: Semantic versioning · Changelogs · GitHub releases', 10_000);
    await shot(page, 'register-4-capabilities');
    await page.keyboard.press('Enter');
    await expectStep(page, /Register Agent \(5\/6\)/);
    await expectText(quickInput(page), /Under Chief of Staff\s*level 2 · sub-agent · parent: chief-of-staff/, 10_000);
    await shot(page, 'register-5-place');
    await typeInto(page, 'Under Chief of Staff');
    await page.keyboard.press('Enter');
    await expectStep(page, /Register Agent \(6\/6\)/);
    await typeInto(page, 'Claude Code');
    await shot(page, 'register-6-launch');
    await page.keyboard.press('Enter');

    const offer = toast(page, /registered Release Manager/);
    await expectText(offer, /Generate its protocol file/, 15_000);
    const note = wb.teamFile('agents/release-manager/release-manager.md');
    assert.ok(existsSync(note), 'the note is on disk');
    assert.equal(readFileSync(wb.teamFile('agents/release-manager/tasks.md'), 'utf8'), '');
    const noteText = readFileSync(note, 'utf8');
    assert.match(noteText, /^---\nname: Release Manager\nproject: \S+\nstatus: active\njoined: \d{4}-\d{2}-\d{2}\nparent: chief-of-staff\nlevel: 2\nlaunch: claude-code\n---\n/);
    assert.match(noteText, /## Capabilities\n- Semantic versioning\n- Changelogs\n- GitHub releases\n/);
    await expectText(agentRow(view, 'Release Manager'), 'Cuts releases and writes the changelog', 10_000);
    await expectText(agentRow(view, 'Release Manager'), /new\s*· no session yet · joined \d{4}-\d{2}-\d{2}/, 10_000);
    await expectText(agentRow(view, 'Release Manager'), 'Semantic versioning · Changelogs · GitHub releases', 10_000);
    await shot(page, 'register-7-done');

    await offer.getByRole('button', { name: 'Generate Protocol File…' }).click();
    await expectStep(page, /Release Manager's worker protocol, into .* \(1\/2\)/);
    await expectText(
      quickInput(page),
      /creates \.cortex\.md · creates CLAUDE\.local\.md · creates \.claude\/hooks\/cortex-precheck\.sh · creates \.claude\/settings\.json · creates \.mcp\.json · creates \.claude\/settings\.local\.json/,
      10_000,
    );
    await shot(page, 'protocol-1-runtime');
    await typeInto(page, 'Claude Code');
    await page.keyboard.press('Enter');

    await expectStep(page, /Write Release Manager's Claude Code Protocol\? \(2\/2\)/);
    const diff = page.locator('.monaco-diff-editor').first();
    await diff.waitFor({ state: 'visible', timeout: 15_000 });
    await page.locator('.tabs-container .tab', { hasText: '.cortex.md (Release Manager, worker, Claude Code): new file' }).waitFor({ state: 'visible', timeout: 10_000 });
    await page.locator('.tabs-container .tab', { hasText: 'CLAUDE.local.md (Release Manager, worker, Claude Code): new file' }).waitFor({ state: 'visible', timeout: 10_000 });
    await page.locator('.tabs-container .tab', { hasText: '.mcp.json (Release Manager, worker, Claude Code): new file' }).waitFor({ state: 'visible', timeout: 10_000 });
    await page.locator('.tabs-container .tab', { hasText: '~/.claude.json (Release Manager, worker, trust for Claude Code): new file' }).waitFor({ state: 'visible', timeout: 10_000 });
    await expectText(diff, /Cortex team protocol: Release Manager/, 10_000);
    await expectText(quickInput(page), /Write and Trust the Folder\s*also ~\/\.claude\.json/, 10_000);
    await shot(page, 'protocol-2-diff');
    assert.equal(existsSync(path.join(project, '.cortex.md')), false, 'nothing is written before Write');

    // The wiring's diff: the cortex server, run by the stable launcher in the extension's storage.
    await typeInto(page, 'Show .mcp.json');
    await page.keyboard.press('Enter');
    await expectText(page.locator('.editor-group-container.active .monaco-diff-editor'), /"cortex"[\s\S]*cortex-team\.js/, 10_000);
    await shot(page, 'protocol-2-mcp-diff');
    await expectStep(page, /Write Release Manager's Claude Code Protocol\? \(2\/2\)/);

    await typeInto(page, 'Write and Trust the Folder');
    await page.keyboard.press('Enter');
    await eventually(async () => existsSync(path.join(project, 'CLAUDE.local.md')), () => 'CLAUDE.local.md in the project folder', 15_000);
    const protocol = readFileSync(path.join(project, '.cortex.md'), 'utf8');
    assert.ok(protocol.includes(`- Task file: \`${wb.teamFile('agents/release-manager/tasks.md')}\``));
    assert.match(readFileSync(path.join(project, 'CLAUDE.local.md'), 'utf8'), /^## Cortex\n/);
    await eventually(async () => existsSync(path.join(project, '.claude/settings.json')), () => '.claude/settings.json in the project folder', 15_000);
    assert.ok(readFileSync(path.join(project, '.claude/hooks/cortex-precheck.sh'), 'utf8').startsWith('#!/bin/sh\n'));
    assert.equal(statSync(path.join(project, '.claude/hooks/cortex-precheck.sh')).mode & 0o777, 0o755, 'the idle hook is executable');
    assert.match(readFileSync(path.join(project, '.claude/settings.json'), 'utf8'), /"UserPromptSubmit"/);
    await eventually(async () => existsSync(path.join(wb.team.home, '.claude.json')), () => '~/.claude.json in the run\'s home', 15_000);
    const server = JSON.parse(readFileSync(path.join(project, '.mcp.json'), 'utf8')).mcpServers.cortex as { command: string; args: string[] };
    assert.equal(server.command, 'node');
    assert.match(server.args[0], /[\\/]cli[\\/]cortex-team\.js$/);
    assert.ok(existsSync(server.args[0]), 'the launcher the wiring names is installed');
    assert.deepEqual(server.args.slice(1), ['mcp', '--team', wb.team.dir, '--agent', 'release-manager']);
    assert.deepEqual(JSON.parse(readFileSync(path.join(project, '.claude/settings.local.json'), 'utf8')), { enabledMcpjsonServers: ['cortex'], permissions: { allow: ['mcp__cortex'] } });
    assert.equal(JSON.parse(readFileSync(path.join(wb.team.home, '.claude.json'), 'utf8')).projects[project].hasTrustDialogAccepted, true);
    await expectText(
      toast(page, /wrote Release Manager's worker protocol for Claude Code/),
      /\.cortex\.md \(created\), CLAUDE\.local\.md \(created\), \.claude\/hooks\/cortex-precheck\.sh \(created\), \.claude\/settings\.json \(created\), \.mcp\.json \(created\), \.claude\/settings\.local\.json \(created\)\. Trusted the folder for Claude Code in ~\/\.claude\.json\./,
      15_000,
    );
    await eventually(async () => (await page.locator('.monaco-diff-editor').count()) === 0, () => 'the preview to close', 10_000);
    await shot(page, 'protocol-3-written');
    await toast(page, /wrote Release Manager's worker protocol/).getByRole('button', { name: 'Open .cortex.md' }).click();
    await expectText(page.locator('.editor-instance .monaco-editor').first(), /Cortex team protocol: Release Manager/, 10_000);
    await shot(page, 'protocol-4-opened');
  });
});
