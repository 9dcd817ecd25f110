import * as assert from 'assert';
import { firstPrompt, hookShellCommand, launchLine, shellLine } from '../../../../src/core/agents/launch-command';
import { LaunchProfile, applyOverride, describeProfile, launchFrontmatter, readLaunchProfile, splitWords } from '../../../../src/core/agents/launch-profile';
import { parseAgentNote } from '../../../../src/core/parse/agent-note';

/** Launch profiles (the agent note's `launch:`, a person's override) and the command lines they start. */
const profile = (p: Partial<LaunchProfile> & Pick<LaunchProfile, 'cli'>): LaunchProfile => ({ command: null, args: [], env: {}, worktree: null, heartbeat: null, ...p });
const ctx = { slug: 'billing-dev', teamDir: '/home/me/cortex', cortex: { kind: 'node' as const, cliPath: '/ext/dist/cli.js' }, firstPrompt: 'Cortex: you are Billing Dev.' };

describe('launch profiles', () => {
  it('reads the short form and the mapping; aliases name the same CLI', () => {
    assert.deepEqual(readLaunchProfile('claude').value, profile({ cli: 'claude-code' }));
    assert.deepEqual(readLaunchProfile('Gemini-CLI').value, profile({ cli: 'gemini' }));
    const r = readLaunchProfile({ cli: 'codex', args: ['--model', 'gpt-5-codex'], env: { CODEX_HOME: '~/.codex-work', N: 3 }, worktree: true, heartbeat: false });
    assert.deepEqual(r.problems, []);
    assert.deepEqual(r.value, profile({ cli: 'codex', args: ['--model', 'gpt-5-codex'], env: { CODEX_HOME: '~/.codex-work', N: '3' }, worktree: true, heartbeat: false }));
    assert.deepEqual(readLaunchProfile({ cli: 'claude-code', args: '--model "claude opus" --verbose' }).value?.args, ['--model', 'claude opus', '--verbose']);
    assert.deepEqual(readLaunchProfile(undefined), { value: null, problems: [] });
  });

  it('says what it cannot use and keeps the rest; a profile without a usable CLI is none', () => {
    assert.match(readLaunchProfile('vim').problems[0], /"vim" is not a CLI Cortex can start/);
    assert.equal(readLaunchProfile('custom').value, null);
    assert.equal(readLaunchProfile({ cli: 'custom' }).value, null);
    assert.equal(readLaunchProfile([1]).value, null);
    const r = readLaunchProfile({ cli: 'gemini', args: { a: 1 }, env: { 'BAD-NAME': 'x', OK: { deep: 1 } }, worktree: 'yes', colour: 'red' });
    assert.deepEqual(r.value, profile({ cli: 'gemini' }));
    assert.equal(r.problems.length, 5, r.problems.join('\n'));
  });

  it('is read from an agent note, with a warning for a bad value', () => {
    const note = parseAgentNote('---\nname: Ada\nlaunch:\n  cli: claude-code\n  args: [--model, sonnet]\n---\n', 'agents/ada/ada.md', 'ada');
    assert.deepEqual(note.launch, profile({ cli: 'claude-code', args: ['--model', 'sonnet'] }));
    const bad = parseAgentNote('---\nname: Ada\nlaunch: emacs\n---\n', 'agents/ada/ada.md', 'ada');
    assert.equal(bad.launch, undefined);
    assert.ok(bad.diagnostics.some((d) => d.severity === 'warning' && d.line === 3 && /"emacs" is not a CLI/.test(d.message)));
  });

  it("a person's override wins field by field; another CLI starts from nothing but what it sets", () => {
    const note = profile({ cli: 'claude-code', args: ['--model', 'sonnet'], env: { A: '1' } });
    assert.deepEqual(applyOverride(note, { env: { B: '2' }, heartbeat: false }), { ...note, env: { A: '1', B: '2' }, heartbeat: false });
    assert.deepEqual(applyOverride(note, { cli: 'codex' }), profile({ cli: 'codex' }));
    assert.deepEqual(applyOverride(null, { cli: 'gemini', args: ['-m', 'x'] }), profile({ cli: 'gemini', args: ['-m', 'x'] }));
    assert.equal(applyOverride(null, { args: ['x'] }), null);
    assert.equal(applyOverride(note, undefined), note);
  });

  it('describes itself in one line and writes itself back as frontmatter that reads the same', () => {
    assert.equal(describeProfile(profile({ cli: 'claude-code', args: ['--model', 'claude opus'] })), "Claude Code · claude --model 'claude opus'");
    assert.equal(describeProfile(profile({ cli: 'simulate', args: ['--speed', '5'] })), 'Stand-in agent · cortex-team simulate --speed 5');
    assert.equal(describeProfile(profile({ cli: 'custom', command: './run-agent.sh --fast' })), 'Custom command · ./run-agent.sh --fast');
    assert.deepEqual(launchFrontmatter(profile({ cli: 'codex' })), ['launch: codex']);
    const full = profile({ cli: 'custom', command: '/opt/my agent', args: ['--x', 'y z'], env: { K: 'v' }, worktree: true, heartbeat: false });
    const note = parseAgentNote(`---\nname: Ada\n${launchFrontmatter(full).join('\n')}\n---\n`, 'agents/ada/ada.md', 'ada');
    assert.deepEqual(note.launch, full);
  });

  it('splits a line of words as a shell does', () => {
    assert.deepEqual(splitWords(`a "b c" 'd e' f\\ g ""`), ['a', 'b c', 'd e', 'f g', '']);
  });
});

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
});
