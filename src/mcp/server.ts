import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ActionContext } from '../core/actions';
import { EditOptions, describeFailure } from '../core/edit';
import { TeamFs } from '../core/fs/team-fs';
import { ProtocolTemplates } from '../core/protocol-file/protocol';
import { cortexResources } from './resources';
import { cortexTools } from './tools';

/**
 * The Cortex MCP server: the agent operations as tools, the worklog status and the
 * agent's protocol as resources, over the team folder given (and nothing outside it:
 * every path goes through the team's `TeamFs`). Transport-agnostic: `stdio.ts` serves
 * it on stdin/stdout.
 */
export interface CortexServerOptions {
  readonly fs: TeamFs;
  /** The team folder as agents see it (absolute), for the protocol text. */
  readonly teamDir: string;
  /** The agent this server acts for, or null for the whole team. */
  readonly agent: string | null;
  readonly heartbeatMinutes: number;
  readonly dailyBriefing: string;
  readonly dailyReview: string;
  readonly clock: () => Date;
  readonly edit?: EditOptions;
  readonly templates: () => Promise<ProtocolTemplates>;
  readonly version: string;
}

/** What the server tells the client at the start (clients put it before the tool list). */
export function serverInstructions(agent: string | null): string {
  const who = agent === null ? 'Pass your agent slug as "agent" (or "actor", "from").' : `You act as the agent ${agent}.`;
  return [
    `Cortex team tools: your task queue, the team's WORKLOG.md and MAILBOX.md. ${who}`,
    'Each session: my_tasks, then claim_task the next ready task, tick while you work, complete_task with a summary, then add_worklog_entry (task.completed).',
    'Use these tools instead of editing the task, worklog and mailbox files by hand: they keep other writers\' changes.',
  ].join(' ');
}

function toolResult(message: string, data: unknown): CallToolResult {
  return { content: [{ type: 'text', text: `${message}\n${JSON.stringify(data)}` }], structuredContent: data as Record<string, unknown> };
}

/**
 * A failed call: the sentence, and its kind for programs (`structuredContent.error`),
 * the same kinds as the CLI's exit codes: `input` (2, nothing written), `conflict` (3,
 * nothing written, try again), `unconfirmed` (4, written, but another program undid
 * it or wrote at the same moment: check the file), `file` (5, the file system
 * refused, nothing written).
 */
function toolError(e: unknown): CallToolResult {
  const failure = describeFailure(e);
  return { content: [{ type: 'text', text: failure.message }], structuredContent: { error: { kind: failure.kind, message: failure.message } }, isError: true };
}

/** The server, and a promise for the moment no tool or resource call is running. */
export interface CortexServer {
  readonly server: McpServer;
  settled(): Promise<void>;
}

export function createCortexServer(o: CortexServerOptions): CortexServer {
  // Calls still running when the client hangs up finish their writes before the process ends.
  const running = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    void p.finally(() => running.delete(p)).catch(() => undefined);
    return p;
  };
  const settled = async (): Promise<void> => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };
  const server = new McpServer({ name: 'cortex', title: 'Cortex Team', version: o.version }, { instructions: serverInstructions(o.agent) });
  const context = (): ActionContext => ({ fs: o.fs, edit: o.edit, clock: o.clock, via: 'mcp' });
  for (const tool of cortexTools({ agent: o.agent, heartbeatMinutes: o.heartbeatMinutes, context })) {
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, annotations: tool.annotations },
      (args: Record<string, unknown>) =>
        track(
          tool.run(args).then(
            (r) => toolResult(r.message, r.data),
            (e: unknown) => toolError(e),
          ),
        ),
    );
  }
  for (const r of cortexResources({ ...o })) {
    server.registerResource(r.name, r.uri, { title: r.title, description: r.description, mimeType: r.mimeType }, (uri) =>
      track(r.read().then((text) => ({ contents: [{ uri: uri.href, mimeType: r.mimeType, text }] }))),
    );
  }
  return { server, settled };
}
