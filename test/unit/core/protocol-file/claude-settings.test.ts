import * as assert from 'assert';
import { CortexInputError } from '../../../../src/core/edit/errors';
import { addPromptHook } from '../../../../src/core/protocol-file/claude-settings';

// The hook command as it appears in JSON text (its quotes escaped).
const CMD = '"\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/cortex-precheck.sh"';

/** The entry as JSON.stringify lays it out at `indent` (the entry's own line indent), LF. */
function entry(indent: string, unit = '  '): string {
  return [
    '{',
    `${unit}"hooks": [`,
    `${unit}${unit}{`,
    `${unit}${unit}${unit}"type": "command",`,
    `${unit}${unit}${unit}"command": ${CMD}`,
    `${unit}${unit}}`,
    `${unit}]`,
    '}',
  ]
    .map((l, i) => (i === 0 ? l : indent + l))
    .join('\n');
}

describe('Claude Code settings.json: adding the Cortex UserPromptSubmit hook', () => {
  it('a missing file becomes a settings file with only the hook', () => {
    const { after, change } = addPromptHook(undefined);
    assert.strictEqual(change, 'create');
    assert.strictEqual(after, `{\n  "hooks": {\n    "UserPromptSubmit": [\n      ${entry('      ')}\n    ]\n  }\n}\n`);
  });

  it('an empty or blank file is treated like a missing one', () => {
    assert.deepStrictEqual(addPromptHook(''), addPromptHook(undefined));
    assert.deepStrictEqual(addPromptHook('  \n'), addPromptHook(undefined));
  });

  it('adds "hooks" at the end of the settings, keeping every other byte', () => {
    const text = '{\n  "permissions": {\n    "allow": ["Bash(npm test)"]\n  },\n  "model": "opus"\n}\n';
    const { after, change } = addPromptHook(text);
    assert.strictEqual(change, 'add-hook');
    assert.strictEqual(
      after,
      '{\n  "permissions": {\n    "allow": ["Bash(npm test)"]\n  },\n  "model": "opus",\n' +
        `  "hooks": {\n    "UserPromptSubmit": [\n      ${entry('      ')}\n    ]\n  }\n}\n`,
    );
    assert.deepStrictEqual(JSON.parse(after).permissions, { allow: ['Bash(npm test)'] });
  });

  it('adds "UserPromptSubmit" beside other hook events, which stay as they are', () => {
    const text = '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "./guard.sh" }] }\n    ]\n  }\n}';
    const { after } = addPromptHook(text);
    assert.strictEqual(
      after,
      '{\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "./guard.sh" }] }\n    ],\n' +
        `    "UserPromptSubmit": [\n      ${entry('      ')}\n    ]\n  }\n}`,
    );
  });

  it('appends the entry after the user\'s own UserPromptSubmit hooks', () => {
    const mine = '{\n      "hooks": [{ "type": "command", "command": "~/bin/log-prompt" }]\n    }';
    const text = `{\n  "hooks": {\n    "UserPromptSubmit": [\n      ${mine}\n    ]\n  },\n  "env": { "A": "1" }\n}\n`;
    const { after, change } = addPromptHook(text);
    assert.strictEqual(change, 'add-hook');
    assert.strictEqual(after, `{\n  "hooks": {\n    "UserPromptSubmit": [\n      ${mine},\n      ${entry('      ')}\n    ]\n  },\n  "env": { "A": "1" }\n}\n`);
  });

  it('fills an empty array or object on lines of their own', () => {
    assert.strictEqual(addPromptHook('{\n  "hooks": {\n    "UserPromptSubmit": []\n  }\n}\n').after, `{\n  "hooks": {\n    "UserPromptSubmit": [\n      ${entry('      ')}\n    ]\n  }\n}\n`);
    assert.strictEqual(addPromptHook('{}').after, `{\n  "hooks": {\n    "UserPromptSubmit": [\n      ${entry('      ')}\n    ]\n  }\n}`);
    assert.strictEqual(addPromptHook('{"hooks": {}}').after, `{"hooks": {\n  "UserPromptSubmit": [\n    ${entry('    ')}\n  ]\n}}`);
  });

  it('keeps the file\'s tabs and CRLF line breaks', () => {
    const text = '{\r\n\t"model": "opus"\r\n}\r\n';
    const { after } = addPromptHook(text);
    const expected = `{\r\n\t"model": "opus",\r\n\t"hooks": {\n\t\t"UserPromptSubmit": [\n\t\t\t${entry('\t\t\t', '\t')}\n\t\t]\n\t}\r\n}\r\n`.replace(/(?<!\r)\n/g, '\r\n');
    assert.strictEqual(after, expected);
    assert.doesNotMatch(after.replace(/\r\n/g, ''), /\n/);
  });

  it('writes one line into a one-line file', () => {
    const { after } = addPromptHook('{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "x"}]}]}}');
    assert.strictEqual(after, `{"hooks": {"UserPromptSubmit": [{"hooks": [{"type": "command", "command": "x"}]}, {"hooks":[{"type":"command","command":${CMD}}]}]}}`);
  });

  it('changes nothing when the entry is there, in our form or another that runs the same script', () => {
    const once = addPromptHook('{\n  "model": "opus"\n}\n').after;
    assert.deepStrictEqual(addPromptHook(once), { after: once, change: 'unchanged' });
    const plugin = '{"hooks": {"UserPromptSubmit": [{"matcher": "Cortex tick:", "hooks": [{"type": "command", "command": ".claude/hooks/cortex-precheck.sh"}]}]}}';
    assert.deepStrictEqual(addPromptHook(plugin), { after: plugin, change: 'unchanged' });
  });

  it('keeps a byte order mark', () => {
    const { after } = addPromptHook('\uFEFF{\n  "model": "opus"\n}\n');
    assert.ok(after.startsWith('\uFEFF{\n  "model": "opus",\n  "hooks": {\n'));
  });

  for (const [what, text, message] of [
    ['a comment', '{\n  // allow tests\n  "model": "opus"\n}\n', /^\.claude\/settings\.json has a comment \(line 2, column 3\); settings\.json is plain JSON, which has no comments\. Fix it, or add the hook yourself; nothing was changed\.$/],
    ['a trailing comma', '{\n  "model": "opus",\n}\n', /is not valid JSON \(line 2, column 18: A trailing comma before "\}" is not allowed in JSON\)/],
    ['a truncated file', '{\n  "hooks": {\n', /is not valid JSON \(line 3, column 1: Expected a property name in double quotes, found the end of the file\)/],
    ['a list at the top', '[]\n', /holds a list, not a JSON object/],
    ['"hooks" that is not an object', '{"hooks": []}', /"hooks" is a list, not an object/],
    ['"UserPromptSubmit" that is not a list', '{"hooks": {"UserPromptSubmit": {}}}', /"hooks\.UserPromptSubmit" is an object, not a list/],
  ] as const) {
    it(`refuses ${what} with a clear message`, () => {
      assert.throws(
        () => addPromptHook(text),
        (e: unknown) => e instanceof CortexInputError && message.test(e.message),
      );
    });
  }
});
