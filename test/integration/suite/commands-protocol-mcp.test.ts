// "Cortex: Generate Protocol File" and the MCP wiring, in the real extension host: each
// agent kind gets its configuration file (Claude Code .mcp.json with its approval,
// Codex .codex/config.toml, Gemini CLI .gemini/settings.json, Cursor .cursor/mcp.json)
// naming the stable launcher; "Write and Trust the Folder" writes the trust into the
// run's own HOME; and the real agent CLIs, run in that project with that HOME, list the
// server from exactly the files the command wrote (Claude Code and Gemini CLI start it
// and connect). A user's existing configuration keeps every byte (one insertion, ours);
// a configuration that cannot be merged is refused and nothing at all is written.
import * as assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { AgentCliRun, agentCliBin, runAgentCli } from '../../harness/agent-cli';
import { EXTENSION_ID, TestAgent, addAgent, api, exists, message, noErrors, read, removeAgents, removeTempFolders, reset, script, teamDir, tempFolder, waitFor } from './commands-helpers';

interface Generated {
  runtime: string;
  project: string;
  written: string[];
  unchanged: string[];
  trust?: string;
  trustWritten?: string[];
}

type Runtime = 'Claude Code' | 'Codex' | 'Gemini CLI' | 'Cursor';

/** Each kind: its protocol file, its wiring files, and the home files its trust step writes. */
const KINDS: Record<Runtime, { protocol: string; wiring: string[]; trust: string[] }> = {
  'Claude Code': { protocol: '.cortex.md', wiring: ['.mcp.json', '.claude/settings.local.json'], trust: ['~/.claude.json'] },
  Codex: { protocol: 'AGENTS.md', wiring: ['.codex/config.toml'], trust: ['~/.codex/config.toml'] },
  'Gemini CLI': { protocol: 'GEMINI.md', wiring: ['.gemini/settings.json'], trust: ['~/.gemini/trustedFolders.json'] },
  Cursor: { protocol: '.cursorrules', wiring: ['.cursor/mcp.json'], trust: [] },
};

/** What the agent CLIs may create in HOME; removed after each test so the next starts untrusted. */
const HOME_ENTRIES = /^\.(claude|codex|gemini)/;

/** The text `after` adds to `before` as one insertion (every byte of `before` kept, in order); fails otherwise. */
function insertion(before: string, after: string): string {
  let head = 0;
  while (head < before.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  assert.equal(head + tail, before.length, `the user's text is kept byte for byte:\n--- before\n${before}\n--- after\n${after}`);
  return after.slice(head, after.length - tail);
}

describe('Command: Generate Protocol File — MCP wiring, trust, and the real agent CLIs', function () {
  this.timeout(120_000);
  let a: CortexTestApi;
  let team: string;
  let agent: TestAgent;
  let bin: string;
  const home = os.homedir();
  let homeBefore: Set<string>;

  async function freshProject(): Promise<string> {
    const folder = tempFolder(`mcp-${agent.slug}-`);
    writeFileSync(agent.noteFile, read(agent.noteFile).replace(/^project: .*$/m, `project: ${folder}`));
    a.store.notifyChanged([`agents/${agent.slug}/${agent.slug}.md`]);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === agent.slug)?.project === folder, 5000, 'the new project in the store');
    return folder;
  }

  const generate = () => vscode.commands.executeCommand<Generated | undefined>('cortex.generateProtocolFile', { agentSlug: agent.slug });

  /** An agent CLI, run in the project with the run's HOME (where the trust step wrote), offline. */
  const agentCli = (name: string, args: readonly string[], cwd: string): Promise<AgentCliRun> => runAgentCli(bin, name, args, { cwd, home });

  /** The server entry a JSON wiring file holds. */
  const jsonEntry = (file: string) => JSON.parse(read(file).replace(/^\s*\/\/.*$/gm, '')).mcpServers.cortex as { command: string; args: string[] };

  before(async () => {
    a = await api();
    team = teamDir(a);
    agent = await addAgent(a, { slug: 'itest-mcp-worker', name: 'Itest Mcp Worker', role: 'Writes the billing code' });
    bin = agentCliBin(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath);
    for (const name of ['claude', 'codex', 'gemini']) assert.ok(existsSync(path.join(bin, name)), `${name} is not installed: run node scripts/install-agent-clis.mjs`);
    homeBefore = new Set(readdirSync(home));
  });
  afterEach(async () => {
    await reset(a);
    for (const name of readdirSync(home)) if (HOME_ENTRIES.test(name) && !homeBefore.has(name)) rmSync(path.join(home, name), { recursive: true, force: true });
  });
  after(async () => {
    await removeAgents(a, [agent.slug]);
    removeTempFolders();
  });

  /** The launcher the wiring names: `node <global storage>/cli/cortex-team.js mcp --team <team> --agent <slug>`. */
  function assertLaunch(entry: { command: string; args: readonly string[] }): string {
    assert.equal(entry.command, 'node');
    const [launcher, ...rest] = entry.args;
    assert.match(launcher, /[\\/]cli[\\/]cortex-team\.js$/);
    assert.ok(existsSync(launcher), `the launcher ${launcher} is installed before the wiring names it`);
    assert.deepEqual(rest, ['mcp', '--team', team, '--agent', agent.slug]);
    return `node ${entry.args.join(' ')}`;
  }

  it('preselects the runtime the agent\'s note launches (launch: gemini), not the first one', async () => {
    await freshProject();
    const note = read(agent.noteFile);
    try {
      writeFileSync(agent.noteFile, note.replace(/^---\n/, '---\nlaunch: gemini\n'));
      a.store.notifyChanged([`agents/${agent.slug}/${agent.slug}.md`]);
      await waitFor(() => a.store.team?.agents.find((x) => x.slug === agent.slug)?.launch?.cli === 'gemini', 5000, 'the launch profile in the store');
      let active: string | undefined;
      script(a, [
        (r) => {
          active = r.activeItem?.label;
          return undefined; // Escape: nothing is written
        },
      ]);
      assert.equal(await generate(), undefined);
      assert.match(active ?? '(none)', /Gemini CLI/);
    } finally {
      writeFileSync(agent.noteFile, note);
      a.store.notifyChanged([`agents/${agent.slug}/${agent.slug}.md`]);
      await waitFor(() => a.store.team?.agents.find((x) => x.slug === agent.slug)?.launch === undefined, 5000, 'the note as it was');
    }
  });

  it('Claude Code: .mcp.json and its approval, the folder trusted in ~/.claude.json; "claude mcp list" connects to the server the files name', async () => {
    const project = await freshProject();
    let labels: string[] = [];
    script(a, [
      'Claude Code',
      (r) => {
        labels = r.items.map((i) => i.label);
        return 'Write and Trust the Folder';
      },
    ]);
    const result = await generate();
    assert.deepEqual(labels.slice(0, 2), ['$(check) Write', '$(shield) Write and Trust the Folder']);
    assert.deepEqual(result?.written, ['.cortex.md', 'CLAUDE.local.md', '.claude/hooks/cortex-precheck.sh', '.claude/settings.json', ...KINDS['Claude Code'].wiring]);
    assert.equal(result?.trust, 'written');
    assert.deepEqual(result?.trustWritten, ['~/.claude.json']);
    const line = assertLaunch(jsonEntry(path.join(project, '.mcp.json')));
    assert.deepEqual(JSON.parse(read(path.join(project, '.claude/settings.local.json'))), { enabledMcpjsonServers: ['cortex'], permissions: { allow: ['mcp__cortex'] } });
    assert.equal(JSON.parse(read(path.join(home, '.claude.json'))).projects[project].hasTrustDialogAccepted, true);
    message(a, /Trusted the folder for Claude Code in ~\/\.claude\.json\./, 'info');
    noErrors(a);

    const r = await agentCli('claude', ['mcp', 'list'], project);
    assert.equal(r.code, 0, r.stderr);
    assert.ok(r.stdout.includes(`cortex: ${line} - ✔ Connected`), r.stdout);
  });

  it('Codex: .codex/config.toml, the project trusted in ~/.codex/config.toml; "codex mcp list" has the server enabled', async () => {
    const project = await freshProject();
    script(a, ['Codex', 'Write and Trust the Folder']);
    const result = await generate();
    assert.deepEqual(result?.written, ['AGENTS.md', '.codex/config.toml']);
    assert.deepEqual(result?.trustWritten, ['~/.codex/config.toml']);
    const r = await agentCli('codex', ['mcp', 'list', '--json'], project);
    assert.equal(r.code, 0, r.stderr);
    const servers = JSON.parse(r.stdout) as Array<{ name: string; enabled: boolean; transport: { type: string; command: string; args: string[] } }>;
    const cortex = servers.find((s) => s.name === 'cortex');
    assert.ok(cortex, r.stdout);
    assert.equal(cortex.enabled, true);
    assert.equal(cortex.transport.type, 'stdio');
    assertLaunch(cortex.transport);
    assert.match(read(path.join(project, '.codex/config.toml')), /^\[mcp_servers\.cortex\]$/m);
  });

  it('Gemini CLI: .gemini/settings.json, the folder trusted in ~/.gemini/trustedFolders.json; "gemini mcp list" connects', async () => {
    const project = await freshProject();
    script(a, ['Gemini CLI', 'Write and Trust the Folder']);
    const result = await generate();
    assert.deepEqual(result?.written, ['GEMINI.md', '.gemini/settings.json']);
    assert.deepEqual(result?.trustWritten, ['~/.gemini/trustedFolders.json']);
    assert.equal(JSON.parse(read(path.join(home, '.gemini/trustedFolders.json')))[project], 'TRUST_FOLDER');
    const line = assertLaunch(jsonEntry(path.join(project, '.gemini/settings.json')));
    const r = await agentCli('gemini', ['mcp', 'list'], project);
    assert.equal(r.code, 0, r.stderr);
    assert.ok((r.stdout + r.stderr).includes(`✓ cortex: ${line} (stdio) - Connected`), r.stdout + r.stderr);
  });

  it('Cursor: .cursor/mcp.json, no trust step (Cursor asks in its own window)', async () => {
    const project = await freshProject();
    let labels: string[] = [];
    script(a, [
      'Cursor',
      (r) => {
        labels = r.items.map((i) => i.label);
        return 'Write';
      },
    ]);
    const result = await generate();
    assert.deepEqual(labels, ['$(check) Write', '$(diff) Show .cursorrules', '$(diff) Show .cursor/mcp.json', '$(close) Cancel']);
    assert.deepEqual(result?.written, ['.cursorrules', '.cursor/mcp.json']);
    assert.equal(result?.trust, undefined);
    assertLaunch(jsonEntry(path.join(project, '.cursor/mcp.json')));
    message(a, /Cursor asks you to enable the cortex server the first time it opens the project\.$/, 'info');
  });

  it('once written and trusted, generating again finds every file up to date and offers no trust', async () => {
    await freshProject();
    script(a, ['Gemini CLI', 'Write and Trust the Folder']);
    await generate();
    script(a, ['Gemini CLI']);
    const again = await generate();
    assert.deepEqual(again && { written: again.written, unchanged: again.unchanged, trust: again.trust }, { written: [], unchanged: ['GEMINI.md', '.gemini/settings.json'], trust: 'trusted' });
    message(a, /Gemini CLI protocol in .* is up to date \(GEMINI\.md, \.gemini\/settings\.json\); nothing to write\./, 'info');
  });

  // The user's own configuration, in each format, with servers and settings of theirs.
  const USER_FILES: Record<Runtime, { file: string; text: string }> = {
    'Claude Code': { file: '.mcp.json', text: '{\n  "mcpServers": {\n    "db": { "command": "pg-mcp", "args": ["--ro"] }\n  }\n}\n' },
    Codex: { file: '.codex/config.toml', text: '# my codex settings\nmodel = "o4"\n\n[mcp_servers.db]\ncommand = "pg-mcp"\nargs = ["--ro"]   # read only\n' },
    'Gemini CLI': { file: '.gemini/settings.json', text: '{\r\n  // mine\r\n  "ui": { "hideTips": true },\r\n  "mcpServers": { "db": { "command": "pg-mcp" } }\r\n}\r\n' },
    Cursor: { file: '.cursor/mcp.json', text: '{\n\t"mcpServers": {\n\t\t// the database\n\t\t"db": {"command": "pg-mcp"}\n\t}\n}' },
  };

  for (const kind of Object.keys(USER_FILES) as Runtime[]) {
    it(`${kind}: the user's ${USER_FILES[kind].file} keeps every byte; only the cortex entry is inserted`, async () => {
      const project = await freshProject();
      const { file, text } = USER_FILES[kind];
      mkdirSync(path.join(project, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(project, file), text);
      let detail = '';
      script(a, [
        (r) => {
          detail = r.items.find((i) => i.label === kind)?.detail ?? '';
          return kind;
        },
        'Write',
      ]);
      const result = await generate();
      assert.ok(detail.includes(`adds the cortex MCP server to ${file}`), detail);
      assert.ok(result?.written.includes(file));
      const added = insertion(text, read(path.join(project, file)));
      assert.match(added, /cortex/);
      assert.doesNotMatch(added, /pg-mcp/);
      if (kind !== 'Codex') assert.equal(jsonEntry(path.join(project, file)).args.at(-1), agent.slug);
      if (kind === 'Gemini CLI') assert.doesNotMatch(added.replace(/\r\n/g, ''), /\n/, 'CRLF kept in what is inserted');
    });
  }

  const BROKEN: Record<Runtime, { file: string; text: string; says: RegExp }> = {
    'Claude Code': { file: '.mcp.json', text: '{ "mcpServers": { "db": ', says: /\.mcp\.json is not valid JSON/ },
    Codex: { file: '.codex/config.toml', text: '[mcp_servers.db\ncommand = "x"\n', says: /\.codex\/config\.toml is not valid TOML \(line 1/ },
    'Gemini CLI': { file: '.gemini/settings.json', text: '["not", "an", "object"]\n', says: /\.gemini\/settings\.json/ },
    Cursor: { file: '.cursor/mcp.json', text: '{ "mcpServers": "none" }\n', says: /\.cursor\/mcp\.json/ },
  };

  for (const kind of Object.keys(BROKEN) as Runtime[]) {
    it(`${kind}: a ${BROKEN[kind].file} that cannot be merged is refused with the reason, and nothing at all is written`, async () => {
      const project = await freshProject();
      const { file, text, says } = BROKEN[kind];
      mkdirSync(path.join(project, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(project, file), text);
      let detail = '';
      script(a, [
        (r) => {
          detail = r.items.find((i) => i.label === kind)?.detail ?? '';
          return kind;
        },
      ]);
      assert.equal(await generate(), undefined);
      assert.match(detail, /^\$\(warning\) /);
      assert.match(detail, says);
      const shown = message(a, /^Cortex: nothing was written\./, 'error');
      assert.match(shown.message, says);
      assert.equal(read(path.join(project, file)), text);
      const top = file.split('/')[0];
      assert.deepEqual(readdirSync(project), [top], 'no protocol file, no other wiring');
      if (top !== file) assert.deepEqual(readdirSync(path.join(project, top)), [path.basename(file)]);
      for (const t of KINDS[kind].trust) assert.equal(exists(path.join(home, t.slice(2))), false, `${t} untouched`);
    });
  }

  it("a home trust file that cannot be merged: the project files are offered alone, the message says why the server will not load, and the user's file is untouched", async () => {
    const project = await freshProject();
    const trusted = path.join(home, '.gemini', 'trustedFolders.json');
    mkdirSync(path.dirname(trusted), { recursive: true });
    writeFileSync(trusted, '{ "/elsewhere": ');
    let labels: string[] = [];
    script(a, [
      'Gemini CLI',
      (r) => {
        labels = r.items.map((i) => i.label);
        return 'Write';
      },
    ]);
    const result = await generate();
    assert.deepEqual(labels, ['$(check) Write', '$(diff) Show GEMINI.md', '$(diff) Show .gemini/settings.json', '$(close) Cancel']);
    assert.deepEqual(result?.written, ['GEMINI.md', '.gemini/settings.json']);
    assert.equal(result?.trust, 'not-trusted');
    message(a, new RegExp(`Gemini CLI will not load the Cortex MCP server until ${project.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is trusted \\(~/\\.gemini/trustedFolders\\.json\\): Cortex cannot trust it from here: ~/\\.gemini/trustedFolders\\.json is not valid JSON`), 'warning');
    assert.equal(read(trusted), '{ "/elsewhere": ');
  });
});
