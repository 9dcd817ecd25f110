import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ActionContext } from '../core/actions/context';
import { recordActivity } from '../core/actions/activity';
import { teamEvents } from '../core/actions/events';
import { EditOptions } from '../core/edit/edit-file';
import { SettleWatches, Settling } from '../core/edit/settle-watches';
import { describeFailure } from '../core/edit/file-errors';
import { TeamFs } from '../core/fs/team-fs';
import { ProtocolTemplates } from '../core/protocol-file/protocol';
import { cortexResources } from './resources';
import { ToolCall, cortexTools } from './tools';

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
  /** Whether it offers `dispatch_task` (see `ToolOptions.dispatches`). */
  readonly dispatches: boolean;
  readonly heartbeatMinutes: number;
  readonly dailyBriefing: string;
  readonly dailyReview: string;
  readonly clock: () => Date;
  readonly edit?: EditOptions;
  readonly templates: () => Promise<ProtocolTemplates>;
  readonly version: string;
  /** Where a write that answered and was then lost is said (besides the feed): stdio's stderr. */
  readonly warn?: (message: string) => void;
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

/** The server, and a promise for the moment no tool or resource call is running and every write's settle window has ended. */
export interface CortexServer {
  readonly server: McpServer;
  settled(): Promise<void>;
  /** The settle windows still running after their calls answered. */
  readonly watches: SettleWatches;
}

/**
 * The settle windows of the server's writes. The server lives as long as the agent's
 * session, so a write answers once it is on disk and read back, and its window goes on
 * here: a change a stale whole-file writer removed is applied again, and that (or a
 * change that could not be kept) is recorded in the activity feed.
 */
function settleWatches(o: CortexServerOptions): SettleWatches {
  const record = (s: Settling, make: (actor: string) => Parameters<typeof recordActivity>[1]) =>
    recordActivity(o.fs, make(s.actor ?? o.agent ?? 'cortex-team'), o.clock(), 'mcp', { ...o.edit, settleMs: 0, background: undefined }).then(() => undefined);
  return new SettleWatches({
    onReapplied: (s, r) => record(s, (actor) => teamEvents.writeReapplied(actor, s.path, s.label, r.reapplied)),
    onUnconfirmed: (s, e) => {
      const message = describeFailure(e).message;
      o.warn?.(message);
      return record(s, (actor) => teamEvents.writeUnconfirmed(actor, s.path, s.label, message));
    },
  });
}

export function createCortexServer(o: CortexServerOptions): CortexServer {
  // Calls still running when the client hangs up finish their writes before the process ends.
  const running = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    running.add(p);
    void p.finally(() => running.delete(p)).catch(() => undefined);
    return p;
  };
  const watches = settleWatches(o);
  const settled = async (): Promise<void> => {
    while (running.size > 0) await Promise.allSettled([...running]);
    await watches.drained();
  };
  const server = new McpServer({ name: 'cortex', title: 'Cortex Team', version: o.version }, { instructions: serverInstructions(o.agent) });
  // Each write answers at once; its settle window goes on in `watches`.
  const context = (call: ToolCall): ActionContext => ({
    fs: o.fs,
    edit: { ...o.edit, label: call.tool, background: { add: (s) => watches.add({ ...s, actor: call.actor }) } },
    clock: o.clock,
    via: 'mcp',
  });
  for (const tool of cortexTools({ agent: o.agent, dispatches: o.dispatches, heartbeatMinutes: o.heartbeatMinutes, context })) {
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
  return { server, settled, watches };
}
