// "Cortex: Leave Team" in the real extension host: the review with every diff open,
// then the agent's Cortex setup taken out of its project (what Generate Protocol File
// wrote over a person's files), every other byte kept; Cancel changes nothing; a file
// whose Cortex section is broken is refused with the reason.
import * as assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { TestAgent, addAgent, api, exists, message, noErrors, previewTabs, read, removeAgents, removeTempFolders, reset, script, tempFolder, waitFor } from './commands-helpers';

interface Left {
  agent: string;
  project: string;
  changed: string[];
  removed: string[];
  madeInactive: boolean;
}

describe('Command: Leave Team', function () {
  this.timeout(60_000);
  let a: CortexTestApi;
  let worker: TestAgent;

  async function freshProject(files: Record<string, string>): Promise<string> {
    const folder = tempFolder(`p-${worker.slug}-`);
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
    writeFileSync(worker.noteFile, read(worker.noteFile).replace(/^project: .*$/m, `project: ${folder}`));
    a.store.notifyChanged([`agents/${worker.slug}/${worker.slug}.md`]);
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === worker.slug)?.project === folder, 5000, 'the new project in the store');
    return folder;
  }

  const leave = (slug?: string) => vscode.commands.executeCommand<Left | undefined>('cortex.leaveTeam', ...(slug ? [{ agentSlug: slug }] : []));
  const generate = (slug: string) => vscode.commands.executeCommand('cortex.generateProtocolFile', { agentSlug: slug });

  before(async () => {
    a = await api();
    worker = await addAgent(a, { slug: 'itest-leave-worker', name: 'Itest Leave Worker', role: 'Writes the docs' });
  });
  afterEach(async () => reset(a));
  after(async () => {
    await reset(a);
    await removeAgents(a, [worker.slug]);
    removeTempFolders();
  });

  it("shows the diffs, then takes out what Generate Protocol File wrote: the person's AGENTS.md and .mcp.json are back byte for byte", async () => {
    const mine = { 'AGENTS.md': '# Agents\r\n\r\nRun `make check`.\r\n', '.mcp.json': '{\n  "mcpServers": {\n    "docs": { "command": "docs-server" }\n  }\n}\n' };
    const folder = await freshProject(mine);
    script(a, ['Codex', 'Write']);
    await generate(worker.slug);
    script(a, ['Claude Code', 'Write']);
    await generate(worker.slug);
    assert.ok(exists(path.join(folder, '.cortex.md')));
    const note = read(worker.noteFile);
    assert.match(note, /^status: active$/m);
    let tabs: string[] = [];
    let items: string[] = [];
    script(a, [
      'Itest Leave Worker',
      (r) => {
        tabs = previewTabs().map((t) => t.label);
        items = r.items.map((i) => i.label);
        return 'Leave';
      },
    ]);
    const left = await leave();
    noErrors(a);
    assert.deepEqual(left?.removed, ['.cortex.md', 'CLAUDE.local.md', '.claude/hooks/cortex-precheck.sh', '.claude/settings.json', '.claude/settings.local.json', '.codex/config.toml']);
    assert.deepEqual(left?.changed, ['.mcp.json', 'AGENTS.md']);
    assert.ok(tabs.includes('AGENTS.md (Itest Leave Worker leaves): current ↔ proposed'), tabs.join('\n'));
    assert.equal(items[0], '$(sign-out) Leave');
    assert.ok(items.includes('$(diff) Show .mcp.json') && items[items.length - 1] === '$(close) Cancel');
    for (const [name, text] of Object.entries(mine)) assert.equal(readFileSync(path.join(folder, name), 'utf8'), text, name);
    for (const name of left!.removed) assert.equal(exists(path.join(folder, name)), false, name);
    assert.equal(previewTabs().length, 0, 'the previews are closed');
    message(a, /^Cortex: Itest Leave Worker left .*: \.cortex\.md \(removed\), .*Its note now says status: inactive; the note and task file otherwise stay in the team folder\.$/, 'info');
    // The plugin's /leave: the note's status goes to inactive, every other byte kept.
    assert.equal(left?.madeInactive, true);
    assert.equal(read(worker.noteFile), note.replace(/^status: active$/m, 'status: inactive'));
    await waitFor(() => a.store.team?.agents.find((x) => x.slug === worker.slug)?.status === 'inactive', 5000, 'the store reads the agent as inactive');
  });

  it('Cancel changes nothing and closes the previews', async () => {
    const folder = await freshProject({});
    script(a, ['Codex', 'Write']);
    await generate(worker.slug);
    const before = read(path.join(folder, 'AGENTS.md'));
    script(a, ['Cancel']);
    assert.equal(await leave(worker.slug), undefined);
    assert.equal(read(path.join(folder, 'AGENTS.md')), before);
    assert.equal(previewTabs().length, 0);
  });

  it('refuses a broken Cortex section with the reason, and says when there is nothing to take out', async () => {
    const folder = await freshProject({ 'GEMINI.md': '<!-- cortex:begin -->\nhalf\n' });
    script(a, []);
    assert.equal(await leave(worker.slug), undefined);
    message(a, /^Cortex: nothing was changed in .*\. GEMINI\.md: the Cortex section that starts on line 1 has no end marker/, 'error');
    assert.equal(read(path.join(folder, 'GEMINI.md')), '<!-- cortex:begin -->\nhalf\n');
    await freshProject({ 'README.md': 'mine\n' });
    script(a, []);
    assert.equal(await leave(worker.slug), undefined);
    message(a, /holds no Cortex setup for Itest Leave Worker; nothing to take out\.$/, 'info');
  });
});
