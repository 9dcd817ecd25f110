import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import { MESSAGE_TYPES, PRIORITIES, PRIORITY_NAMES, responseTimeText } from '../core/mailbox/urgency';
import { z } from 'zod';
import { ActionContext, ActionResult } from '../core/actions/context';
import { agentQueue, claimAction, completeAction, dispatchAction, tickAction } from '../core/actions/tasks';
import { listMessagesAction, sendMessageAction, updateMessageAction } from '../core/actions/messages';
import { logAction } from '../core/actions/worklog';
import { teamStatus } from '../core/actions/status';
import { MESSAGE_STATUSES } from '../core/mailbox/statuses';
import { ALL_EVENT_TYPES } from '../core/worklog/event-type';

/**
 * The MCP tools: one per agent operation (src/core/actions), each a thin door over it.
 * Every tool costs an agent context, so the set is small and each description says
 * when to call it. A server started for one agent (`--agent`) leaves out the `agent`
 * argument and acts as that agent; a server for the whole team asks for it.
 *
 * The schemas give the types only: what a text may hold (empty, lines, length,
 * control characters, structure) is checked by the operation with the input rules
 * (src/core/text/input-rules.ts), the same rules and sentences as the CLI's.
 */
export interface ToolOptions {
  /** The agent this server acts for (`--agent`), or null for the whole team. */
  readonly agent: string | null;
  readonly heartbeatMinutes: number;
  /**
   * Whether `dispatch_task` is offered: to the coordinator's server and to a server for
   * the whole team, not to a worker's ("chief of staff dispatches, workers execute"; a
   * worker that needs work done elsewhere sends a message). See `agentCoordinates`.
   */
  readonly dispatches: boolean;
  /** A fresh context per call (the clock is read per call): which tool, acting for whom. */
  readonly context: (call: ToolCall) => ActionContext;
}

/** One tool call, as its context is made for it: the tool and who it acts for. */
export interface ToolCall {
  readonly tool: string;
  readonly actor: string;
}

export interface ToolSpec {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodObject;
  readonly annotations: ToolAnnotations;
  run(args: Record<string, unknown>): Promise<ActionResult<unknown>>;
}

const READ: ToolAnnotations = { readOnlyHint: true, openWorldHint: false };
const WRITE: ToolAnnotations = { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false };

const TASK_REF = 'A position in the task file ("2") or the exact title';
/** Who acts, when the server is not bound to one agent. */
const AGENT_ARG = z.string().describe('Your agent slug (the folder name under agents/)');

/** The tool table for these options. */
export function cortexTools(o: ToolOptions): ToolSpec[] {
  const b = binding(o.agent);
  const tasks = taskTools(o, b).filter((t) => o.dispatches || t.name !== 'dispatch_task');
  return [...tasks, ...teamWritingTools(o, b)];
}

/** How the tools speak of the agent: bound to one (`--agent`) or asking for it. */
interface Binding {
  readonly bound: string | null;
  /** The acting agent of a call. */
  readonly me: (args: Record<string, unknown>) => string;
  /** The `agent` argument only when the server is not bound to one agent. */
  readonly self: { agent?: z.ZodString };
  readonly you: string;
  readonly yourFile: string;
}

function binding(bound: string | null): Binding {
  return {
    bound,
    me: (args) => bound ?? (args.agent as string),
    self: bound === null ? { agent: AGENT_ARG } : {},
    you: bound === null ? 'the agent' : `you (${bound})`,
    yourFile: bound === null ? "the agent's task file" : `your task file (agents/${bound}/tasks.md)`,
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** The team's state and the task operations: read the queue, claim, complete, tick, dispatch. */
function taskTools(o: ToolOptions, { bound, me, self, you, yourFile }: Binding): ToolSpec[] {
  return [
    {
      name: 'team_status',
      title: 'Team status',
      description: 'The team at a glance: each agent\'s liveness (alive, idle, down, inactive), last tick, task in progress and ready count. Read-only.',
      inputSchema: z.strictObject({}),
      annotations: READ,
      run: () => teamStatus(o.context({ tool: 'team_status', actor: bound ?? 'cortex-team' }), { heartbeatMinutes: o.heartbeatMinutes }),
    },
    {
      name: 'my_tasks',
      title: 'My tasks',
      description: `The queue in ${yourFile}: the task in progress, the next task (the first ready one, which is taken next) with its description, the other ready tasks, the last tick. Call it at the start of a session and after finishing a task. Read-only.`,
      inputSchema: z.strictObject({ ...self }),
      annotations: READ,
      run: (a) => agentQueue(o.context({ tool: 'my_tasks', actor: me(a) }), { agent: me(a) }),
    },
    {
      name: 'claim_task',
      title: 'Claim a task',
      description: `Start a task in ${yourFile}: its status becomes in-progress with a Started time. Without "task", claims the next ready task. Refused while another task is in progress (one at a time) and when someone else claimed it first.`,
      inputSchema: z.strictObject({
        ...self,
        task: z.string().optional().describe(`${TASK_REF}; leave out for the next ready task`),
        outOfOrder: z.boolean().optional().describe('true to claim a ready task that is not the first ready one (tasks are picked up in document order; the activity feed records it)'),
      }),
      annotations: WRITE,
      run: (a) => claimAction(o.context({ tool: 'claim_task', actor: me(a) }), { agent: me(a), task: str(a.task), outOfOrder: a.outOfOrder === true }),
    },
    {
      name: 'complete_task',
      title: 'Complete a task',
      description: `Finish the task in progress in ${yourFile}: status done, a Completed time and a "### Summary" with your text. Done is final: a finished task is never reopened, so call it only when the work is really done.`,
      inputSchema: z.strictObject({
        ...self,
        summary: z.string().describe('What you did, in a few lines: changes, files, tests, anything left open (markdown; no "## " headings)'),
        task: z.string().optional().describe(`${TASK_REF}; leave out for the task in progress`),
      }),
      annotations: WRITE,
      run: (a) => completeAction(o.context({ tool: 'complete_task', actor: me(a) }), { agent: me(a), task: str(a.task), summary: a.summary as string }),
    },
    {
      name: 'tick',
      title: 'Heartbeat',
      description: `Record that ${you} are alive: the last-tick line at the end of ${yourFile} gets the current time. Call it when you check for work and every ${o.heartbeatMinutes} minutes while you work. Writes nothing while there is no ready or in-progress task (idle agents stay silent).`,
      inputSchema: z.strictObject({ ...self }),
      annotations: { ...WRITE, idempotentHint: true },
      run: (a) => tickAction(o.context({ tool: 'tick', actor: me(a) }), { agent: me(a) }),
    },
    {
      name: 'dispatch_task',
      title: 'Dispatch a task',
      description: "Give an agent a task: a new ready task at the end of its queue (agents take ready tasks in order). Only for work the user asked for, matching the agent's role.",
      inputSchema: z.strictObject({
        to: z.string().describe('The agent that gets the task (its slug)'),
        title: z.string().describe('A short, specific title, unique among its ready and in-progress tasks (one line)'),
        body: z.string().optional().describe('What to do: the goal, where, and how to tell it is done (markdown; no "## " headings)'),
      }),
      annotations: WRITE,
      run: (a) => dispatchAction(o.context({ tool: 'dispatch_task', actor: bound ?? 'cortex-team' }), { agent: a.to as string, title: a.title as string, body: str(a.body), actor: bound ?? 'cortex-team', what: 'to' }),
    },
  ];
}

/** The shared documents: the worklog and the mailbox. */
function teamWritingTools(o: ToolOptions, { bound }: Binding): ToolSpec[] {
  return [
    {
      name: 'add_worklog_entry',
      title: 'Add a worklog entry',
      description:
        'Append an entry to WORKLOG.md, the team\'s shared log that every agent reads at the start of a session. Write one after every completed task (task.completed, with a handoff when someone continues), and for proposals, objections, decisions (also indexed) and escalations. Not a chat: targeted questions go in a message.',
      inputSchema: z.strictObject({
        ...(bound === null ? { actor: z.string().describe('Who writes the entry (your agent slug)') } : {}),
        type: z.enum(ALL_EVENT_TYPES).describe('The kind of entry; note.posted for anything else'),
        subject: z.string().describe('A short title, one line (the type word is added: "handoff: …")'),
        body: z.string().optional().describe('The entry: what changed, files, test results, reasoning, next steps (markdown; no "#"/"##" headings)'),
        decision: z.string().optional().describe('For decision.recorded: its one line in the decision index (default: the subject)'),
      }),
      annotations: WRITE,
      run: (a) =>
        logAction(o.context({ tool: 'add_worklog_entry', actor: bound ?? (a.actor as string) }), { actor: bound ?? (a.actor as string), type: a.type as string, subject: a.subject as string, body: str(a.body), decision: str(a.decision) }),
    },
    {
      name: 'send_message',
      title: 'Send a message',
      description: 'Leave a message in MAILBOX.md for one agent (or the maintainer): a question or request that is not a handoff, decision or status update (those go in the worklog). It gets the next MSG number and the status new.',
      inputSchema: z.strictObject({
        ...(bound === null ? { from: z.string().describe('Who sends it (your agent slug)') } : {}),
        to: z.string().describe('The recipient: an agent slug, or "maintainer"'),
        subject: z.string().describe('One line'),
        body: z.string().optional().describe('The message (markdown; no "#"/"##" headings)'),
        type: z.enum(MESSAGE_TYPES).optional().describe('question, request, review, fyi (no action needed) or alert'),
        priority: z
          .enum(PRIORITIES)
          .optional()
          .describe(`${PRIORITIES.map((p) => `${p} ${PRIORITY_NAMES[p]}: respond within ${responseTimeText(p)}`).join('; ')}. Omitted: P2. Overdue P0/P1 messages escalate to the worklog`),
      }),
      annotations: WRITE,
      run: (a) =>
        sendMessageAction(o.context({ tool: 'send_message', actor: bound ?? (a.from as string) }), { from: bound ?? (a.from as string), to: a.to as string, subject: a.subject as string, body: str(a.body), type: str(a.type), priority: str(a.priority) }),
    },
    {
      name: 'list_messages',
      title: 'List messages',
      description: `Messages in MAILBOX.md, newest first, with their status, type, priority (overdue ones marked) and text. ${bound === null ? 'Filter by recipient, sender and status.' : 'Without "to" or "from", the messages to you.'} Read-only.`,
      inputSchema: z.strictObject({
        to: z.string().min(1).optional().describe('Only messages to this recipient'),
        from: z.string().min(1).optional().describe('Only messages from this sender'),
        status: z.array(z.enum(MESSAGE_STATUSES)).optional().describe('Only messages with one of these statuses (for example ["new"])'),
      }),
      annotations: READ,
      run: (a) => {
        const to = str(a.to) ?? (bound !== null && a.from === undefined ? bound : undefined);
        return listMessagesAction(o.context({ tool: 'list_messages', actor: bound ?? 'cortex-team' }), { to, from: str(a.from), statuses: a.status as string[] | undefined });
      },
    },
    {
      name: 'update_message',
      title: 'Update a message',
      description: `Move a message along its lifecycle: ${MESSAGE_STATUSES.slice(0, 4).join(' → ')} (never back), or a final ${MESSAGE_STATUSES.slice(4).join(', ')}. Acknowledge a message when you read it, mark it actioned when you acted on it.`,
      inputSchema: z.strictObject({
        id: z.string().regex(/^MSG-\d+$/i, 'a message id looks like MSG-0003').describe('The message id, e.g. MSG-0003'),
        status: z.enum(MESSAGE_STATUSES).describe('The new status'),
        expected: z.enum(MESSAGE_STATUSES).optional().describe('The status you saw; refused if it changed since'),
      }),
      annotations: WRITE,
      run: (a) => updateMessageAction(o.context({ tool: 'update_message', actor: bound ?? 'cortex-team' }), { id: a.id as string, status: a.status as string, expected: str(a.expected), actor: bound ?? 'cortex-team' }),
    },
  ];
}
