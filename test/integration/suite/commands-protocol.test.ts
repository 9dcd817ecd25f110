// "Cortex: Generate Protocol File" in the real extension host: every runtime's files,
// the coordinator and worker variants, the diff preview before writing, existing
// files (only the Cortex section changes, CRLF kept), files changed after the
// preview (exactly what was written is said), broken sections, missing project
// folders, unsaved editors, Back, Escape at each step, and Restricted Mode. The MCP
// wiring each runtime gets, and the trust offer, are in commands-protocol-mcp.test.ts.
import * as assert from 'node:assert/strict';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import {
  EXTENSION_ID,
  BACK,
  ESCAPE,
  TestAgent,
  addAgent,
  api,
  exists,
  message,
  messages,
  noErrors,
  previewTabs,
  read,
  removeAgents,
  removeTempFolders,
  reset,
  script,
  stepTrail,
  teamDir,
  tempFolder,
  waitFor,
} from './commands-helpers';

const BEGIN = /^<!-- cortex:begin: written by Cortex Team, replaced when the protocol is generated again; keep your own text outside this section -->$/m;
const END = '<!-- cortex:end -->';
const SCRIPT = '.claude/hooks/cortex-precheck.sh';
const SETTINGS = '.claude/settings.json';
const HOOK = { hooks: [{ type: 'command', command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/cortex-precheck.sh' }] };
/** The state hook entry for the worker the tests write for (the stable launcher, the team folder). */
let stateHook: (source: 'claude-code' | 'gemini') => { hooks: Array<{ type: string; command: string }> };
/** Claude Code's MCP wiring: the server entry, and its approval. */
const CLAUDE_MCP = ['.mcp.json', '.claude/settings.local.json'];
const ALL_CLAUDE = ['.cortex.md', 'CLAUDE.local.md', SCRIPT, SETTINGS, ...CLAUDE_MCP];
/** The trust each agent would need, missing in the run's home: the closing message says so. */
const NOT_LOADED = /will not load the Cortex MCP server until .* is trusted/;

interface Generated {
  agent: string;
  runtime: string;
  variant: string;
  project: string;
  written: string[];
  unchanged: string[];
}

describe('Command: Generate Protocol File', function () {
  this.timeout(60_000);
  let a: CortexTestApi;
  let team: string;
  let worker: TestAgent;
  let lead: TestAgent;
  const slugs: string[] = [];

  /** A fresh project folder for the worker, so each test starts from no files. */
  async function freshProject(agent: TestAgent): Promise<string> {
    const folder = tempFolder(`p-${agent.slug}-`);
    const text = read(agent.noteFile).replace(/^project: .*$/m, `project: ${folder}`);
    writeFileSync(agent.noteFile, text);
    a.store.notifyChanged([`agents/${agent.slug}/${agent.slug}.md`]);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === agent.slug)?.project === folder, 5000, 'the new project in the store');
    return folder;
  }

  const generate = (slug?: string) => vscode.commands.executeCommand<Generated | undefined>('cortex.generateProtocolFile', ...(slug ? [{ agentSlug: slug }] : []));

  before(async () => {
    a = await api();
    team = teamDir(a);
    worker = await addAgent(a, { slug: 'itest-proto-worker', name: 'Itest Proto Worker', role: 'Writes the docs' });
    lead = await addAgent(a, { slug: 'itest-proto-lead', name: 'Itest Proto Lead', role: 'Team coordinator for the test team' });
    slugs.push(worker.slug, lead.slug);
    // The hooks run the same stable launcher as the MCP wiring.
    const cli = a.cliLauncher ?? path.join(vscode.extensions.getExtension(EXTENSION_ID)!.extensionPath, 'dist', 'cli.js');
    stateHook = (source) => ({ hooks: [{ type: 'command', command: `node ${cli} hook --team ${team} --agent ${worker.slug} --source ${source}` }] });
  });
  afterEach(async () => reset(a));
  after(async () => {
    await reset(a);
    await removeAgents(a, slugs);
    removeTempFolders();
  });

  it('Claude Code: shows the diffs, then writes .cortex.md, the "## Cortex" section of CLAUDE.local.md and the idle hook', async () => {
    const folder = await freshProject(worker);
    let tabsAtReview: string[] = [];
    let runtimeItems: readonly vscode.QuickPickItem[] = [];
    let reviewItems: readonly vscode.QuickPickItem[] = [];
    script(a, [
      'Itest Proto Worker',
      (r) => {
        runtimeItems = r.items;
        return 'Claude Code';
      },
      async (r) => {
        reviewItems = r.items;
        assert.equal(r.ignoreFocusOut, true, 'the review stays open while the diffs are looked at');
        tabsAtReview = previewTabs().map((t) => t.label);
        return 'Write';
      },
    ]);
    const result = await generate();
    noErrors(a);
    assert.deepEqual(result && { runtime: result.runtime, variant: result.variant, written: result.written }, { runtime: 'claude-code', variant: 'worker', written: ALL_CLAUDE });
    assert.deepEqual(stepTrail(a), ['1/3', '<2/3', '<3/3']);
    assert.deepEqual(
      runtimeItems.map((i) => [i.label, i.description, i.detail]),
      [
        ['Claude Code', ALL_CLAUDE.join(' + '), ALL_CLAUDE.map((f) => `creates ${f}`).join(' · ')],
        ['Codex', 'AGENTS.md + .codex/config.toml', 'creates AGENTS.md · creates .codex/config.toml'],
        ['Cursor', '.cursorrules + .cursor/mcp.json', 'creates .cursorrules · creates .cursor/mcp.json'],
        ['Gemini CLI', 'GEMINI.md + .gemini/settings.json', 'creates GEMINI.md · creates .gemini/settings.json'],
        ['OpenCode', 'AGENTS.md + opencode.json', 'creates AGENTS.md · creates opencode.json'],
        ['Other (system prompt)', 'cortex-system-prompt.md', 'creates cortex-system-prompt.md'],
      ],
    );
    assert.deepEqual(
      tabsAtReview.sort(),
      [...ALL_CLAUDE.map((f) => `${f} (Itest Proto Worker, worker, Claude Code): new file`), '~/.claude.json (Itest Proto Worker, worker, trust for Claude Code): new file'].sort(),
    );
    assert.deepEqual(reviewItems.map((i) => i.label), [
      '$(check) Write',
      '$(shield) Write and Trust the Folder',
      ...ALL_CLAUDE.map((f) => `$(diff) Show ${f}`),
      '$(diff) Show ~/.claude.json',
      '$(close) Cancel',
    ]);
    assert.equal(previewTabs().length, 0, 'the previews are closed after writing');

    const protocol = read(path.join(folder, '.cortex.md'));
    assert.match(protocol, BEGIN);
    assert.ok(protocol.endsWith(`${END}\n`));
    assert.ok(protocol.includes('# Cortex team protocol: Itest Proto Worker\n'));
    assert.ok(protocol.includes(`- Task file: \`${worker.tasksFile}\``));
    assert.ok(protocol.includes(`- Agent note: \`${worker.noteFile}\``));
    assert.ok(protocol.includes(`- Project folder: \`${folder}\``));
    assert.ok(protocol.includes(`- Team directory: \`${team}\``));
    assert.ok(protocol.includes('<!-- cortex:last-tick YYYY-MM-DDTHH:MM -->'));
    assert.ok(protocol.includes('**Started:** YYYY-MM-DDTHH:MM'));
    assert.ok(protocol.includes('in Claude Code.'));
    const claude = read(path.join(folder, 'CLAUDE.local.md'));
    assert.ok(claude.startsWith('## Cortex\n\nThis project takes part in a Cortex team as **Itest Proto Worker** (`itest-proto-worker`).'));
    assert.ok(claude.includes('[.cortex.md](.cortex.md)'));
    const hookText = read(path.join(folder, SCRIPT));
    assert.ok(hookText.startsWith('#!/bin/sh\n'));
    assert.ok(hookText.includes(`\ntasks_file='${worker.tasksFile}'\n`), 'the agent\'s task file is written into the script');
    if (process.platform !== 'win32') assert.equal(statSync(path.join(folder, SCRIPT)).mode & 0o777, 0o755, 'the script is executable');
    const settings = JSON.parse(read(path.join(folder, SETTINGS))) as { hooks: Record<string, unknown[]> };
    assert.deepEqual(settings.hooks.UserPromptSubmit, [HOOK, stateHook('claude-code')], 'the idle check, then the state hook');
    for (const event of ['PermissionRequest', 'Notification', 'Stop', 'StopFailure', 'SessionEnd']) assert.deepEqual(settings.hooks[event], [stateHook('claude-code')], event);
    message(
      a,
      /wrote Itest Proto Worker's worker protocol for Claude Code in .*: \.cortex\.md \(created\), CLAUDE\.local\.md \(created\), \.claude\/hooks\/cortex-precheck\.sh \(created\), \.claude\/settings\.json \(created\), \.mcp\.json \(created\), \.claude\/settings\.local\.json \(created\)\. Claude Code will not load the Cortex MCP server until .* is trusted \(~\/\.claude\.json\)/,
      'warning',
    );
  });

  it('Claude Code: merges the hook into an existing .claude/settings.json, every other byte kept; the next run finds it there', async () => {
    const folder = await freshProject(worker);
    mkdirSync(path.join(folder, '.claude'), { recursive: true });
    const head = '{\n  "permissions": {\n    "allow": ["Bash(npm test)"]\n  },\n  "hooks": {\n    "PreToolUse": [\n      { "matcher": "Bash", "hooks": [{ "type": "command", "command": "./guard.sh" }] }\n    ]';
    const tail = '\n  },\n  "model": "opus"\n}\n';
    writeFileSync(path.join(folder, SETTINGS), head + tail);
    let detail = '';
    script(a, [
      (r) => {
        detail = r.items.find((i) => i.label === 'Claude Code')?.detail ?? '';
        return 'Claude Code';
      },
      'Write',
    ]);
    const result = await generate(worker.slug);
    assert.equal(detail.split(' · $(warning)')[0], `creates .cortex.md · creates CLAUDE.local.md · creates ${SCRIPT} · adds the Cortex hook to ${SETTINGS} · creates .mcp.json · creates .claude/settings.local.json`);
    assert.deepEqual(result?.written, ALL_CLAUDE);
    const after = read(path.join(folder, SETTINGS));
    assert.ok(after.startsWith(head + ',\n    "UserPromptSubmit": [\n      {\n        "hooks": [\n'), after);
    assert.ok(after.endsWith('\n    ]' + tail), after);
    const parsed = JSON.parse(after);
    assert.deepEqual(parsed.hooks.UserPromptSubmit, [HOOK, stateHook('claude-code')]);
    assert.deepEqual(parsed.hooks.PreToolUse.length, 1, "the user's own hook event has no Cortex entry");
    assert.equal(parsed.hooks.PreToolUse[0].hooks[0].command, './guard.sh');
    message(a, /\.claude\/settings\.json \(Cortex hook added\)/, 'warning');

    // Every file up to date; only the trust (missing in the run's home) is offered: Cancel.
    script(a, [
      (r) => {
        detail = r.items.find((i) => i.label === 'Claude Code')?.detail ?? '';
        return 'Claude Code';
      },
      'Cancel',
    ]);
    assert.equal(await generate(worker.slug), undefined);
    assert.equal(detail, ALL_CLAUDE.map((f) => `${f} is up to date`).join(' · '));
    assert.equal(read(path.join(folder, SETTINGS)), after);
  });

  it('Claude Code: a .claude/settings.json that is not plain JSON is refused, and nothing is written', async () => {
    const folder = await freshProject(worker);
    mkdirSync(path.join(folder, '.claude'), { recursive: true });
    const mine = '{\n  // my settings\n  "model": "opus"\n}\n';
    writeFileSync(path.join(folder, SETTINGS), mine);
    let detail = '';
    script(a, [
      (r) => {
        detail = r.items.find((i) => i.label === 'Claude Code')?.detail ?? '';
        return 'Claude Code';
      },
    ]);
    assert.equal(await generate(worker.slug), undefined);
    assert.match(detail, /^\$\(warning\) \.claude\/settings\.json has a comment \(line 2, column 3\); settings\.json is plain JSON, which has no comments/);
    message(a, /nothing was written\. \.claude\/settings\.json has a comment/, 'error');
    assert.equal(read(path.join(folder, SETTINGS)), mine);
    for (const f of ['.cortex.md', 'CLAUDE.local.md', SCRIPT]) assert.equal(exists(path.join(folder, f)), false, f);
  });

  it('Claude Code for the coordinator: no idle hook (it polls the team even when its own task file is empty)', async () => {
    let claude: vscode.QuickPickItem | undefined;
    script(a, [
      (r) => {
        claude = r.items.find((i) => i.label === 'Claude Code');
        return ESCAPE;
      },
    ]);
    await generate(lead.slug);
    assert.equal(claude?.description, `.cortex.md + CLAUDE.local.md + ${CLAUDE_MCP.join(' + ')}`);
  });

  for (const [runtime, file, wiring] of [
    ['Codex', 'AGENTS.md', '.codex/config.toml'],
    ['Cursor', '.cursorrules', '.cursor/mcp.json'],
    ['Gemini CLI', 'GEMINI.md', '.gemini/settings.json'],
  ] as const) {
    it(`${runtime}: a marked Cortex section in ${file}, the MCP wiring in ${wiring}${runtime === 'Gemini CLI' ? ' with the state hooks' : ''}`, async () => {
      const folder = await freshProject(worker);
      script(a, [runtime, 'Write']);
      const result = await generate(worker.slug);
      assert.deepEqual(result?.written, [file, wiring]);
      if (runtime === 'Gemini CLI') {
        // One settings.json: the state hooks and the cortex server, both Cortex's entries.
        const settings = JSON.parse(read(path.join(folder, '.gemini/settings.json'))) as { hooks: Record<string, unknown[]>; mcpServers: Record<string, unknown> };
        assert.deepEqual(Object.keys(settings.hooks), ['BeforeAgent', 'Notification', 'AfterAgent', 'SessionEnd']);
        for (const list of Object.values(settings.hooks)) assert.deepEqual(list, [{ hooks: [{ name: 'cortex-state', ...stateHook('gemini').hooks[0] }] }]);
        assert.deepEqual(Object.keys(settings.mcpServers), ['cortex']);
      }
      assert.deepEqual(stepTrail(a), ['1/2', '<2/2']);
      const text = read(path.join(folder, file));
      assert.match(text, BEGIN);
      assert.ok(text.includes(`in ${runtime}.`));
      assert.equal(exists(path.join(folder, '.cortex.md')), false);
      if (runtime === 'Cursor') message(a, /Cursor asks you to enable the cortex server the first time it opens the project\.$/, 'info');
      else message(a, NOT_LOADED, 'warning');
    });
  }

  it("OpenCode: a marked Cortex section in AGENTS.md and a local cortex server in opencode.json (no trust step)", async () => {
    const folder = await freshProject(worker);
    script(a, ['OpenCode', 'Write']);
    const result = await generate(worker.slug);
    assert.deepEqual(result?.written, ['AGENTS.md', 'opencode.json']);
    assert.match(read(path.join(folder, 'AGENTS.md')), BEGIN);
    assert.ok(read(path.join(folder, 'AGENTS.md')).includes('in OpenCode.'));
    const config = JSON.parse(read(path.join(folder, 'opencode.json'))) as { mcp: Record<string, { type: string; command: string[]; enabled: boolean }> };
    assert.deepEqual(Object.keys(config.mcp), ['cortex']);
    assert.equal(config.mcp.cortex.type, 'local');
    assert.deepEqual(config.mcp.cortex.command.slice(-5), ['mcp', '--team', teamDir(a), '--agent', worker.slug]);
    message(a, /^Cortex: wrote .* protocol for OpenCode in /, 'info');
  });

  it('any other runtime: the protocol as cortex-system-prompt.md, and how to add the server by hand', async () => {
    const folder = await freshProject(worker);
    script(a, ['Other (system prompt)', 'Write']);
    const result = await generate(worker.slug);
    assert.deepEqual(result?.written, ['cortex-system-prompt.md']);
    assert.ok(read(path.join(folder, 'cortex-system-prompt.md')).includes('in the agent runtime you run in.'));
    message(a, /Give cortex-system-prompt\.md to the agent as its system prompt; .*cortex-team mcp --team .* --agent /, 'info');
  });

  it('the coordinator (a coordinator role) gets the coordinator protocol', async () => {
    script(a, ['Codex', 'Write']);
    const result = await generate(lead.slug);
    assert.equal(result?.variant, 'coordinator');
    const text = read(path.join(lead.project, 'AGENTS.md'));
    assert.ok(text.includes('# Cortex team protocol: Itest Proto Lead (coordinator)'));
    assert.ok(text.includes('## Dispatching work'));
    assert.ok(text.includes('## Housekeeping (during the daily review)'));
    assert.ok(text.includes('A tick older than 30 minutes (two missed heartbeats) is stale'));
  });

  it('replaces only the Cortex section of an existing AGENTS.md: the rest byte for byte, CRLF kept', async () => {
    const folder = await freshProject(worker);
    const above = '# Agents in this repo\r\n\r\nRun `make check` before you commit.\r\n\r\n';
    const below = '\r\n## Style\r\nTabs, not spaces.\r\n';
    writeFileSync(path.join(folder, 'AGENTS.md'), `${above}<!-- cortex:begin -->\r\nAn old protocol.\r\n${END}\r\n${below}`);
    let detail = '';
    script(a, [
      (r) => {
        detail = r.items.find((i) => i.label === 'Codex')?.detail ?? '';
        return 'Codex';
      },
      'Write',
    ]);
    await generate(worker.slug);
    assert.equal(detail, 'replaces the Cortex section of AGENTS.md · creates .codex/config.toml');
    const text = read(path.join(folder, 'AGENTS.md'));
    assert.ok(text.startsWith(above));
    assert.ok(text.endsWith(`${END}\r\n${below}`));
    assert.doesNotMatch(text, /An old protocol/);
    assert.doesNotMatch(text.replace(/\r\n/g, ''), /\n/, 'CRLF throughout');
  });

  it('adds the "## Cortex" section to an existing CLAUDE.local.md, replaces it on the next run, and then finds it up to date', async () => {
    const folder = await freshProject(worker);
    const mine = '# Local notes\n\nUse pnpm, not npm.\n\n## Secrets\nNever print them.\n';
    writeFileSync(path.join(folder, 'CLAUDE.local.md'), mine);
    script(a, ['Claude Code', 'Write']);
    await generate(worker.slug);
    const first = read(path.join(folder, 'CLAUDE.local.md'));
    assert.ok(first.startsWith(mine + '\n## Cortex\n'));

    // The agent is renamed: the section is replaced in place, the rest stays.
    writeFileSync(worker.noteFile, read(worker.noteFile).replace('name: Itest Proto Worker', 'name: Itest Proto Writer'));
    a.store.notifyChanged([`agents/${worker.slug}/${worker.slug}.md`]);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === worker.slug)?.name === 'Itest Proto Writer', 5000, 'the rename');
    let detail = '';
    script(a, [
      (r) => {
        detail = r.items.find((i) => i.label === 'Claude Code')?.detail ?? '';
        return 'Claude Code';
      },
      'Write',
    ]);
    await generate(worker.slug);
    assert.equal(detail, `replaces the Cortex section of .cortex.md · replaces the "## Cortex" section of CLAUDE.local.md · replaces ${SCRIPT} · ${SETTINGS} is up to date · ${CLAUDE_MCP.map((f) => `${f} is up to date`).join(' · ')}`);
    const second = read(path.join(folder, 'CLAUDE.local.md'));
    assert.ok(second.startsWith(mine + '\n## Cortex\n'));
    assert.ok(second.includes('**Itest Proto Writer**'));
    assert.equal(second.match(/^## Cortex$/gm)?.length, 1);

    // Up to date, but the trust is still missing: only "Trust the Folder" is offered; Cancel.
    let labels: string[] = [];
    script(a, [
      'Claude Code',
      (r) => {
        labels = r.items.map((i) => i.label);
        return 'Cancel';
      },
    ]);
    assert.equal(await generate(worker.slug), undefined);
    assert.deepEqual(labels, ['$(shield) Trust the Folder', '$(diff) Show ~/.claude.json', '$(close) Cancel']);
    assert.deepEqual(read(path.join(folder, 'CLAUDE.local.md')), second);
    writeFileSync(worker.noteFile, read(worker.noteFile).replace('name: Itest Proto Writer', 'name: Itest Proto Worker'));
    a.store.notifyChanged([`agents/${worker.slug}/${worker.slug}.md`]);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === worker.slug)?.name === 'Itest Proto Worker', 5000, 'the name back');
  });

  it('replaces a .cortex.md without markers (an earlier protocol file) as a whole, and says so', async () => {
    const folder = await freshProject(worker);
    writeFileSync(path.join(folder, '.cortex.md'), '# Cortex protocol\n\nWritten by /join.\n');
    let detail = '';
    script(a, [
      (r) => {
        detail = r.items.find((i) => i.label === 'Claude Code')?.detail ?? '';
        return 'Claude Code';
      },
      'Write',
    ]);
    await generate(worker.slug);
    assert.equal(detail, `replaces .cortex.md (an earlier protocol file without Cortex markers) · creates CLAUDE.local.md · creates ${SCRIPT} · creates ${SETTINGS} · ${CLAUDE_MCP.map((f) => `creates ${f}`).join(' · ')}`);
    assert.doesNotMatch(read(path.join(folder, '.cortex.md')), /Written by \/join/);
  });

  it('"Show" opens a file\'s diff again; Back returns to the runtimes', async () => {
    const folder = await freshProject(worker);
    script(a, [
      'Gemini CLI',
      (r) => {
        assert.deepEqual(previewTabs().map((t) => t.label).sort(), [
          '.gemini/settings.json (Itest Proto Worker, worker, Gemini CLI): new file',
          'GEMINI.md (Itest Proto Worker, worker, Gemini CLI): new file',
          '~/.gemini/trustedFolders.json (Itest Proto Worker, worker, trust for Gemini CLI): new file',
        ]);
        return BACK;
      },
      () => {
        assert.equal(previewTabs().length, 0, 'Back closes the preview');
        return 'Cursor';
      },
      '$(diff) Show .cursorrules',
      'Write',
    ]);
    const result = await generate(worker.slug);
    assert.deepEqual(result?.written, ['.cursorrules', '.cursor/mcp.json']);
    assert.equal(exists(path.join(folder, 'GEMINI.md')), false);
    assert.deepEqual(stepTrail(a), ['1/2', '<2/2', '1/2', '<2/2', '<2/2']);
  });

  for (const [at, answers] of [
    ['the agent', [ESCAPE], false],
    ['the runtime', ['Itest Proto Worker', ESCAPE], false],
    ['the review (Escape)', ['Itest Proto Worker', 'Claude Code', ESCAPE], true],
    ['the review (Cancel)', ['Itest Proto Worker', 'Claude Code', 'Cancel'], true],
  ] as const) {
    it(`${at} writes nothing${answers.length > 2 ? ' and closes the previews' : ''}`, async () => {
      const folder = await freshProject(worker);
      const s = script(a, [...answers]);
      assert.equal(await generate(), undefined);
      assert.equal(s.left(), 0);
      assert.equal(exists(path.join(folder, '.cortex.md')), false);
      assert.equal(exists(path.join(folder, 'CLAUDE.local.md')), false);
      assert.equal(previewTabs().length, 0);
      assert.deepEqual(messages(a), []);
    });
  }

  it('a file changed after the preview is not overwritten, and the message says exactly what was written', async () => {
    const folder = await freshProject(worker);
    const claudeFile = path.join(folder, 'CLAUDE.local.md');
    writeFileSync(claudeFile, '# Mine\n');
    script(a, [
      'Claude Code',
      () => {
        writeFileSync(claudeFile, '# Mine\n\nEdited while the diff was open.\n');
        return 'Write';
      },
    ]);
    assert.equal(await generate(worker.slug), undefined);
    assert.equal(exists(path.join(folder, '.cortex.md')), true, '.cortex.md was written first');
    assert.equal(read(claudeFile), '# Mine\n\nEdited while the diff was open.\n');
    message(
      a,
      new RegExp(
        `wrote \\.cortex\\.md \\(created\\) in ${escape(folder)}, but not CLAUDE\\.local\\.md: CLAUDE\\.local\\.md changed on disk after the preview\\. ` +
          `\\.claude/hooks/cortex-precheck\\.sh, \\.claude/settings\\.json, \\.mcp\\.json and \\.claude/settings\\.local\\.json were not written either\\. Run "Cortex: Generate Protocol File" again`,
      ),
      'error',
    );
  });

  it('when the first file changed after the preview, nothing is written and the message says so', async () => {
    const folder = await freshProject(worker);
    script(a, [
      'Claude Code',
      () => {
        writeFileSync(path.join(folder, '.cortex.md'), 'Someone else was faster.\n');
        return 'Write';
      },
    ]);
    assert.equal(await generate(worker.slug), undefined);
    assert.equal(read(path.join(folder, '.cortex.md')), 'Someone else was faster.\n');
    assert.equal(exists(path.join(folder, 'CLAUDE.local.md')), false);
    assert.equal(exists(path.join(folder, SCRIPT)), false);
    message(
      a,
      /nothing was written in .*\. \.cortex\.md was created by another program after the preview\. CLAUDE\.local\.md, \.claude\/hooks\/cortex-precheck\.sh, \.claude\/settings\.json, \.mcp\.json and \.claude\/settings\.local\.json were not written either\./,
      'error',
    );
  });

  it('refuses a file whose Cortex section is broken: the runtime says why and nothing is written', async () => {
    const folder = await freshProject(worker);
    const broken = 'Mine.\n\n<!-- cortex:begin -->\nno end marker\n';
    writeFileSync(path.join(folder, 'GEMINI.md'), broken);
    let detail = '';
    script(a, [
      (r) => {
        detail = r.items.find((i) => i.label === 'Gemini CLI')?.detail ?? '';
        return 'Gemini CLI';
      },
    ]);
    assert.equal(await generate(worker.slug), undefined);
    assert.match(detail, /^\$\(warning\) GEMINI\.md: the Cortex section that starts on line 3 has no end marker/);
    assert.equal(read(path.join(folder, 'GEMINI.md')), broken);
    message(a, /nothing was written\. GEMINI\.md: the Cortex section that starts on line 3 has no end marker/, 'error');
  });

  it('refuses while a target file has unsaved changes in an editor', async () => {
    const folder = await freshProject(worker);
    const file = path.join(folder, 'AGENTS.md');
    writeFileSync(file, 'Saved text.\n');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(file));
    await editor.edit((b) => b.insert(new vscode.Position(0, 0), 'Unsaved. '));
    script(a, ['Codex', 'Write']);
    assert.equal(await generate(worker.slug), undefined);
    assert.equal(read(file), 'Saved text.\n');
    message(a, /nothing was written\. AGENTS\.md has unsaved changes in an editor/, 'error');
  });

  it('says what is wrong with the project folder: none in the note, or missing on this machine', async () => {
    const none = await addAgent(a, { slug: 'itest-proto-none', name: 'Itest Proto None', project: null });
    const gone = await addAgent(a, { slug: 'itest-proto-gone', name: 'Itest Proto Gone', project: '~/no-such-cortex-project' });
    slugs.push(none.slug, gone.slug);
    script(a, []);
    assert.equal(await generate(none.slug), undefined);
    assert.equal(await generate(gone.slug), undefined);
    const errors = messages(a, 'error');
    assert.match(errors[0].message, /Itest Proto None's note has no project folder: add "project: <the folder it works in>" to the frontmatter of agents\/itest-proto-none\/itest-proto-none\.md/);
    assert.deepEqual(errors[0].items, ['Open Agent Note']);
    assert.match(errors[1].message, /Itest Proto Gone's project folder ~\/no-such-cortex-project \(.*no-such-cortex-project\) does not exist on this machine/);
  });

  it('the example chief of staff is the coordinator', async () => {
    let variantTitle = '';
    script(a, [
      (r) => {
        variantTitle = r.title;
        return ESCAPE;
      },
    ]);
    // Its project (~/Projects/larkspur-ops) may not exist here: then it says so.
    await generate('chief-of-staff');
    if (variantTitle) assert.match(variantTitle, /Chief of Staff's coordinator protocol/);
    else message(a, /Chief of Staff's project folder ~\/Projects\/larkspur-ops .*does not exist on this machine/, 'error');
  });

  it('in Restricted Mode explains, asks nothing and writes nothing', async () => {
    a.setTrusted(false);
    script(a, []);
    assert.equal(await generate(worker.slug), undefined);
    assert.equal(a.shownSteps.length, 0);
    message(a, /Cortex can't generate a protocol file in Restricted Mode/, 'warning');
  });
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
