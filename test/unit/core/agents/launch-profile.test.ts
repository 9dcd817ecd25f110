import * as assert from 'assert';
import { LaunchProfile, applyOverride, channelOf, describeProfile, launchFrontmatter, readLaunchProfile, splitWords } from '../../../../src/core/agents/launch-profile';
import { parseAgentNote } from '../../../../src/core/parse/agent-note';

/** Launch profiles (the agent note's `launch:`, a person's override) and the command lines they start. */
const profile = (p: Partial<LaunchProfile> & Pick<LaunchProfile, 'cli'>): LaunchProfile => ({ command: null, args: [], env: {}, worktree: null, heartbeat: null, ...p });

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

  describe('the launch channel (terminal, the default, or acp)', () => {
    it('reads channel: acp, defaults to terminal, and refuses an ACP channel for a CLI with no ACP agent', () => {
      const acp = readLaunchProfile({ cli: 'gemini', channel: 'acp' });
      assert.deepEqual(acp, { value: profile({ cli: 'gemini', channel: 'acp' }), problems: [] });
      assert.equal(channelOf(acp.value), 'acp');
      assert.equal(channelOf(readLaunchProfile('codex').value), 'terminal');
      assert.equal(readLaunchProfile({ cli: 'codex', channel: 'Terminal' }).value?.channel, 'terminal');
      const bad = readLaunchProfile({ cli: 'codex', channel: 'pigeon' });
      assert.equal(bad.value?.channel, undefined);
      assert.match(bad.problems[0], /"launch.channel" should be terminal or acp/);
      const cursor = readLaunchProfile({ cli: 'cursor', channel: 'acp' });
      assert.equal(channelOf(cursor.value), 'terminal');
      assert.match(cursor.problems[0], /Cursor Agent runs in a terminal/);
    });

    it("a person's override sets or keeps the channel; Register Agent writes it; the row says it", () => {
      assert.equal(applyOverride(profile({ cli: 'gemini' }), { channel: 'acp' })?.channel, 'acp');
      assert.equal(applyOverride(profile({ cli: 'gemini', channel: 'acp' }), { args: ['-m', 'x'] })?.channel, 'acp');
      assert.deepEqual(launchFrontmatter(profile({ cli: 'gemini', channel: 'acp' })), ['launch:', '  cli: gemini', '  channel: acp']);
      assert.deepEqual(launchFrontmatter(profile({ cli: 'gemini' })), ['launch: gemini']);
      assert.equal(describeProfile(profile({ cli: 'claude-code', channel: 'acp' })), 'Claude Code (ACP session) · claude-agent-acp');
    });
  });
});
