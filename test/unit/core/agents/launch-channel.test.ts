import * as assert from 'assert';
import { acpCommand } from '../../../../src/core/agents/launch-command';
import { LaunchProfile, applyOverride, channelOf, describeProfile, launchFrontmatter, readLaunchProfile } from '../../../../src/core/agents/launch-profile';

/** The launch profile's channel (`terminal`, the default, or `acp`) and the ACP agent each CLI runs as. */
const profile = (p: Partial<LaunchProfile> & Pick<LaunchProfile, 'cli'>): LaunchProfile => ({ command: null, args: [], env: {}, worktree: null, heartbeat: null, ...p });

describe('launch channel', () => {
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

  it('the ACP agent of each CLI: gemini --acp, the adapters, a command of the profile instead', () => {
    assert.deepEqual(acpCommand(profile({ cli: 'gemini', args: ['-m', 'flash'] })), { program: 'gemini', args: ['-m', 'flash', '--acp'] });
    assert.deepEqual(acpCommand(profile({ cli: 'claude-code' })), { program: 'claude-agent-acp', args: [], mode: 'default' });
    assert.deepEqual(acpCommand(profile({ cli: 'codex', command: '/opt/codex-acp' })), { program: '/opt/codex-acp', args: [] });
    assert.deepEqual(acpCommand(profile({ cli: 'custom', command: './my-agent --acp' })), { program: './my-agent', args: ['--acp'] });
    assert.equal(acpCommand(profile({ cli: 'simulate' })), null);
  });
});
