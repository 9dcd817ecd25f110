// End to end with the real agent CLIs: Claude Code's and Gemini CLI's TUIs (the pinned
// versions) started from the Team view of the packaged extension in code-server, in a
// scratch team whose projects our generators wired, against scripted model servers on
// loopback (test/harness/model-servers). For each: Start on the row; a dispatch picked
// up by the heartbeat driver's typed tick (the row shows Working, then Turn finished, its
// activity, tokens and cost); a tool the allow rule does not cover asks, the row says
// Needs input, and the person answers in the terminal (Enter on "Yes" / "Allow once");
// asked again, the person says no (Esc), and the row is back at its prompt; Stop ends
// every process of the agent. Screenshots of the row states in light, dark and high contrast.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { FrameLocator, Page } from 'playwright-core';
import { formatDate, wallMinutes } from '../../src/base/time';
import { darkTheme, highContrastTheme, lightTheme } from '../harness/settings';
import { heldTurn, startAnthropicServer, type ScriptedServer, type ScriptedTurn } from '../harness/model-servers/anthropic-messages';
import { startGeminiServer } from '../harness/model-servers/gemini-generate';
import { foldThreadsView, openViewContainer, resizeSidebar } from '../harness/workbench';
import { eventually, expectCount, expectText, findWebview } from './expect';
import { cleanUpScratch, screenshot, startWorkbench, type Workbench } from './fixture';
import { agentCliVersions, agentEnvironment, assertAgentClis, dispatch, endProcess, prepareRealAgent, processesWithRunId, realAgent, reportedRunIds, terminalPathSetting, type RealAgent } from './real-agent-setup';
import { setColorTheme } from './themes';
import { printDiagnostics } from './diagnostics';
import { agentRow } from './team-view-locators';

/** How each CLI names the tools of a turn. */
interface Tools {
  readonly claim: string;
  readonly complete: string;
  readonly shell: string;
}
const CLAUDE_TOOLS: Tools = { claim: 'mcp__cortex__claim_task', complete: 'mcp__cortex__complete_task', shell: 'Bash' };
const GEMINI_TOOLS: Tools = { claim: 'mcp_cortex_claim_task', complete: 'mcp_cortex_complete_task', shell: 'run_shell_command' };

/**
 * The model's side of the whole run, one turn per model request that offers tools:
 * the first prompt; the dispatched task claimed (held until the test has seen the row
 * working) and completed; a shell command that asks (answered Yes); another (denied).
 */
function script(tools: Tools, claimHold: Promise<void>): ScriptedTurn[] {
  const shell = (file: string): ScriptedTurn => ({ kind: 'tools', calls: [{ name: tools.shell, input: { command: `echo scripted > ${file}`, description: `Write ${file}` } }] });
  return [
    { kind: 'text', text: 'Ready for work.' },
    { kind: 'tools', calls: [{ name: tools.claim, input: {} }], hold: claimHold },
    { kind: 'tools', calls: [{ name: tools.complete, input: { summary: 'Scripted: the task is done.' } }] },
    { kind: 'text', text: 'Completed the dispatched task.' },
    shell('answered.txt'),
    { kind: 'text', text: 'Wrote answered.txt.' },
    shell('denied.txt'),
  ];
}

function teamFrame(page: Page): Promise<FrameLocator> {
  return findWebview(page, (f) => f.getByRole('list', { name: 'Agents' }), 'the Team view', 45_000);
}

/** The keyboard focus is in a terminal (xterm's input), where the person's keys go. */
async function terminalHasFocus(page: Page): Promise<void> {
  await eventually(
    () => page.evaluate(() => !!document.activeElement?.classList.contains('xterm-helper-textarea') && !!document.activeElement.closest('.part.panel')),
    () => 'the keyboard focus in the terminal',
    15_000,
  );
}

after(() => cleanUpScratch());

describe('The real Claude Code and Gemini CLI TUIs run from the Team view (VSIX in code-server, scripted models)', function () {
  this.timeout(180_000);
  let wb: Workbench;
  let view: FrameLocator;
  let extensionDir = '';
  const holds = { claude: heldTurn(), gemini: heldTurn() };
  let servers: { claude: ScriptedServer<unknown>; gemini: ScriptedServer<unknown> };
  let claude: RealAgent;
  let gemini: RealAgent;

  before(async function () {
    this.timeout(300_000);
    assertAgentClis();
    console.log(`      real CLIs: ${agentCliVersions()}`);
    servers = { claude: await startAnthropicServer(script(CLAUDE_TOOLS, holds.claude.hold)), gemini: await startGeminiServer(script(GEMINI_TOOLS, holds.gemini.hold)) };
    wb = await startWorkbench({
      name: 'real-agent-tuis',
      theme: lightTheme,
      // The pinned Gemini CLI asks for gemini-3.1-pro-preview, which the built-in list has no price for: a person adds it.
      settings: { ...terminalPathSetting(), 'cortex.agents.prices': { 'gemini-3.1-pro-preview': { input: 2, output: 12, cacheRead: 0.2, cacheWrite: 0 } } },
      env: agentEnvironment({ anthropic: servers.claude.url, gemini: servers.gemini.url }),
      prepare: (team, ext) => {
        extensionDir = ext;
        claude = realAgent('claude-worker', 'Claude Worker', 'claude', team.home);
        gemini = realAgent('gemini-worker', 'Gemini Worker', 'gemini', team.home);
      },
    });
    const today = formatDate(wallMinutes(new Date()));
    for (const agent of [claude, gemini]) await prepareRealAgent(agent, wb.team.dir, wb.team.home, extensionDir, today);
    await openViewContainer(wb.page, 'Cortex');
    view = await teamFrame(wb.page);
    await resizeSidebar(wb.page, 520);
    await foldThreadsView(wb.page);
  });
  afterEach(function () {
    if (this.currentTest?.state === 'failed' && wb) printDiagnostics(wb, this.currentTest.title);
  });
  after(async () => {
    holds.claude.release();
    holds.gemini.release();
    // After a failed test, a CLI may still run in its terminal's own session, which closing
    // code-server does not end: end every process with one of our terminals' run ids.
    for (const agent of wb ? [claude, gemini] : []) {
      for (const run of reportedRunIds(wb.team.dir, agent.slug)) for (const pid of processesWithRunId(run)) endProcess(pid);
    }
    await wb?.close();
    await servers?.claude.close();
    await servers?.gemini.close();
  });

  for (const which of ['claude', 'gemini'] as const) {
    const agent = () => (which === 'claude' ? claude : gemini);
    const row = () => agentRow(view, agent().name);
    const runLine = () => row().locator('.row-line.run');
    const shot = (state: string) => screenshot(wb.page, `real-${which}-${state}`);
    const tasks = () => readFileSync(wb.teamFile(`agents/${agent().slug}/tasks.md`), 'utf8');
    // The question as the CLI's Notification hook says it. Claude Code's comes about 6 s after its
    // dialog, even after the person answered: the person answers after it (a late one is the
    // integration suite's test), so the row's state holds still for the next step.
    const notified = which === 'claude' ? /Needs input Claude needs your permission/ : /Needs input .*requires execution/;

    it(`${which}: Start on the row opens its TUI in a terminal; its first turn finishes`, async () => {
      await expectText(runLine(), which === 'claude' ? /Claude Code · claude/ : /Gemini CLI · .*gemini/, 45_000);
      await row().getByRole('button', { name: new RegExp(`^Start ${agent().name} in a terminal`) }).click();
      await expectText(wb.page.locator('.part.panel'), agent().name, 30_000);
      // The first prompt's turn (the scripted "Ready for work."), reported by its hooks.
      await expectText(runLine(), /Turn finished/, 90_000);
      await expectCount(row().getByRole('button', { name: new RegExp(`^Stop ${agent().name}`) }), 1, 5000);
      // A name the row has room for shows whole (not cut in the middle: "C… e Worker").
      const head = row().locator('.row-head .middle-name-head');
      assert.equal(await head.evaluate((el) => el.scrollWidth > el.clientWidth + 1), false, `${agent().name} cut on a 520 px side bar`);
    });

    it(`${which}: a dispatch is picked up by the heartbeat driver's typed tick: Working, then Turn finished, with its activity, tokens and cost`, async () => {
      dispatch(extensionDir, wb.team.dir, agent().slug, 'Reconcile the ledger');
      // The driver types its tick; the CLI's hook says it works; the model's claim is held until the row shows it.
      await expectText(runLine(), /Working/, 60_000);
      await shot('working-light');
      holds[which].release();
      await eventually(
        async () => /## Reconcile the ledger\n\*\*Status:\*\* done/.test(tasks()),
        () => `the task claimed and completed through the MCP server; tasks.md:\n${tasks()}`,
        60_000,
      );
      await expectText(runLine(), /Turn finished/, 60_000);
      await expectText(row().locator('.row-line.activity'), /claim_task|complete_task/, 30_000);
      // Priced tokens: no "+" after the cost.
      await expectText(row().locator('.row-line.usage'), /tokens · \$\d+\.\d+ today/, 60_000);
      await shot('turn-finished-light');
    });

    it(`${which}: a tool the allow rule does not cover shows Needs input; answered in the terminal, the turn goes on`, async () => {
      dispatch(extensionDir, wb.team.dir, agent().slug, 'Write the answered file');
      await expectText(row().locator('.row-line.needs-input'), notified, 60_000);
      await expectText(wb.page.locator('.part.statusbar'), /needs? input/i, 15_000);
      await shot('needs-input-light');
      for (const [theme, name] of [
        [darkTheme, 'dark'],
        [highContrastTheme, 'high-contrast'],
      ] as const) {
        await setColorTheme(wb, theme);
        await expectText(row().locator('.row-line.needs-input'), /Needs input/, 10_000);
        await shot(`needs-input-${name}`);
      }
      await setColorTheme(wb, lightTheme);
      // As the person would: Answer shows the terminal, Enter takes the highlighted "Yes" / "Allow once".
      await row().getByRole('button', { name: 'Answer', exact: true }).click();
      await terminalHasFocus(wb.page);
      await wb.page.keyboard.press('Enter');
      await eventually(async () => existsSync(path.join(agent().project, 'answered.txt')), () => 'the allowed command to run in the project', 30_000);
      await expectText(runLine(), /Turn finished/, 60_000);
      await expectCount(row().locator('.row-line.needs-input'), 0, 5000);
    });

    it(`${which}: a denied permission (Esc) comes back to its prompt within seconds`, async () => {
      dispatch(extensionDir, wb.team.dir, agent().slug, 'Write the denied file');
      await expectText(row().locator('.row-line.needs-input'), notified, 60_000);
      await row().getByRole('button', { name: 'Answer', exact: true }).click();
      await terminalHasFocus(wb.page);
      // While the needs-input notification is up, VS Code takes the first Esc to hide it (as it
      // would a person's); the next one reaches the CLI's dialog.
      await expectText(wb.page.locator('.notifications-toasts'), /needs your input/, 15_000);
      await wb.page.keyboard.press('Escape');
      await expectCount(wb.page.locator('.notifications-toasts .notification-toast'), 0, 15_000);
      await terminalHasFocus(wb.page);
      await wb.page.keyboard.press('Escape');
      // No hook fires on a denial: the session log says it, read every second while the question is open.
      await expectText(runLine(), /Turn finished/, 30_000);
      assert.equal(existsSync(path.join(agent().project, 'denied.txt')), false, 'the denied command did not run');
      await shot('denied-light');
    });

    it(`${which}: Stop ends every process of the agent (none holds its terminal's CORTEX_RUN_ID)`, async () => {
      const runIds = reportedRunIds(wb.team.dir, agent().slug);
      assert.equal(runIds.length, 1, `one terminal's run id in the reports: ${runIds.join(', ')}`);
      assert.ok(processesWithRunId(runIds[0]).length > 0, 'the CLI runs with the run id before Stop');
      await row().getByRole('button', { name: new RegExp(`^Stop ${agent().name}`) }).click();
      await eventually(
        async () => processesWithRunId(runIds[0]).length === 0,
        () => `no process with CORTEX_RUN_ID=${runIds[0]}; left: ${processesWithRunId(runIds[0]).join(', ')}`,
        30_000,
      );
      await expectCount(row().getByRole('button', { name: new RegExp(`^Start ${agent().name}.* again`) }), 1, 15_000);
    });
  }
});
