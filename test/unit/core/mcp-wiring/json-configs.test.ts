import * as assert from 'assert';
import { claudeApproval, claudeMcpJson, claudeTrust, cursorMcpJson, geminiSettings, geminiTrust } from '../../../../src/core/mcp-wiring/json-configs';
import { cortexLaunch } from '../../../../src/core/mcp-wiring/launch';

/** The Cortex server merged into the agents' JSON configurations, byte for byte. */

const launch = cortexLaunch({ kind: 'node', cliPath: '/opt/cortex/dist/cli.js' }, '/home/ada/team', 'billing-dev');
const ENTRY = '{"command":"node","args":["/opt/cortex/dist/cli.js","mcp","--team","/home/ada/team","--agent","billing-dev"]}';
/** The entry as JSON.stringify lays it out at `indent` (the key's line indent), two-space unit. */
function expanded(indent: string, unit = '  ', trust = false): string {
  const args = ['"/opt/cortex/dist/cli.js"', '"mcp"', '"--team"', '"/home/ada/team"', '"--agent"', '"billing-dev"'];
  const end = trust ? [`${unit}],`, `${unit}"trust": true`] : [`${unit}]`];
  return ['{', `${unit}"command": "node",`, `${unit}"args": [`, ...args.map((a, i) => `${unit}${unit}${a}${i < args.length - 1 ? ',' : ''}`), ...end, '}']
    .map((l, i) => (i === 0 ? l : indent + l))
    .join('\n');
}

describe('MCP wiring: the launch command', () => {
  it('runs the bundled CLI with node, or cortex-team from PATH, always with the team and the agent', () => {
    assert.deepStrictEqual(launch, { command: 'node', args: ['/opt/cortex/dist/cli.js', 'mcp', '--team', '/home/ada/team', '--agent', 'billing-dev'] });
    assert.deepStrictEqual(cortexLaunch({ kind: 'node', cliPath: 'C:\\cortex\\cli.js', node: 'C:\\node\\node.exe' }, 'C:\\team', 'ada').command, 'C:\\node\\node.exe');
    assert.deepStrictEqual(cortexLaunch({ kind: 'path' }, '/t', 'ada'), { command: 'cortex-team', args: ['mcp', '--team', '/t', '--agent', 'ada'] });
  });
});

describe('MCP wiring: Claude Code .mcp.json and its approval', () => {
  it('creates .mcp.json with only the cortex server', () => {
    assert.deepStrictEqual(claudeMcpJson(undefined, launch), { after: `{\n  "mcpServers": {\n    "cortex": ${expanded('    ')}\n  }\n}\n`, change: 'create' });
  });

  it("adds cortex after the user's servers, in the file's indentation and line breaks, keeping every other byte", () => {
    const text = '{\r\n    "mcpServers": {\r\n        "db": { "command": "pg-mcp" }\r\n    }\r\n}';
    const { after, change } = claudeMcpJson(text, launch);
    assert.strictEqual(change, 'add');
    assert.strictEqual(after, `{\r\n    "mcpServers": {\r\n        "db": { "command": "pg-mcp" },\r\n        "cortex": ${expanded('        ', '    ').replace(/\n/g, '\r\n')}\r\n    }\r\n}`);
  });

  it('adds mcpServers to a file without it', () => {
    assert.strictEqual(claudeMcpJson('{ "other": 1 }', launch).after, `{ "other": 1, "mcpServers": {"cortex":${ENTRY}} }`);
  });

  it('replaces only the cortex entry when it differs, and leaves an equal one alone', () => {
    const old = '{\n  "mcpServers": {\n    "cortex": { "command": "node", "args": ["/old/cli.js", "mcp"] },\n    "db": { "command": "pg" }\n  }\n}\n';
    const r = claudeMcpJson(old, launch);
    assert.strictEqual(r.change, 'replace');
    assert.strictEqual(r.after, `{\n  "mcpServers": {\n    "cortex": ${ENTRY},\n    "db": { "command": "pg" }\n  }\n}\n`);
    assert.deepStrictEqual(claudeMcpJson(r.after, launch), { after: r.after, change: 'unchanged' });
  });

  it('refuses invalid JSON, comments (plain JSON) and a wrong type, with a sentence', () => {
    assert.throws(() => claudeMcpJson('{ "mcpServers": { }', launch), /^CortexInputError: \.mcp\.json is not valid JSON \(line 1, column 20: Expected "," or "}" in an object, found the end of the file\)\. Fix it, or add the cortex server yourself; nothing was changed\.$/);
    assert.throws(() => claudeMcpJson('{\n  // mine\n  "mcpServers": {}\n}', launch), /\.mcp\.json has a comment \(line 2, column 3\); \.mcp\.json is plain JSON, which has no comments\./);
    assert.throws(() => claudeMcpJson('{ "mcpServers": [] }', launch), /^CortexInputError: \.mcp\.json: "mcpServers" is a list, not an object; nothing was changed\.$/);
    assert.throws(() => claudeMcpJson('[]', launch), /\.mcp\.json holds a list, not a JSON object/);
  });

  it('approves the server and allows its tools in settings.local.json beside the user\'s settings', () => {
    assert.deepStrictEqual(claudeApproval(undefined), {
      after: '{\n  "enabledMcpjsonServers": [\n    "cortex"\n  ],\n  "permissions": {\n    "allow": [\n      "mcp__cortex"\n    ]\n  }\n}\n',
      change: 'create',
    });
    // The user's rules and lists keep their bytes; ours go at the end of each list.
    const text = '{\n  "permissions": {\n    "allow": ["Bash(npm test)"],\n    "deny": []\n  },\n  "enabledMcpjsonServers": ["db"]\n}\n';
    assert.deepStrictEqual(claudeApproval(text), { after: '{\n  "permissions": {\n    "allow": ["Bash(npm test)", "mcp__cortex"],\n    "deny": []\n  },\n  "enabledMcpjsonServers": ["db", "cortex"]\n}\n', change: 'add' });
    assert.strictEqual(claudeApproval('{ "enabledMcpjsonServers": ["cortex"], "permissions": { "allow": ["mcp__cortex"] } }').change, 'unchanged');
    assert.strictEqual(claudeApproval('{\n  "model": "opus"\n}\n').after, '{\n  "model": "opus",\n  "enabledMcpjsonServers": [\n    "cortex"\n  ],\n  "permissions": {\n    "allow": [\n      "mcp__cortex"\n    ]\n  }\n}\n');
    assert.throws(() => claudeApproval('{ "enabledMcpjsonServers": "cortex" }'), /"enabledMcpjsonServers" is a string, not a list/);
    assert.throws(() => claudeApproval('{ "permissions": { "allow": "mcp__cortex" } }'), /"permissions\.allow" is a string, not a list; nothing was changed/);
  });

  it('offers the allow rule to a project wired before it existed (approved, no rule): one list item added', () => {
    const before = '{\n  "enabledMcpjsonServers": [\n    "cortex"\n  ]\n}\n';
    assert.deepStrictEqual(claudeApproval(before), { after: '{\n  "enabledMcpjsonServers": [\n    "cortex"\n  ],\n  "permissions": {\n    "allow": [\n      "mcp__cortex"\n    ]\n  }\n}\n', change: 'add' });
  });

  it('trusts the project in ~/.claude.json, next to its other projects and state', () => {
    const text = '{\n  "numStartups": 3,\n  "projects": {\n    "/home/ada/other": {\n      "hasTrustDialogAccepted": true\n    }\n  }\n}';
    assert.strictEqual(
      claudeTrust(text, '/home/ada/api').after,
      '{\n  "numStartups": 3,\n  "projects": {\n    "/home/ada/other": {\n      "hasTrustDialogAccepted": true\n    },\n    "/home/ada/api": {\n      "hasTrustDialogAccepted": true\n    }\n  }\n}',
    );
    const known = '{ "projects": { "/home/ada/api": { "allowedTools": [], "hasTrustDialogAccepted": false } } }';
    assert.strictEqual(claudeTrust(known, '/home/ada/api').after, '{ "projects": { "/home/ada/api": { "allowedTools": [], "hasTrustDialogAccepted": true } } }');
    assert.strictEqual(claudeTrust('{ "projects": { "/home/ada/api": { "hasTrustDialogAccepted": true } } }', '/home/ada/api').change, 'unchanged');
  });
});

describe('MCP wiring: Gemini CLI and Cursor (JSON with comments)', () => {
  it('adds cortex to .gemini/settings.json, keeping the user\'s comments', () => {
    const text = '{\n  // my theme\n  "theme": "Dracula",\n  /* servers */\n  "mcpServers": {}\n}\n';
    const r = geminiSettings(text, launch);
    assert.strictEqual(r.change, 'add');
    assert.strictEqual(r.after, `{\n  // my theme\n  "theme": "Dracula",\n  /* servers */\n  "mcpServers": {\n    "cortex": ${expanded('    ', '  ', true)}\n  }\n}\n`);
  });

  it('trusts the cortex entry, so Gemini CLI runs its tools without confirmation; an entry written before without trust is replaced', () => {
    const wiredBefore = `{\n  "mcpServers": {\n    "cortex": ${expanded('    ')}\n  }\n}\n`;
    const r = geminiSettings(wiredBefore, launch);
    assert.deepStrictEqual(r, { after: `{\n  "mcpServers": {\n    "cortex": ${expanded('    ', '  ', true)}\n  }\n}\n`, change: 'replace' });
    assert.strictEqual(geminiSettings(r.after, launch).change, 'unchanged');
  });

  it('refuses to replace a cortex entry that holds comments (they would be lost)', () => {
    const text = '{ "mcpServers": { "cortex": { "command": "old" /* keep */ } } }';
    assert.throws(() => geminiSettings(text, launch), /\.gemini\/settings\.json: "mcpServers\.cortex" has comments inside, which replacing it would drop\. Remove them, or add the cortex server yourself; nothing was changed\./);
  });

  it('refuses an unclosed comment and invalid JSON', () => {
    assert.throws(() => geminiSettings('{ /* open\n "a": 1 }', launch), /not valid JSON \(line 1, column 3: A comment is not closed/);
    assert.throws(() => cursorMcpJson('{ "mcpServers": { "a": 1, } }', launch), /\.cursor\/mcp\.json is not valid JSON .*trailing comma/);
  });

  it('trusts the folder in ~/.gemini/trustedFolders.json', () => {
    assert.deepStrictEqual(geminiTrust(undefined, '/home/ada/api'), { after: '{\n  "/home/ada/api": "TRUST_FOLDER"\n}\n', change: 'create' });
    assert.strictEqual(geminiTrust('{\n  "/home/ada/x": "TRUST_PARENT"\n}\n', '/home/ada/api').after, '{\n  "/home/ada/x": "TRUST_PARENT",\n  "/home/ada/api": "TRUST_FOLDER"\n}\n');
    assert.strictEqual(geminiTrust('{ "/home/ada/api": "DO_NOT_TRUST" }', '/home/ada/api').after, '{ "/home/ada/api": "TRUST_FOLDER" }');
  });

  it('creates .cursor/mcp.json, keeping a BOM', () => {
    assert.strictEqual(cursorMcpJson('\uFEFF', launch).after, `\uFEFF{\n  "mcpServers": {\n    "cortex": ${expanded('    ')}\n  }\n}\n`);
  });
});
