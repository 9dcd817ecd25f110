import * as assert from 'assert';
import { acpCommand, firstPrompt, hookShellCommand, launchLine, shellLine } from '../../../../src/core/agents/launch-command';
import { LaunchProfile } from '../../../../src/core/agents/launch-profile';

/** Launch profiles (the agent note's `launch:`, a person's override) and the command lines they start. */
const profile = (p: Partial<LaunchProfile> & Pick<LaunchProfile, 'cli'>): LaunchProfile => ({ command: null, args: [], env: {}, worktree: null, heartbeat: null, ...p });
const ctx = { slug: 'billing-dev', teamDir: '/home/me/cortex', cortex: { kind: 'node' as const, cliPath: '/ext/dist/cli.js' }, firstPrompt: 'Cortex: you are Billing Dev.' };

describe('launch command lines', () => {
  it('Claude Code and Cursor: the prompt last; Gemini CLI: --prompt-interactive; Codex: notify wired to the hook verb', () => {
    assert.deepEqual(launchLine(profile({ cli: 'claude-code', args: ['--model', 'sonnet'] }), ctx), {
      program: 'claude',
      args: ['--model', 'sonnet', 'Cortex: you are Billing Dev.'],
      env: { CORTEX_TEAM: '/home/me/cortex', CORTEX_AGENT: 'billing-dev' },
    });
    assert.equal(launchLine(profile({ cli: 'cursor' }), ctx).program, 'cursor-agent');
    assert.deepEqual(launchLine(profile({ cli: 'gemini' }), ctx).args, ['--prompt-interactive', 'Cortex: you are Billing Dev.']);
    const codex = launchLine(profile({ cli: 'codex', env: { CODEX_HOME: '/x' } }), ctx);
    assert.deepEqual(codex.args, ['-c', 'notify=["node", "/ext/dist/cli.js", "hook", "--team", "/home/me/cortex", "--agent", "billing-dev", "--source", "codex"]', 'Cortex: you are Billing Dev.']);
    assert.deepEqual(codex.env, { CODEX_HOME: '/x', CORTEX_TEAM: '/home/me/cortex', CORTEX_AGENT: 'billing-dev' });
  });

  it("Gemini CLI runs without the variables that make its TUI open dialogs no hook reports (connect to VS Code, terminal keybindings)", () => {
    const gemini = launchLine(profile({ cli: 'gemini' }), ctx);
    assert.equal(shellLine(gemini), "env -u TERM_PROGRAM -u VSCODE_GIT_IPC_HANDLE -u VSCODE_GIT_ASKPASS_MAIN gemini --prompt-interactive 'Cortex: you are Billing Dev.'");
    assert.doesNotMatch(shellLine(launchLine(profile({ cli: 'claude-code' }), ctx)), /^env /);
  });

  it("a start's run id: CORTEX_RUN_ID in the environment (the hooks inherit it), and --run on Codex's notify", () => {
    const run = { ...ctx, runId: 'run-1' };
    assert.equal(launchLine(profile({ cli: 'claude-code' }), run).env.CORTEX_RUN_ID, 'run-1');
    assert.equal(launchLine(profile({ cli: 'simulate' }), run).env.CORTEX_RUN_ID, 'run-1');
    const codex = launchLine(profile({ cli: 'codex' }), run);
    assert.equal(codex.env.CORTEX_RUN_ID, 'run-1');
    assert.match(codex.args[1], /"--source", "codex", "--run", "run-1"\]$/);
    assert.equal(launchLine(profile({ cli: 'gemini' }), run).env.GEMINI_CLI_CORTEX_RUN_ID, 'run-1', 'Gemini CLI never redacts a GEMINI_CLI_ variable from its hooks');
  });

  it('the stand-in runs the bundled CLI; a custom command keeps its own words', () => {
    assert.equal(
      shellLine(launchLine(profile({ cli: 'simulate', args: ['--speed', '5'] }), ctx)),
      "node /ext/dist/cli.js simulate --team /home/me/cortex --agent billing-dev --speed 5 --prompt 'Cortex: you are Billing Dev.'",
    );
    const custom = launchLine(profile({ cli: 'custom', command: './run-agent.sh --fast', args: ['-v'] }), ctx);
    assert.deepEqual([custom.program, ...custom.args], ['./run-agent.sh', '--fast', '-v', 'Cortex: you are Billing Dev.']);
  });

  it('the first prompt names the protocol file the CLI reads, never a tick', () => {
    assert.match(firstPrompt('Ada', 'claude-code', '/t/agents/ada/tasks.md'), /^Cortex: you are Ada\. Read \.cortex\.md .*\/t\/agents\/ada\/tasks\.md/);
    assert.match(firstPrompt('Ada', 'codex', '/t'), /Read AGENTS\.md/);
    assert.match(firstPrompt('Ada', 'gemini', '/t'), /Read GEMINI\.md/);
    assert.doesNotMatch(firstPrompt('Ada', 'custom', '/t'), /^Cortex tick:/);
  });

  it('the hook command is one shell line', () => {
    assert.equal(hookShellCommand({ kind: 'node', cliPath: '/my ext/cli.js' }, '/t', 'ada', 'claude-code'), "node '/my ext/cli.js' hook --team /t --agent ada --source claude-code");
    assert.equal(hookShellCommand({ kind: 'path' }, '/t', 'ada', 'gemini'), 'cortex-team hook --team /t --agent ada --source gemini');
  });

  it('the ACP agent of each CLI: gemini --acp, the adapters, a command of the profile instead', () => {
    assert.deepEqual(acpCommand(profile({ cli: 'gemini', args: ['-m', 'flash'] })), { program: 'gemini', args: ['-m', 'flash', '--acp'] });
    assert.deepEqual(acpCommand(profile({ cli: 'claude-code' })), { program: 'claude-agent-acp', args: [], mode: 'default' });
    assert.deepEqual(acpCommand(profile({ cli: 'codex', command: '/opt/codex-acp' })), { program: '/opt/codex-acp', args: [] });
    assert.deepEqual(acpCommand(profile({ cli: 'custom', command: './my-agent --acp' })), { program: './my-agent', args: ['--acp'] });
    assert.equal(acpCommand(profile({ cli: 'simulate' })), null);
  });
});
