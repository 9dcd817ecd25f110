import * as path from 'path';
import { EditOptions, readTextFile } from '../core/edit/edit-file';
import { describeFailure } from '../core/edit/file-errors';
import { CortexInputError, FailureKind } from '../core/edit/errors';
import { LIMITS, checkOneLine, visible } from '../core/text/input-rules';
import { NodeTeamFs } from '../core/fs/node-fs';
import { TeamFs } from '../core/fs/team-fs';
import { staleAfterMinutes } from '../core/team/liveness';
import { isMoveTarget, moveTask } from '../core/ops/move';
import { reassignTask } from '../core/ops/reassign';
import { reorderTask } from '../core/ops/reorder';
import { registerAgent } from '../core/ops/register';
import { applyPrune, planPrune } from '../core/ops/prune';
import { HOUSEKEEPING_MESSAGE, commitFiles, housekeepingPaths } from '../git/commit-files';
import { findTeamRepo, operationInProgress } from '../git/repo';
import { checkStamp } from '../core/ops/shared';
import { renderBriefing } from '../core/reports/briefing';
import { renderReview } from '../core/reports/review';
import { buildTeamReport } from '../core/reports/team-report';
import { ActionContext, checkAgentSlug, knownAgents, recordWrite } from '../core/actions/context';
import { ActivityRecord } from '../core/actions/activity';
import { checkMayDispatch } from '../core/actions/dispatch-rights';
import { dispatchAction } from '../core/actions/tasks';
import { teamEvents } from '../core/actions/events';
import { loadTeam } from '../core/team/team-index';
import { Team } from '../core/team/model';
import { agentTasksPath } from '../core/team/team-paths';
import { formatDate, localDateOf, nowStamp, parseStamp, wallMinutes } from '../base/time';
import { loadWorklogEvents } from '../core/worklog/events';
import { WORKLOG_FILE, parseWorklog } from '../core/worklog/parse';
import { unindexedDecisions } from '../core/worklog/decision-index-check';
import { ParsedOptions, UsageError, describeOptions, parseOptions } from './args';
import { SharedSpecs, agentCommands } from './agent-verbs';
import { runCommands } from './run-verbs';
import { protocolVerb } from './protocol-command';
import { leaveVerb } from './leave-command';
import { upgradeVerb } from './upgrade-command';
import { CliIo, Command, Context } from './command';
import { eventsTable } from './events';
import { reportJson } from './report';
import { statusJson, statusTable } from './status';
import { olderFormatJson, olderFormatNotice } from './older-format';
import { readOlderFormat } from '../core/legacy/older-agents';
import { openStatusCache, saveStatusCache } from './status-cache';
import { checkTeamDir, loadCliConfig, resolveTeamDir } from './team-dir';

/**
 * The `cortex-team` command line. Exit codes: 0 done (and, for a write, confirmed);
 * 1 lint found errors; 2 bad usage or bad input (one line on stderr, nothing
 * written); 3 a conflict that retries could not resolve (nothing written); 4 written
 * but not confirmed (another program undid the change within the settle window and
 * it could not be put back, or another program's simultaneous edit may be missing;
 * the message says which); 5 the file system refused (permissions, disk full,
 * read-only, a symbolic link or a folder where the file is; nothing written).
 *
 * Everything printed goes through `visible`: control and text-direction characters
 * from files or arguments come out as `\uXXXX`, never as raw escape codes.
 */
export const EXIT_OK = 0;
export const EXIT_LINT = 1;
export const EXIT_USAGE = 2;
export const EXIT_CONFLICT = 3;
export const EXIT_UNCONFIRMED = 4;
export const EXIT_FILE = 5;

/** How long a write is watched for another program's stale write after it (ms): `CORTEX_TEAM_SETTLE_MS`, else this. */
export const DEFAULT_SETTLE_MS = 1000;

/** Who the team-changing verbs act as in the activity feed (the agent verbs name their agent). */
const CLI_ACTOR = 'cortex-team';

const TEAM = { kind: 'string', value: 'DIR', help: 'the team folder (else $CORTEX_TEAM_DIR, team_dir in ~/.cortex/config.yaml, ~/cortex-team)' } as const;
const NOW = { kind: 'string', value: 'YYYY-MM-DDTHH:MM', help: 'the time to use instead of the clock (local wall-clock time)' } as const;
const AGENT = { kind: 'string', required: true, value: 'SLUG', help: "the agent (its folder name under agents/)" } as const;
const TASK = { kind: 'string', required: true, value: 'REF', help: 'the task: its 1-based position in the file, or its exact title' } as const;

/**
 * How long to wait for another cortex-team process that is editing the same file
 * (`CORTEX_TEAM_LOCK_WAIT_MS`, else 5 seconds), and how long to watch a file after
 * writing it (`CORTEX_TEAM_SETTLE_MS`, else `DEFAULT_SETTLE_MS`; 0 reads back once).
 */
function editOptions(env: CliIo['env']): EditOptions {
  const ms = (name: string): number | undefined => {
    const text = env[name];
    if (text === undefined || text.trim() === '') return undefined;
    const n = Number(text);
    if (!Number.isFinite(n) || n < 0) throw new UsageError(`${name} is a number of milliseconds (0 or more), not "${text}"`);
    return n;
  };
  return { lockTimeoutMs: ms('CORTEX_TEAM_LOCK_WAIT_MS'), settleMs: ms('CORTEX_TEAM_SETTLE_MS') ?? DEFAULT_SETTLE_MS };
}

function nowOf(opts: ParsedOptions, io: CliIo): string {
  const given = opts.strings.get('now');
  if (given !== undefined) return checkStamp(given, '--now');
  return nowStamp(io.clock ? io.clock() : new Date());
}

/** The agent operations' context for a verb: `--now` (when the verb has it) pins the clock. */
function cliActions(ctx: Context, opts: ParsedOptions): ActionContext {
  const given = opts.strings.get('now');
  const pinned = given === undefined ? null : localDateOf(checkStamp(given, '--now'));
  return { fs: ctx.fs, edit: ctx.edit, via: 'cli', clock: () => pinned ?? (ctx.io.clock ? ctx.io.clock() : new Date()) };
}

/** Records a verb's write in the activity feed; the sentence to add when the feed could not be written. */
function recordCli(ctx: Context, opts: ParsedOptions, record: ActivityRecord | undefined): Promise<string> {
  if (!record) return Promise.resolve('');
  const actions = cliActions(ctx, opts);
  return recordWrite(actions, record, actions.clock());
}

/** Checks a slug names an existing agent folder; the error lists the known ones. */
function agentSlug(fs: TeamFs, slug: string, option: string): Promise<string> {
  return checkAgentSlug(fs, slug, option);
}

/**
 * The agent a dispatch comes from: `--from` (a registered agent), else $CORTEX_AGENT when
 * it names an agent of this team (the dashboard sets it for the agents it starts), else
 * `null`: a person.
 */
async function dispatcher(ctx: Context, given: string | undefined): Promise<string | null> {
  if (given !== undefined) return agentSlug(ctx.fs, given, '--from');
  const env = ctx.io.env.CORTEX_AGENT?.trim();
  return env && (await knownAgents(ctx.fs)).includes(env) ? env : null;
}

/** `briefing` / `review`: the Daily Briefing or Review as markdown (or JSON) on stdout; writes nothing. */
function reportCommand(kind: 'briefing' | 'review'): Command {
  const title = kind === 'briefing' ? 'Daily Briefing' : 'Daily Review';
  return {
    synopsis: `${kind} [--since YYYY-MM-DDTHH:MM] [--json] [--now YYYY-MM-DDTHH:MM] [--team DIR]`,
    summary: `Print the ${title} as markdown: liveness, work in progress, what was done since the last review, blockers, the ready queue, the projects.`,
    options: {
      since: { kind: 'string', value: 'YYYY-MM-DDTHH:MM', help: 'the last review: report what was done after it (default: the last 24 hours)' },
      json: { kind: 'flag', help: 'print one JSON object (the facts and the markdown)' },
      now: NOW,
      team: TEAM,
    },
    async run(opts, ctx) {
      const now = nowOf(opts, ctx.io);
      const nowMinutes = parseStamp(now)!;
      const sinceText = opts.strings.get('since');
      const since = sinceText === undefined ? null : parseStamp(checkStamp(sinceText, '--since'));
      if (since !== null && since > nowMinutes) throw new CortexInputError(`--since ${sinceText} is after now (${now}).`);
      const team = await loadTeam(ctx.fs);
      const report = buildTeamReport({ team, teamName: path.basename(ctx.teamDir), now: nowMinutes, staleAfterMinutes: staleAfterMinutes(ctx.heartbeatMinutes), lastReview: since });
      // The review says what housekeeping (prune, its default days) would remove now.
      const markdown = kind === 'briefing' ? renderBriefing(report, team) : renderReview(report, team, await planPrune(ctx.fs, { now }));
      if (opts.flags.has('json')) {
        const projects = team.projects.map((p) => ({ slug: p.slug, status: p.status, nextAction: p.nextAction }));
        ctx.io.stdout(JSON.stringify(reportJson(kind, report, ctx.teamDir, projects, markdown), null, 2) + '\n');
      } else ctx.io.stdout(markdown);
      return EXIT_OK;
    },
  };
}

const SHARED: SharedSpecs = { team: TEAM, now: NOW, agent: AGENT, nowOf: (opts, ctx) => nowOf(opts, ctx.io), agentSlug: (ctx, slug, option) => agentSlug(ctx.fs, slug, option) };

const commands: Record<string, Command> = {
  status: {
    synopsis: 'status [--team DIR] [--json] [--now YYYY-MM-DDTHH:MM]',
    summary: 'Show every agent (liveness, tick age, ready and in-progress tasks), the projects and a count of problems (parsed files are cached in ~/.cortex/cache; CORTEX_TEAM_CACHE=off turns that off).',
    options: { team: TEAM, json: { kind: 'flag', help: 'print one JSON object instead of the table' }, now: NOW },
    async run(opts, ctx) {
      const now = nowOf(opts, ctx.io);
      const nowMinutes = parseStamp(now)!;
      const staleAfter = staleAfterMinutes(ctx.heartbeatMinutes);
      // The Cortex plugin's older format (flat agents/<slug>.md, ## Work Queue) is read as it is, beside the rest.
      const older = await readOlderFormat(ctx.fs);
      const withOlder = (team: Team): Team => (older ? { ...team, agents: [...team.agents, ...older.agents] } : team);
      if (opts.flags.has('json')) {
        const team = withOlder(await loadTeam(ctx.fs));
        ctx.io.stdout(JSON.stringify({ ...statusJson(team, ctx.teamDir, now, nowMinutes, staleAfter), ...(older ? { olderFormat: olderFormatJson(older) } : {}) }, null, 2) + '\n');
        return EXIT_OK;
      }
      // The table needs only each file's open work: parsed files come from the cache when their bytes did not change.
      const cached = await openStatusCache(ctx.io, ctx.teamDir);
      const team = withOlder(await loadTeam(ctx.fs, cached?.cache.parsers));
      const olderSlugs = new Set(older?.agents.map((a) => a.slug));
      ctx.io.stdout(statusTable(team, ctx.teamDir, now, nowMinutes, staleAfter, (a) => (olderSlugs.has(a.slug) ? undefined : cached?.cache.readyCount(a.tasksPath))));
      if (older) ctx.io.stdout(olderFormatNotice(older));
      if (cached) await saveStatusCache(cached);
      return EXIT_OK;
    },
  },

  briefing: reportCommand('briefing'),
  review: reportCommand('review'),

  dispatch: {
    synopsis: 'dispatch --agent SLUG --title TEXT [--body TEXT] [--from SLUG] [--team DIR]',
    summary: "Add a ready task at the end of an agent's queue (before its last-tick comment). Workers do not create tasks: dispatching as an agent that is not the coordinator is refused.",
    options: {
      agent: AGENT,
      title: { kind: 'string', required: true, value: 'TEXT', help: 'the task title (one line; unique among ready and in-progress tasks)' },
      body: { kind: 'string', value: 'TEXT', help: 'what to do (markdown; no "## " headings outside code fences)' },
      from: { kind: 'string', value: 'SLUG', help: 'the agent that dispatches (default: $CORTEX_AGENT when it names an agent of the team, as in the terminals the dashboard starts agents in; else a person)' },
      team: TEAM,
    },
    async run(opts, ctx) {
      const slug = await agentSlug(ctx.fs, opts.strings.get('agent')!, '--agent');
      const from = await dispatcher(ctx, opts.strings.get('from'));
      // "Chief of staff dispatches, workers execute": a worker sends a message instead.
      if (from !== null) await checkMayDispatch(ctx.fs, from);
      const r = await dispatchAction(cliActions(ctx, opts), { agent: slug, title: opts.strings.get('title')!, body: opts.strings.get('body'), actor: from ?? CLI_ACTOR });
      ctx.io.stdout(`${r.message}\n`);
      return EXIT_OK;
    },
  },

  move: {
    synopsis: 'move --agent SLUG --task REF --to in-progress|done [--summary TEXT] [--out-of-order] [--now YYYY-MM-DDTHH:MM] [--team DIR]',
    summary:
      'Move a task to in-progress (adds **Started:**) or done (adds **Completed:** and, with --summary, a ### Summary); a ready task goes to done through in-progress (both stamps). Done is never reversed. A ready task that is not the next one is refused unless --out-of-order.',
    options: {
      agent: AGENT,
      task: TASK,
      to: { kind: 'string', required: true, value: 'in-progress|done', help: 'the new status' },
      summary: { kind: 'string', value: 'TEXT', help: 'with --to done: the ### Summary text' },
      'out-of-order': { kind: 'flag', help: 'start a ready task that is not the first ready one in the file (recorded in the activity feed)' },
      now: NOW,
      team: TEAM,
    },
    async run(opts, ctx) {
      const to = opts.strings.get('to')!;
      if (!isMoveTarget(to)) throw new UsageError(`--to is "in-progress" or "done", not "${to}"`);
      const now = nowOf(opts, ctx.io);
      const slug = await agentSlug(ctx.fs, opts.strings.get('agent')!, '--agent');
      const file = agentTasksPath(slug);
      const outOfOrder = opts.flags.has('out-of-order');
      const r = await moveTask(ctx.fs, file, { ref: opts.strings.get('task')!, to, now, summary: opts.strings.get('summary'), outOfOrder }, ctx.edit);
      const event = teamEvents.taskMoved(CLI_ACTOR, slug, file, r.title, to, now, r.position, opts.strings.get('summary'));
      // Said in the feed: a ready task started out of order on purpose, and a ready task taken to done (started now too).
      const extra = { ...(outOfOrder && r.from === 'ready' ? { outOfOrder: true } : {}), ...(r.from === 'ready' && to === 'done' ? { started: now } : {}) };
      const note = r.from === to ? '' : await recordCli(ctx, opts, { ...event, details: { ...event.details, ...extra } });
      const through = r.from === 'ready' && to === 'done' ? ' through in-progress' : '';
      ctx.io.stdout(`Moved "${r.title}" (task ${r.position} in ${file}) from ${r.from}${through} to ${to} at ${now}${outOfOrder && r.from === 'ready' ? ', out of order as asked' : ''}.${note}\n`);
      return EXIT_OK;
    },
  },

  reorder: {
    synopsis: 'reorder --agent SLUG --task REF (--before REF | --after REF) [--team DIR]',
    summary: 'Move a task before or after another in the same file (agents pick up the first ready task).',
    options: {
      agent: AGENT,
      task: TASK,
      before: { kind: 'string', value: 'REF', help: 'put it just before this task' },
      after: { kind: 'string', value: 'REF', help: 'put it just after this task' },
      team: TEAM,
    },
    async run(opts, ctx) {
      const before = opts.strings.get('before');
      const after = opts.strings.get('after');
      if ((before === undefined) === (after === undefined)) throw new UsageError('give exactly one of --before REF or --after REF');
      const slug = await agentSlug(ctx.fs, opts.strings.get('agent')!, '--agent');
      const file = agentTasksPath(slug);
      const r = await reorderTask(ctx.fs, file, { ref: opts.strings.get('task')!, before, after }, ctx.edit);
      if (r.from === r.to) ctx.io.stdout(`"${r.title}" is already there (task ${r.from} in ${file}); nothing changed.\n`);
      else ctx.io.stdout(`Moved "${r.title}" from position ${r.from} to ${r.to} in ${file}.${await recordCli(ctx, opts, teamEvents.taskReordered(CLI_ACTOR, slug, file, r.title, r.from, r.to))}\n`);
      return EXIT_OK;
    },
  },

  reassign: {
    synopsis: 'reassign --agent SLUG --task REF --to-agent SLUG [--team DIR]',
    summary: "Move a ready task to another agent's queue: written there first, then removed here, so it is never lost.",
    options: {
      agent: AGENT,
      task: TASK,
      'to-agent': { kind: 'string', required: true, value: 'SLUG', help: 'the agent that gets the task' },
      team: TEAM,
    },
    async run(opts, ctx) {
      const from = await agentSlug(ctx.fs, opts.strings.get('agent')!, '--agent');
      const to = await agentSlug(ctx.fs, opts.strings.get('to-agent')!, '--to-agent');
      if (from === to) throw new CortexInputError('--agent and --to-agent are the same agent.');
      const r = await reassignTask(ctx.fs, agentTasksPath(from), agentTasksPath(to), opts.strings.get('task')!, ctx.edit);
      const note = await recordCli(ctx, opts, teamEvents.taskReassigned(CLI_ACTOR, from, to, agentTasksPath(to), r.title, r.position));
      ctx.io.stdout(`Reassigned "${r.title}" from ${from} to ${to} (task ${r.position} in ${agentTasksPath(to)}).${note}\n`);
      return EXIT_OK;
    },
  },

  register: {
    synopsis: 'register --name NAME [--project PATH] [--role TEXT] [--capability TEXT]... [--parent SLUG] [--level 1|2|3] [--team DIR]',
    summary: "Register an agent: agents/<slug>/<slug>.md from the team's template (or the built-in one) and an empty tasks.md.",
    options: {
      name: { kind: 'string', required: true, value: 'NAME', help: 'display name; the slug is derived from it as the protocol says (lowercase, spaces to hyphens, every other character but a-z 0-9 - dropped, accented letters too: "José Dev" is jos-dev); an existing folder under an earlier spelling (jose-dev) is used instead of a second one' },
      project: { kind: 'string', value: 'PATH', help: "the agent's working folder (a relative path is made absolute; ~ is kept)" },
      role: { kind: 'string', value: 'TEXT', help: 'one line for ## Role' },
      capability: { kind: 'list', value: 'TEXT', help: 'one ## Capabilities bullet; repeat for more' },
      parent: { kind: 'string', value: 'SLUG', help: 'the agent that starts this one (a registered agent of level 1 or 2); the level follows from it' },
      level: { kind: 'string', value: '1|2|3', help: 'its level: 1 a top agent, 2 a sub-agent, 3 a support agent (with --parent, one below the parent\'s)' },
      team: TEAM,
    },
    async run(opts, ctx) {
      const level = opts.strings.get('level');
      if (level !== undefined && !/^\s*\d+\s*$/.test(level)) throw new CortexInputError(`--level should be 1, 2 or 3, not "${level}".`);
      let project = opts.strings.get('project');
      if (project !== undefined) {
        project = checkOneLine(project, 'project path (--project)', LIMITS.path);
        if (!project.startsWith('~')) project = path.resolve(ctx.io.cwd, project);
      }
      const joined = formatDate(wallMinutes(ctx.io.clock ? ctx.io.clock() : new Date()));
      const r = await registerAgent(ctx.fs, {
        name: opts.strings.get('name')!,
        project,
        role: opts.strings.get('role'),
        capabilities: opts.lists.get('capability') ?? [],
        joined,
        parent: opts.strings.get('parent')?.trim(),
        level: level === undefined ? undefined : Number(level),
      });
      const note = await recordCli(ctx, opts, teamEvents.agentRegistered(CLI_ACTOR, r.slug, r.notePath, opts.strings.get('name')!.trim()));
      ctx.io.stdout(
        `Registered "${opts.strings.get('name')!.trim()}" as ${r.slug}${r.otherSpelling ? ' (the existing folder under an earlier spelling of the name)' : ''}: ${r.notePath} (from the ${r.template} template), ${r.tasksPath}${r.createdTasks ? '' : ' (already there, left as it was)'}.${note}\n`,
      );
      return EXIT_OK;
    },
  },

  prune: {
    synopsis: 'prune [--days N] [--now YYYY-MM-DDTHH:MM] [--dry-run] [--commit] [--team DIR]',
    summary: 'Housekeeping: remove done tasks completed more than N days ago (default 7) and trim each Session Log to its latest entry.',
    options: {
      days: { kind: 'string', value: 'N', help: 'age in days after which done tasks go (default 7)' },
      now: NOW,
      'dry-run': { kind: 'flag', help: 'list what would go and write nothing' },
      commit: { kind: 'flag', help: `then commit what the cleanup changed (the pruned files and .cortex/activity.jsonl, nothing else): "${HOUSEKEEPING_MESSAGE}"` },
      team: TEAM,
    },
    async run(opts, ctx) {
      const daysText = opts.strings.get('days') ?? '7';
      if (!/^\d+$/.test(daysText)) throw new UsageError(`--days is a whole number of days, not "${daysText}"`);
      const now = nowOf(opts, ctx.io);
      const plan = await planPrune(ctx.fs, { days: Number(daysText), now });
      const dry = opts.flags.has('dry-run');
      const files = dry ? plan.files : await applyPrune(ctx.fs, plan, ctx.edit);
      if (files.length === 0) {
        ctx.io.stdout(`Nothing to prune (done tasks older than ${plan.days} days, old session log entries).\n`);
        return EXIT_OK;
      }
      const lines: string[] = [];
      for (const f of files) {
        const what =
          f.kind === 'tasks'
            ? `${f.items.length} done task${f.items.length === 1 ? '' : 's'} completed more than ${plan.days} days ago`
            : `${f.items.length} older session log entr${f.items.length === 1 ? 'y' : 'ies'}`;
        lines.push(`${f.path}: ${dry ? 'would remove' : 'removed'} ${what}`);
        for (const item of f.items) lines.push(`  - ${f.kind === 'tasks' ? item.label : `Last session: ${item.label}`} (line ${item.line})`);
      }
      if (dry) lines.push('Dry run: nothing was written.');
      else {
        const note = await recordCli(ctx, opts, teamEvents.pruned(CLI_ACTOR, files));
        if (note) lines.push(note.trim());
        // The housekeeping commit holds what the cleanup changed: the pruned files and the feed entry just written.
        if (opts.flags.has('commit')) lines.push(await commitPruned(ctx.teamDir, files.map((f) => f.path)));
      }
      ctx.io.stdout(lines.join('\n') + '\n');
      return EXIT_OK;
    },
  },

  lint: {
    synopsis: 'lint [--json] [--team DIR]',
    summary: 'Check the team files the way agents read them (and that every decision in WORKLOG.md has its row in the decision index); exit code 1 when there are errors.',
    options: { json: { kind: 'flag', help: 'print one JSON object' }, team: TEAM },
    async run(opts, ctx) {
      const team = await loadTeam(ctx.fs);
      // The communications protocol's rule: every decision in the WORKLOG decision index.
      const worklog = await readTextFile(ctx.fs, WORKLOG_FILE);
      const decisions = worklog === undefined ? [] : unindexedDecisions(parseWorklog(worklog));
      const diagnostics = [...ctx.configDiagnostics, ...team.diagnostics, ...decisions];
      const errors = diagnostics.filter((d) => d.severity === 'error').length;
      const warnings = diagnostics.filter((d) => d.severity === 'warning').length;
      if (opts.flags.has('json')) {
        ctx.io.stdout(JSON.stringify({ teamDir: ctx.teamDir, errors, warnings, diagnostics }, null, 2) + '\n');
      } else {
        const lines = diagnostics.map((d) => `${d.file}:${d.line}: ${d.severity}: ${d.message}`);
        lines.push(diagnostics.length === 0 ? 'No problems found.' : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}, ${diagnostics.length - errors - warnings} other.`);
        ctx.io.stdout(lines.join('\n') + '\n');
      }
      return errors > 0 ? EXIT_LINT : EXIT_OK;
    },
  },

  events: {
    synopsis: 'events [--json] [--team DIR]',
    summary: 'List the WORKLOG.md entries as events (type, actor, time, subject); with --json, the envelope of the communications protocol, one per entry.',
    options: { json: { kind: 'flag', help: 'print a JSON array of { event_id, event_type, session_id, actor, timestamp, subject, payload, links }' }, team: TEAM },
    async run(opts, ctx) {
      const loaded = await loadWorklogEvents(ctx.fs);
      for (const d of loaded.diagnostics) ctx.io.stderr(`${d.file}:${d.line}: ${d.severity}: ${d.message}\n`);
      if (opts.flags.has('json')) {
        ctx.io.stdout(JSON.stringify(loaded.events, null, 2) + '\n');
        return EXIT_OK;
      }
      ctx.io.stdout(eventsTable(loaded));
      return EXIT_OK;
    },
  },

  ...agentCommands(SHARED),
  ...runCommands(SHARED),
  protocol: protocolVerb(SHARED),
  leave: leaveVerb(SHARED),
  upgrade: upgradeVerb(SHARED),
};

function usage(): string {
  const width = Math.max(...Object.keys(commands).map((c) => c.length));
  return [
    'Usage: cortex-team <command> [options]',
    '',
    'A command line for a Cortex agent-team folder (agents/<slug>/tasks.md in the Shuttle format).',
    '',
    'Commands:',
    ...Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`),
    '',
    'Run "cortex-team <command> --help" for its options.',
    'Exit codes: 0 done; 1 lint found errors; 2 bad usage or input (nothing written); 3 an unresolved conflict (nothing written);',
    '4 written but not confirmed (another program undid it or wrote at the same moment; see the message); 5 the file system refused (nothing written).',
    'Writes wait CORTEX_TEAM_SETTLE_MS (default 1000) ms after writing, to put the change back if an agent\'s stale write removes it',
    '(the mcp server answers at once and watches that long in the background).',
    '',
  ].join('\n');
}

function commandHelp(c: Command): string {
  const options = describeOptions({ ...c.options, help: { kind: 'flag', help: 'show this help' } });
  return [`Usage: cortex-team ${c.synopsis}`, '', c.summary, '', 'Options:', options, ''].join('\n');
}

/** Runs one command line; resolves to the exit code. */
export async function run(argv: readonly string[], rawIo: CliIo): Promise<number> {
  // Nothing from a file or an argument reaches the terminal as a raw control code.
  const io: CliIo = { ...rawIo, stdout: (text) => rawIo.stdout(visible(text, 0, true)), stderr: (text) => rawIo.stderr(visible(text, 0, true)) };
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    if (name === undefined) {
      io.stderr(`cortex-team: missing command; the commands are ${Object.keys(commands).join(', ')} (cortex-team --help).\n`);
      return EXIT_USAGE;
    }
    io.stdout(usage());
    return EXIT_OK;
  }
  if (name === '--version') {
    io.stdout('cortex-team 0.1.0\n');
    return EXIT_OK;
  }
  let command = commands[name];
  if (!command) {
    io.stderr(`cortex-team: unknown command "${name}"; the commands are ${Object.keys(commands).join(', ')} (cortex-team --help).\n`);
    return EXIT_USAGE;
  }
  // `message send`: the verb under the command, and the name messages use.
  let args = rest;
  let label = name;
  if (command.subcommands) {
    const picked = pickSubcommand(name, command.subcommands, rest, io);
    if (typeof picked === 'number') return picked;
    [command, args, label] = [picked.command, rest.slice(1), `${name} ${rest[0]}`];
  }
  try {
    const opts = parseOptions(args, command.options, command.positionals ?? 0);
    if (opts.help) {
      io.stdout(commandHelp(command));
      return EXIT_OK;
    }
    const config = await loadCliConfig(io);
    const team = resolveTeamDir(opts.strings.get('team'), io, config);
    await checkTeamDir(team);
    const ctx: Context = {
      io,
      fs: new NodeTeamFs(team.dir),
      teamDir: team.dir,
      heartbeatMinutes: config.config.heartbeatMinutes,
      configDiagnostics: config.diagnostics,
      edit: editOptions(io.env),
    };
    return await command.run(opts, ctx);
  } catch (e) {
    const code = report(e, label, io);
    return command.failExit ?? code;
  }
}

/** The verb under `name` that `rest[0]` names, or the exit code after saying why there is none. */
function pickSubcommand(name: string, subs: Readonly<Record<string, Command>>, rest: readonly string[], io: CliIo): { command: Command } | number {
  const sub = rest[0];
  const names = Object.keys(subs).join(', ');
  if (sub === '--help' || sub === '-h') {
    io.stdout([`Usage: cortex-team ${name} <${Object.keys(subs).join('|')}> [options]`, '', ...Object.entries(subs).map(([n, c]) => `  ${n}  ${c.summary}`), '', `Run "cortex-team ${name} <verb> --help" for its options.`, ''].join('\n'));
    return EXIT_OK;
  }
  if (sub === undefined || !subs[sub]) {
    const missing = sub === undefined || sub.startsWith('-');
    io.stderr(`cortex-team ${name}: ${missing ? 'missing verb' : `unknown verb "${sub}"`}; the verbs are ${names} (cortex-team ${name} --help).\n`);
    return EXIT_USAGE;
  }
  return { command: subs[sub] };
}

function oneLine(message: string): string {
  return message.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

/** The exit code of each kind of failure (see `failureKind`). */
const EXIT_OF: Record<FailureKind, number> = { input: EXIT_USAGE, conflict: EXIT_CONFLICT, unconfirmed: EXIT_UNCONFIRMED, file: EXIT_FILE, other: EXIT_USAGE };

function report(e: unknown, name: string, io: CliIo): number {
  if (e instanceof UsageError) {
    io.stderr(`cortex-team ${name}: ${oneLine(e.message)} (cortex-team ${name} --help)\n`);
    return EXIT_USAGE;
  }
  const failure = describeFailure(e);
  io.stderr(`cortex-team ${name}: ${oneLine(failure.message)}\n`);
  return EXIT_OF[failure.kind];
}

/** `prune --commit`: the pruned files alone, committed with the protocol's message; a line saying what happened. */
async function commitPruned(teamDir: string, paths: readonly string[]): Promise<string> {
  const repo = await findTeamRepo(teamDir);
  if (!repo) return 'Not committed: the team folder is not in a git repository.';
  if (operationInProgress(repo)) return 'Not committed: the repository is in the middle of a rebase or merge; commit the pruned files when it is finished.';
  const r = await commitFiles(repo, await housekeepingPaths(repo, paths), HOUSEKEEPING_MESSAGE);
  return r.commit ? `Committed ${r.commit.slice(0, 7)} "${HOUSEKEEPING_MESSAGE}".` : 'Not committed: git sees no change in the pruned files.';
}
