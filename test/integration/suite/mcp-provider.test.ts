// VS Code's MCP server definition provider in the real extension host: the Cortex
// server is defined for the team folder the window shows, VS Code starts it (as
// Copilot agent mode would), its tools appear in `vscode.lm.tools` as mcp_cortex_*,
// calling one returns the team's data, and showing another team folder changes the
// definition and what the tools answer. Restricted Mode offers no server.
import * as assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CortexTestApi } from '../../../src/app/test-api';
import { EXTENSION_ID, api, teamDir, waitFor } from './commands-helpers';

/** VS Code's id for the server: the extension, then the definition's label. */
const SERVER_ID = `${EXTENSION_ID}/Cortex`;
const TOOLS = ['add_worklog_entry', 'claim_task', 'complete_task', 'dispatch_task', 'list_messages', 'my_tasks', 'send_message', 'team_status', 'tick', 'update_message'].map((t) => `mcp_cortex_${t}`);

/** The text parts of a tool's result, joined. */
function resultText(result: vscode.LanguageModelToolResult): string {
  return result.content.map((part) => (part instanceof vscode.LanguageModelTextPart ? part.value : '')).join('');
}

async function teamStatus(): Promise<{ agents: Array<{ slug: string; name: string }> }> {
  const result = await vscode.lm.invokeTool('mcp_cortex_team_status', { input: {}, toolInvocationToken: undefined });
  const text = resultText(result);
  const json = text.slice(text.indexOf('{'));
  return JSON.parse(json) as { agents: Array<{ slug: string; name: string }> };
}

/**
 * Starts the Cortex server as Copilot agent mode would, until `ready()` says it serves.
 * VS Code gathers the providers' server definitions in a scheduler that runs 500 ms
 * after a change (and only while AI features are on): a start asked before that finds
 * no server and does nothing, so the start is asked again until the condition holds.
 * Starting a server that runs already does nothing.
 */
async function startServer(ready: () => boolean | Promise<boolean>): Promise<void> {
  await waitFor(async () => {
    await vscode.commands.executeCommand('workbench.mcp.startServer', SERVER_ID, { waitForLiveTools: true });
    return ready();
  }, 60_000, 'VS Code to start the Cortex MCP server');
}

describe('MCP server definition provider (VS Code, Copilot agent mode)', function () {
  this.timeout(90_000);
  let a: CortexTestApi;
  let team: string;
  let other: string;
  const chat = () => vscode.workspace.getConfiguration('chat');

  before(async () => {
    a = await api();
    team = teamDir(a);
    other = mkdtempSync(path.join(os.tmpdir(), 'cortex-mcp-team-'));
    mkdirSync(path.join(other, 'agents', 'solo'), { recursive: true });
    writeFileSync(path.join(other, 'agents', 'solo', 'solo.md'), '---\nname: Solo Agent Of The Other Team\nstatus: active\n---\n\n## Role\nWorks alone.\n');
    writeFileSync(path.join(other, 'agents', 'solo', 'tasks.md'), '## Write the changelog\n\n**Status:** ready\n');
    // The harness turns AI features off for every other suite (no chat UI in the
    // screenshots); with them off VS Code lists no MCP tool at all, ours included.
    await chat().update('disableAIFeatures', false, vscode.ConfigurationTarget.Global);
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.mcp.stopServer', SERVER_ID);
    await vscode.workspace.getConfiguration('cortex').update('teamDirectory', undefined, vscode.ConfigurationTarget.Global);
    await chat().update('disableAIFeatures', true, vscode.ConfigurationTarget.Global);
    a.setTrusted(undefined);
    await waitFor(() => a.store.location?.source === 'workspace' && a.store.state === 'loaded', 10_000, 'the workspace team again');
    rmSync(other, { recursive: true, force: true });
  });

  it('defines the server for the team shown: the extension host\'s Node runs the extension\'s own dist/cli.js on that folder', () => {
    const server = a.mcpServer?.definition;
    assert.ok(server, 'a definition while a team is shown');
    assert.equal(server.label, 'Cortex');
    assert.equal(server.command, process.execPath);
    const cli = vscode.Uri.joinPath(vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri, 'dist', 'cli.js').fsPath;
    assert.deepEqual(server.args, [cli, 'mcp', '--team', team]);
    assert.deepEqual(server.env, { ELECTRON_RUN_AS_NODE: '1' });
    assert.equal(server.cwd?.fsPath, team);
  });

  it('VS Code starts it with no setup: mcp_cortex_* tools in vscode.lm.tools, and a call returns the team\'s data', async () => {
    await startServer(() => vscode.lm.tools.filter((t) => t.name.startsWith('mcp_cortex_')).length === TOOLS.length);
    const names = vscode.lm.tools.map((t) => t.name).filter((n) => n.startsWith('mcp_cortex_'));
    assert.deepEqual([...names].sort(), TOOLS);
    const claim = vscode.lm.tools.find((t) => t.name === 'mcp_cortex_claim_task');
    assert.match(claim?.description ?? '', /in-progress/i, 'the tool keeps its description for the model');

    const status = await teamStatus();
    assert.deepEqual(
      status.agents.map((x) => x.slug).sort(),
      a.store.team!.agents.map((x) => x.slug).sort(),
    );
  });

  it('showing another team folder changes the definition; the tools then answer for that team and write into it', async () => {
    const changed = new Promise<void>((resolve) => {
      const sub = a.mcpServer!.onDidChangeMcpServerDefinitions(() => {
        sub.dispose();
        resolve();
      });
    });
    await vscode.workspace.getConfiguration('cortex').update('teamDirectory', other, vscode.ConfigurationTarget.Global);
    await changed;
    await waitFor(() => a.store.location?.uri.fsPath === other && a.store.state === 'loaded', 10_000, 'the other team');
    assert.deepEqual(a.mcpServer!.definition?.args.slice(1), ['mcp', '--team', other]);
    // VS Code stops the server whose definition changed; it is started again for the new one.
    let status: Awaited<ReturnType<typeof teamStatus>> | undefined;
    await startServer(async () => {
      status = await teamStatus().catch(() => undefined);
      return status?.agents.length === 1;
    });
    assert.ok(status);
    assert.deepEqual(status.agents.map((x) => [x.slug, x.name]), [['solo', 'Solo Agent Of The Other Team']]);

    // A write: the claim lands in the other team's tasks.md, with its activity event.
    const claimed = await vscode.lm.invokeTool('mcp_cortex_claim_task', { input: { agent: 'solo' }, toolInvocationToken: undefined });
    // (VS Code hands the model the tool's structured content, the JSON of what was claimed)
    const text = resultText(claimed);
    const task = (JSON.parse(text.slice(text.indexOf('{'))) as { task: { title: string; status: string } }).task;
    assert.deepEqual([task.title, task.status], ['Write the changelog', 'in-progress']);
    assert.match(readFileSync(path.join(other, 'agents', 'solo', 'tasks.md'), 'utf8'), /\*\*Status:\*\* in-progress/);
    const feed = readFileSync(path.join(other, '.cortex', 'activity.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { event_type: string; actor: string; payload: { via: string } });
    assert.deepEqual(feed.map((e) => [e.event_type, e.actor, e.payload.via]), [['task.claimed', 'solo', 'mcp']]);
  });

  it('offers no server in Restricted Mode, and offers it again once trusted', async () => {
    let changes = 0;
    const sub = a.mcpServer!.onDidChangeMcpServerDefinitions(() => changes++);
    try {
      a.setTrusted(false);
      await waitFor(() => a.mcpServer!.definition === undefined, 5000, 'no definition in Restricted Mode');
      a.setTrusted(true);
      await waitFor(() => a.mcpServer!.definition !== undefined, 5000, 'the definition again');
      assert.equal(changes, 2);
    } finally {
      sub.dispose();
    }
  });
});
