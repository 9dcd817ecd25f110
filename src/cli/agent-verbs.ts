import { existsSync } from 'fs';
import * as path from 'path';
import { ActionContext, ActionResult } from '../core/actions/context';
import { agentCoordinates } from '../core/actions/dispatch-rights';
import { claimAction, completeAction, tickAction } from '../core/actions/tasks';
import { escalateAction, listMessagesAction, sendMessageAction, updateMessageAction } from '../core/actions/messages';
import { logAction } from '../core/actions/worklog';
import { MESSAGE_TYPES, PRIORITIES, PRIORITY_NAMES, responseTimeText } from '../core/mailbox/urgency';
import { MESSAGE_STATUSES } from '../core/mailbox/statuses';
import { PROTOCOL_TEMPLATE_DIR } from '../core/protocol-file/protocol';
import { localDateOf } from '../base/time';
import { ALL_EVENT_TYPES } from '../core/worklog/event-type';
import { OptionSpec, ParsedOptions } from './args';
import type { Command, Context } from './command';
import { loadCliConfig } from './team-dir';

/**
 * The verbs agents use when they have no MCP (`claim`, `complete`, `tick`, `log`,
 * `message send|list|update`) and the MCP server itself (`mcp`). Each verb is a door
 * over the same operation as the MCP tool of the same purpose (src/core/actions): the
 * same checks, the same sentences, the same activity event. `--json` prints the
 * operation's data instead of its sentence.
 */
export interface SharedSpecs {
  readonly team: OptionSpec;
  readonly now: OptionSpec;
  readonly agent: OptionSpec;
  readonly nowOf: (opts: ParsedOptions, ctx: Context) => string;
  readonly agentSlug: (ctx: Context, slug: string, option: string) => Promise<string>;
}

export const CLI_VERSION = '0.1.0';

const JSON_FLAG: OptionSpec = { kind: 'flag', help: "print the operation's data as one JSON object instead of the sentence" };

/** The actions' context for one CLI call: `--now` pins the clock. */
function actionContext(opts: ParsedOptions, ctx: Context, s: SharedSpecs): ActionContext {
  const stamp = opts.strings.has('now') ? s.nowOf(opts, ctx) : null;
  const pinned = stamp === null ? null : localDateOf(stamp);
  return { fs: ctx.fs, edit: ctx.edit, via: 'cli', clock: () => pinned ?? (ctx.io.clock ? ctx.io.clock() : new Date()) };
}

function print(opts: ParsedOptions, ctx: Context, r: ActionResult<unknown>): number {
  ctx.io.stdout(opts.flags.has('json') ? JSON.stringify(r.data, null, 2) + '\n' : r.message + '\n');
  return 0;
}

/** The package root (where templates/ is): dist/ in the bundle, out/src/cli when run from the compiled sources. */
export function packageRoot(): string {
  let dir = __dirname;
  for (let i = 0; i < 5; i++) {
    if (existsSync(path.join(dir, PROTOCOL_TEMPLATE_DIR))) return dir;
    dir = path.dirname(dir);
  }
  return path.dirname(__dirname);
}

const TASK_REF: OptionSpec = { kind: 'string', value: 'REF', help: 'the task: its 1-based position in the file, or its exact title' };

export function agentCommands(s: SharedSpecs): Record<string, Command> {
  return { claim: claimVerb(s), complete: completeVerb(s), tick: tickVerb(s), log: logVerb(s), message: messageCommand(s), mcp: mcpVerb(s) };
}

/** `claim`: ready → in-progress. */
function claimVerb(s: SharedSpecs): Command {
  return {
    synopsis: 'claim --agent SLUG [--task REF [--out-of-order]] [--json] [--now YYYY-MM-DDTHH:MM] [--team DIR]',
    summary: 'Claim a task (ready → in-progress with **Started:**); without --task, the next ready one. Refused while another is in progress, when it was claimed first, and for a ready task that is not the next one unless --out-of-order.',
    options: {
      agent: s.agent,
      task: { ...TASK_REF, help: `${TASK_REF.help} (default: the next ready task)` },
      'out-of-order': { kind: 'flag', help: 'claim a ready task that is not the first ready one in the file (recorded in the activity feed)' },
      json: JSON_FLAG,
      now: s.now,
      team: s.team,
    },
    async run(opts, ctx) {
      const agent = await s.agentSlug(ctx, opts.strings.get('agent')!, '--agent');
      return print(opts, ctx, await claimAction(actionContext(opts, ctx, s), { agent, task: opts.strings.get('task'), outOfOrder: opts.flags.has('out-of-order') }));
    },
  };
}

/** `complete`: in-progress → done with a summary. */
function completeVerb(s: SharedSpecs): Command {
  return {
    synopsis: 'complete --agent SLUG --summary TEXT [--task REF] [--json] [--now YYYY-MM-DDTHH:MM] [--team DIR]',
    summary: 'Complete the task in progress: done with **Completed:** and a ### Summary. Done is never reversed.',
    options: {
      agent: s.agent,
      summary: { kind: 'string', required: true, value: 'TEXT', help: 'what was done: changes, files, tests, anything left open' },
      task: { ...TASK_REF, help: `${TASK_REF.help} (default: the task in progress)` },
      json: JSON_FLAG,
      now: s.now,
      team: s.team,
    },
    async run(opts, ctx) {
      const agent = await s.agentSlug(ctx, opts.strings.get('agent')!, '--agent');
      return print(opts, ctx, await completeAction(actionContext(opts, ctx, s), { agent, task: opts.strings.get('task'), summary: opts.strings.get('summary')! }));
    },
  };
}

/** `tick`: the heartbeat. */
function tickVerb(s: SharedSpecs): Command {
  return {
    synopsis: 'tick --agent SLUG [--json] [--now YYYY-MM-DDTHH:MM] [--team DIR]',
    summary: "The heartbeat: write <!-- cortex:last-tick … --> at the end of the agent's task file. Writes nothing (exit 0) while it has no ready or in-progress task.",
    options: { agent: s.agent, json: JSON_FLAG, now: s.now, team: s.team },
    async run(opts, ctx) {
      const agent = await s.agentSlug(ctx, opts.strings.get('agent')!, '--agent');
      return print(opts, ctx, await tickAction(actionContext(opts, ctx, s), { agent }));
    },
  };
}

/** `log`: a WORKLOG.md entry. */
function logVerb(s: SharedSpecs): Command {
  return {
    synopsis: 'log --actor NAME --type TYPE --subject TEXT [--body TEXT] [--decision TEXT] [--json] [--now YYYY-MM-DDTHH:MM] [--team DIR]',
    summary: 'Append a WORKLOG.md entry (newest first); a decision also gets a row in the decision index.',
    options: {
      actor: { kind: 'string', required: true, value: 'NAME', help: 'who writes it (an agent slug, or "maintainer")' },
      type: { kind: 'string', required: true, value: 'TYPE', help: `the event type: ${ALL_EVENT_TYPES.join(', ')}` },
      subject: { kind: 'string', required: true, value: 'TEXT', help: 'one line; the type word is added ("handoff: …")' },
      body: { kind: 'string', value: 'TEXT', help: 'the entry (markdown; no "#"/"##" headings)' },
      decision: { kind: 'string', value: 'TEXT', help: "with --type decision.recorded: its line in the decision index (default: the subject)" },
      json: JSON_FLAG,
      now: s.now,
      team: s.team,
    },
    async run(opts, ctx) {
      const g = (k: string) => opts.strings.get(k);
      return print(opts, ctx, await logAction(actionContext(opts, ctx, s), { actor: g('actor')!, type: g('type')!, subject: g('subject')!, body: g('body'), decision: g('decision') }));
    },
  };
}

/** `message`: MAILBOX.md, one verb per change. */
function messageCommand(s: SharedSpecs): Command {
  return {
    synopsis: 'message send|list|update|escalate [options]',
    summary: 'MAILBOX.md: send a message, list messages, move one along new → acknowledged → actioned → closed, escalate overdue P0/P1 ones to WORKLOG.md.',
    options: {},
    // Never run: `cortex-team message` always picks one of its verbs first.
    run: async () => 2,
    subcommands: { send: messageSendVerb(s), list: messageListVerb(s), update: messageUpdateVerb(s), escalate: messageEscalateVerb(s) },
  };
}

/** `message send`. */
function messageSendVerb(s: SharedSpecs): Command {
  return {
    synopsis: 'message send --from NAME --to NAME --subject TEXT [--body TEXT] [--type TYPE] [--priority P0|P1|P2|P3] [--json] [--now YYYY-MM-DDTHH:MM] [--team DIR]',
    summary: 'Send a message: the next MSG number, status new, the inbox counts updated; with --priority, a Respond by time.',
    options: {
      from: { kind: 'string', required: true, value: 'NAME', help: 'the sender (an agent slug, or "maintainer")' },
      to: { kind: 'string', required: true, value: 'NAME', help: 'the recipient' },
      subject: { kind: 'string', required: true, value: 'TEXT', help: 'one line' },
      body: { kind: 'string', value: 'TEXT', help: 'the message (markdown; no "#"/"##" headings)' },
      type: { kind: 'string', value: 'TYPE', help: `what kind of message: ${MESSAGE_TYPES.join(', ')}` },
      priority: {
        kind: 'string',
        value: 'P0|P1|P2|P3',
        help: `${PRIORITIES.map((p) => `${p} ${PRIORITY_NAMES[p]} (respond within ${responseTimeText(p)})`).join(', ')}; none written means P2`,
      },
      json: JSON_FLAG,
      now: s.now,
      team: s.team,
    },
    async run(opts, ctx) {
      const g = (k: string) => opts.strings.get(k);
      return print(opts, ctx, await sendMessageAction(actionContext(opts, ctx, s), { from: g('from')!, to: g('to')!, subject: g('subject')!, body: g('body'), type: g('type'), priority: g('priority') }));
    },
  };
}

/** `message list`: writes nothing. */
function messageListVerb(s: SharedSpecs): Command {
  return {
    synopsis: 'message list [--to NAME] [--from NAME] [--status STATUS]... [--json] [--now YYYY-MM-DDTHH:MM] [--team DIR]',
    summary: 'List messages, newest first, with their priority; overdue ones are marked. Writes nothing.',
    options: {
      to: { kind: 'string', value: 'NAME', help: 'only messages to this recipient' },
      from: { kind: 'string', value: 'NAME', help: 'only messages from this sender' },
      status: { kind: 'list', value: 'STATUS', help: `only messages with this status (${MESSAGE_STATUSES.join(', ')}); repeat for more` },
      json: JSON_FLAG,
      now: { ...s.now, help: 'the time overdue is judged at (local wall-clock time; default: the clock)' },
      team: s.team,
    },
    async run(opts, ctx) {
      return print(opts, ctx, await listMessagesAction(actionContext(opts, ctx, s), { to: opts.strings.get('to'), from: opts.strings.get('from'), statuses: opts.lists.get('status') }));
    },
  };
}

/** `message update`: a later status. */
function messageUpdateVerb(s: SharedSpecs): Command {
  return {
    synopsis: 'message update --id MSG-NNNN --status STATUS [--expected STATUS] [--actor NAME] [--json] [--now YYYY-MM-DDTHH:MM] [--team DIR]',
    summary: 'Move a message to a later status (never back; closed and the terminal statuses are final).',
    options: {
      id: { kind: 'string', required: true, value: 'MSG-NNNN', help: 'the message' },
      status: { kind: 'string', required: true, value: 'STATUS', help: `the new status: ${MESSAGE_STATUSES.join(', ')}` },
      expected: { kind: 'string', value: 'STATUS', help: 'the status it must have now (refused if it changed)' },
      actor: { kind: 'string', value: 'NAME', help: 'who changes it, for the activity feed (default: cortex-team)' },
      json: JSON_FLAG,
      now: s.now,
      team: s.team,
    },
    async run(opts, ctx) {
      const g = (k: string) => opts.strings.get(k);
      return print(opts, ctx, await updateMessageAction(actionContext(opts, ctx, s), { id: g('id')!, status: g('status')!, expected: g('expected'), actor: g('actor') ?? 'cortex-team' }));
    },
  };
}

/** `message escalate`: overdue P0/P1 to WORKLOG.md. */
function messageEscalateVerb(s: SharedSpecs): Command {
  return {
    synopsis: 'message escalate [--id MSG-NNNN]... [--actor NAME] [--json] [--now YYYY-MM-DDTHH:MM] [--team DIR]',
    summary: 'Escalate overdue P0 and P1 messages (still new after their response time) to WORKLOG.md as escalation.requested entries, once each.',
    options: {
      id: { kind: 'list', value: 'MSG-NNNN', help: 'only this message (it must be due for escalation); repeat for more' },
      actor: { kind: 'string', value: 'NAME', help: 'who escalates, for the WORKLOG entry and the activity feed (default: cortex-team)' },
      json: JSON_FLAG,
      now: s.now,
      team: s.team,
    },
    async run(opts, ctx) {
      return print(opts, ctx, await escalateAction(actionContext(opts, ctx, s), { actor: opts.strings.get('actor') ?? 'cortex-team', ids: opts.lists.get('id') }));
    },
  };
}

/** `mcp`: the MCP server on stdio. */
function mcpVerb(s: SharedSpecs): Command {
  return {
    synopsis: 'mcp [--agent SLUG] [--now YYYY-MM-DDTHH:MM] [--team DIR]',
    summary: 'Serve the Cortex MCP server on stdin/stdout (what agent CLIs start); with --agent, it acts as that agent.',
    options: {
      agent: { ...s.agent, required: false, help: 'the agent the server acts for (default: the whole team; the tools then ask for it)' },
      now: { ...s.now, help: 'pin the clock: every write uses this time (for tests and demonstrations)' },
      team: s.team,
    },
    async run(opts, ctx) {
      const given = opts.strings.get('agent');
      const agent = given === undefined ? null : await s.agentSlug(ctx, given, '--agent');
      const clock = actionContext(opts, ctx, s).clock;
      const { config } = await loadCliConfig(ctx.io);
      // Loaded here, not at the top: the MCP SDK is parsed only by this verb (dist/mcp.js).
      // Only plain data crosses into it (see src/mcp/main.ts).
      const { serveTeam } = await import('../mcp/main');
      await serveTeam({
        teamDir: ctx.teamDir,
        agent,
        // Read once at the start: a worker's server does not offer dispatch_task.
        dispatches: agent === null || (await agentCoordinates(ctx.fs, agent)),
        heartbeatMinutes: ctx.heartbeatMinutes,
        dailyBriefing: config.dailyBriefing,
        dailyReview: config.dailyReview,
        clock,
        edit: ctx.edit,
        templatesDir: path.join(packageRoot(), PROTOCOL_TEMPLATE_DIR),
        version: CLI_VERSION,
      });
      return 0;
    },
  };
}
