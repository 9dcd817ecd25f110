import * as assert from 'assert';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { CLAUDE_STATE_EVENTS, GEMINI_STATE_EVENTS, addStateHooks, isStateHookCommand } from '../../../../src/core/protocol-file/state-hooks';

/** The state hooks merged into a CLI's settings.json: added beside the user's own, kept, moved, refused. */
const CMD = "node /ext/dist/cli.js hook --team /t --agent ada --source claude-code";
const EVENTS = ['Stop', 'Notification'];

describe('state hooks in settings.json', () => {
  it('recognises the hook command in its forms, and nothing else', () => {
    assert.ok(isStateHookCommand(CMD));
    assert.ok(isStateHookCommand("node '/my ext/dist/cli.js' hook --team /t --agent ada --source gemini"));
    assert.ok(isStateHookCommand('cortex-team hook --team /t --agent ada --source gemini'));
    assert.ok(isStateHookCommand("node '/home/me/.vscode/globalStorage/cortex-team/cli/cortex-team.js' hook --team /t --agent ada --source claude-code"), 'the stable launcher');
    assert.ok(!isStateHookCommand('"$CLAUDE_PROJECT_DIR"/.claude/hooks/cortex-precheck.sh'));
    assert.ok(!isStateHookCommand('./my-hook --team x'));
  });

  it('creates the file; a second run changes nothing', () => {
    const first = addStateHooks(undefined, '.claude/settings.json', EVENTS, CMD);
    assert.equal(first.change, 'create');
    assert.deepEqual(JSON.parse(first.after), { hooks: { Stop: [{ hooks: [{ type: 'command', command: CMD }] }], Notification: [{ hooks: [{ type: 'command', command: CMD }] }] } });
    assert.deepEqual(addStateHooks(first.after, '.claude/settings.json', EVENTS, CMD), { after: first.after, change: 'unchanged' });
  });

  it("adds beside the user's own hooks and settings, touching no other byte; names the hook for Gemini CLI", () => {
    const mine = '{\n    "permissions": { "allow": ["Bash(npm test)"] },\n    "hooks": {\n        "Stop": [\n            { "hooks": [ { "type": "command", "command": "say done" } ] }\n        ]\n    }\n}\n';
    const { after, change } = addStateHooks(mine, '.gemini/settings.json', EVENTS, CMD, true);
    assert.equal(change, 'add-hook');
    const v = JSON.parse(after) as { permissions: unknown; hooks: Record<string, Array<{ hooks: Array<Record<string, string>> }>> };
    assert.deepEqual(v.permissions, { allow: ['Bash(npm test)'] });
    assert.equal(v.hooks.Stop.length, 2);
    assert.equal(v.hooks.Stop[0].hooks[0].command, 'say done');
    assert.deepEqual(v.hooks.Stop[1].hooks[0], { name: 'cortex-state', type: 'command', command: CMD });
    assert.ok(after.startsWith('{\n    "permissions": { "allow": ["Bash(npm test)"] },\n    "hooks": {\n        "Stop": [\n            { "hooks": [ { "type": "command", "command": "say done" } ] },\n'), after);
  });

  it("keeps the comments of Gemini CLI's settings.json (JSON with comments); Claude Code's plain JSON refuses them", () => {
    const mine = '{\n  // my theme\n  "ui": { "theme": "GitHub" }\n}\n';
    const { after, change } = addStateHooks(mine, '.gemini/settings.json', EVENTS, CMD, true);
    assert.equal(change, 'add-hook');
    assert.ok(after.startsWith('{\n  // my theme\n  "ui": { "theme": "GitHub" },\n'), after);
    assert.deepEqual(addStateHooks(after, '.gemini/settings.json', EVENTS, CMD, true), { after, change: 'unchanged' });
    assert.throws(() => addStateHooks(mine, '.claude/settings.json', EVENTS, CMD), (e: Error) => e instanceof CortexInputError && /has a comment/.test(e.message));
  });

  it('a hook whose command moved (the extension updated, the team moved) gets the new command in place', () => {
    const old = addStateHooks(undefined, 's.json', ['Stop'], 'node /old/dist/cli.js hook --team /t --agent ada --source claude-code').after;
    const moved = addStateHooks(old, 's.json', ['Stop'], CMD);
    assert.equal(moved.change, 'add-hook');
    assert.equal(moved.after, old.replace('/old/dist', '/ext/dist'));
  });

  it('refuses what it cannot merge into, changing nothing', () => {
    assert.throws(() => addStateHooks('{"hooks": []}', 's.json', EVENTS, CMD), (e: Error) => e instanceof CortexInputError && /"hooks" is a list, not an object/.test(e.message));
    assert.throws(() => addStateHooks('{"hooks": {"Stop": {}}}', 's.json', EVENTS, CMD), (e: Error) => e instanceof CortexInputError && /"hooks\.Stop" is an object, not a list/.test(e.message));
    assert.throws(() => addStateHooks('[1]', 's.json', EVENTS, CMD), CortexInputError);
  });

  it("the events: a prompt, a permission or question, a turn's end or failure, the session's end; none per tool call", () => {
    assert.deepEqual([...CLAUDE_STATE_EVENTS], ['UserPromptSubmit', 'PermissionRequest', 'Notification', 'Stop', 'StopFailure', 'SessionEnd']);
    assert.deepEqual([...GEMINI_STATE_EVENTS], ['BeforeAgent', 'Notification', 'AfterAgent', 'SessionEnd'], 'none per tool call');
  });

  it('takes our entry off the events earlier versions installed it on (one process per tool call), every other byte kept', () => {
    const old = addStateHooks(undefined, '.claude/settings.json', ['UserPromptSubmit', 'PostToolUse', 'Stop'], CMD).after;
    const now = addStateHooks(old, '.claude/settings.json', [...CLAUDE_STATE_EVENTS], CMD);
    assert.equal(now.change, 'add-hook');
    const hooks = (JSON.parse(now.after) as { hooks: Record<string, unknown> }).hooks;
    assert.deepEqual(Object.keys(hooks), ['UserPromptSubmit', 'Stop', 'PermissionRequest', 'Notification', 'StopFailure', 'SessionEnd']);
    assert.deepEqual(addStateHooks(now.after, '.claude/settings.json', [...CLAUDE_STATE_EVENTS], CMD), { after: now.after, change: 'unchanged' });
    // The user's own hook on the event stays; only ours goes.
    const mine = '{\n  "hooks": {\n    "PostToolUse": [\n      { "hooks": [ { "type": "command", "command": "npm run lint" } ] },\n      { "hooks": [ { "type": "command", "command": "' + CMD + '" } ] }\n    ]\n  }\n}\n';
    const kept = addStateHooks(mine, '.claude/settings.json', ['Stop'], CMD).after;
    assert.ok(kept.startsWith('{\n  "hooks": {\n    "PostToolUse": [\n      { "hooks": [ { "type": "command", "command": "npm run lint" } ] }\n    ],\n'), kept);
    const onlyMine = '{"hooks": {"PostToolUse": [{"hooks": [{"type": "command", "command": "npm run lint"}]}]}}';
    assert.ok(addStateHooks(onlyMine, 's.json', ['Stop'], CMD).after.includes('"PostToolUse": [{"hooks": [{"type": "command", "command": "npm run lint"}]}]'));
  });

  it("Gemini CLI's AfterTool entry goes too, unless a comment would go with it", () => {
    const entry = `{ "hooks": [ { "name": "cortex-state", "type": "command", "command": "${CMD}" } ] }`;
    const old = `{\n  "hooks": {\n    "BeforeAgent": [ ${entry} ],\n    "AfterTool": [ ${entry} ]\n  }\n}\n`;
    const now = addStateHooks(old, '.gemini/settings.json', [...GEMINI_STATE_EVENTS], CMD, true).after;
    assert.deepEqual(Object.keys((JSON.parse(now) as { hooks: Record<string, unknown> }).hooks), ['BeforeAgent', 'Notification', 'AfterAgent', 'SessionEnd']);
    const commented = `{\n  "hooks": {\n    "BeforeAgent": [ ${entry} ],\n    // mine\n    "AfterTool": [ ${entry} ]\n  }\n}\n`;
    assert.ok(addStateHooks(commented, '.gemini/settings.json', ['BeforeAgent'], CMD, true).after.includes('"AfterTool"'));
  });
});
