/**
 * The Team view's message protocol: the one module both sides import (the extension
 * host and the webview). No `vscode` import, no DOM: plain types and validators.
 *
 * Webview → host: commands, carrying ids only (agent slug, task index, project slug),
 * never file paths or command names. The first is `ready`; the host posts nothing
 * before it. Host → webview: notifications, a full state snapshot with a version.
 * Every message is validated on arrival; whatever fails is dropped (and logged).
 */

import type { TeamSummary } from '../../../core/team/liveness';
import { LIVENESS_VALUES, Liveness } from '../../shared/common/liveness';
import { NeedsYouRow, needsYouRow } from './needs-you';
import { Check, Checked, Infer, MessageOf, arrayOf, bool, checkMessage, int, nullable, num, object, oneOf, shortStr, slug, str } from '../../shared/common/validate';

export const PROTOCOL_VERSION = 1;

// ---- the state the host sends, declared once: each type is what its check accepts ----

export type { Liveness, NeedsYouRow };

export const TERMINAL_STATES = ['none', 'starting', 'running', 'exited', 'closed', 'ended'] as const;
export const TURN_VIEW_STATES = ['starting', 'working', 'needs-input', 'turn-finished', 'ended'] as const;
export const ACTIVITY_KINDS = ['prompt', 'reply', 'tool', 'edit', 'command', 'question'] as const;
export const BUDGET_LEVELS = ['ok', 'warning', 'exceeded'] as const;

const taskRef = object({
  /** Index into the agent's tasks, in file order: what `openTask` sends back. */
  index: int,
  title: str,
});
export type TaskRef = Infer<typeof taskRef>;

const runningTask = object({
  index: int,
  title: str,
  /** Minutes since `**Started:**`; `null` when there is no readable start. */
  runningMinutes: nullable(num),
});
export type RunningTask = Infer<typeof runningTask>;

const usageView = object({
  tokensToday: num,
  costToday: num,
  /** Some of today's tokens are of a model without a price. */
  unpricedToday: bool,
  /** The task in progress (since its Started): tokens and cost; `null` without one. */
  task: nullable(object({ title: str, tokens: num, cost: num })),
  /** The daily budget in USD, `null` for none; where today's cost stands against it. */
  budget: nullable(num),
  level: oneOf(BUDGET_LEVELS),
});
export type UsageView = Infer<typeof usageView>;

const agentRunView = object({
  /** "Claude Code · claude --model sonnet"; `null` without a launch profile (Start asks for one). */
  profile: nullable(str),
  /** How Start runs it (its launch profile's channel; a terminal when it has none yet). */
  channel: oneOf(['terminal', 'acp']),
  /** The terminal started here: none, starting, running, exited (the agent's command ended; its shell is open), closed, ended (it did not come back after a window reload). */
  terminal: oneOf(TERMINAL_STATES),
  /** It runs here as an ACP session (no terminal): Open Session instead of Show Terminal. */
  session: bool,
  exitCode: nullable(num),
  /** Why it did not run, in words (its CLI was not found), when that is known. */
  problem: nullable(str),
  /** Found again after a window reload. */
  reconnected: bool,
  /** What the agent's CLI reported last (for an agent started here: since its start). */
  turn: nullable(oneOf(TURN_VIEW_STATES)),
  /** Minutes since that report (`null` when unknown). */
  turnMinutes: nullable(num),
  /** What it asks (needs input), or the start of its last answer. */
  message: nullable(str),
  /** The heartbeat driver for this agent: `null` when it is not running here. */
  heartbeat: nullable(object({ on: bool, note: str })),
  /** The latest actions from its session log, newest last. */
  activity: arrayOf(object({ kind: oneOf(ACTIVITY_KINDS), text: str })),
  /** Tokens and estimated cost from its session logs (`null`: no log found). */
  usage: nullable(usageView),
});
export type AgentRunView = Infer<typeof agentRunView>;

const shuttleView = object({
  done: int,
  total: int,
  /** The runner's task in progress, else its next ready one. */
  current: nullable(object({ title: str, status: oneOf(['in-progress', 'ready']) })),
  /** Minutes since the runner's own last tick (`<!-- shuttle:last-tick … -->`); `null` without a readable one. */
  tickAgeMinutes: nullable(num),
  /** The runner has work left and has not ticked within the stale threshold (its own heartbeat, not the agent's). */
  quiet: bool,
  /** Every runner item is done but the agent's wrapper task is still open (the protocol completes it then); `null` otherwise. */
  wrapperOpen: nullable(object({ title: str, status: oneOf(['in-progress', 'ready']) })),
});
export type ShuttleView = Infer<typeof shuttleView>;

const agentView = object({
  slug,
  name: str,
  role: nullable(str),
  /** The chief of staff, who dispatches work. */
  coordinator: bool,
  liveness: oneOf(LIVENESS_VALUES),
  /** Minutes since the last tick (negative: in the future); `null` without a readable tick. */
  tickAgeMinutes: nullable(num),
  current: nullable(runningTask),
  readyCount: int,
  next: nullable(taskRef),
  doneCount: int,
  /** `Status:` of the latest Session Log entry. */
  sessionStatus: nullable(str),
  lastSession: nullable(str),
  /** `joined:` from the note (YYYY-MM-DD as written). */
  joined: nullable(str),
  projects: arrayOf(str),
  /** `## Capabilities` from the note, in its order. */
  capabilities: arrayOf(str),
  /** The note's tool rules in words ("only Read, Grep · never Bash"; see core/agents/tool-rules.ts), `null` without any. */
  tools: nullable(str),
  /** Slug of the agent that started this one, when the note names one. */
  parent: nullable(str),
  /** `level:` from the note when it is 1, 2 or 3. */
  level: nullable(int),
  /** The external task runner's progress in the agent's project folder (`.shuttle.md`), read only. */
  shuttle: nullable(shuttleView),
  hasNote: bool,
  /** Problems (errors and warnings) found in this agent's files. */
  problems: int,
  /** The agent as the dashboard runs it: its launch profile, terminal, turn state, activity and cost (`null`: not shown). */
  run: nullable(agentRunView),
});
export type AgentView = Infer<typeof agentView>;

const projectView = object({
  slug,
  status: nullable(str),
  nextAction: nullable(str),
  /** The `## Notes` lines, list markers dropped (empty: none). */
  notes: arrayOf(str),
  agents: arrayOf(object({ slug, name: str })),
});
export type ProjectView = Infer<typeof projectView>;

/** The status bar's counts (`core/team/liveness.ts`'s `TeamSummary`), shown in the header; `Check<TeamSummary>` holds the check to the core's type both ways. */
const summaryView: Check<TeamSummary> = object({ agents: int, alive: int, idle: int, waiting: int, down: int, inactive: int, ready: int, inProgress: int });
export type TeamSummaryView = TeamSummary;

/** An agent of the Cortex plugin's older format (flat `agents/<slug>.md`), read as it is: shown, never written. */
const olderAgentView = object({
  /** The note's file name without `.md`, as written (shown, never sent back: not held to the slug rule). */
  slug: str,
  name: str,
  /** The same rule as the other rows, on its `last-heartbeat:`. */
  liveness: oneOf(LIVENESS_VALUES),
  tickAgeMinutes: nullable(num),
  /** Its open tasks in its projects' `## Work Queue`. */
  readyCount: int,
  inProgressCount: int,
});
export type OlderAgentView = Infer<typeof olderAgentView>;

/** The older format found in the team folder (`null`: none): its agents, or why it cannot be read as it is. */
const olderFormatView = object({
  agents: arrayOf(olderAgentView),
  /** Why the folder cannot be read as it is (the upgrade's own reason), else `null`. */
  problem: nullable(str),
});
export type OlderFormatView = Infer<typeof olderFormatView>;

export const VIEW_STATUSES = ['loading', 'noTeam', 'ready'] as const;
export type ViewStatus = (typeof VIEW_STATUSES)[number];

const teamViewState = object({
  status: oneOf(VIEW_STATUSES),
  /** Folder name and where it is, for the header. */
  team: nullable(object({ name: str, path: str, source: str })),
  /** Why no team is shown (e.g. the setting points nowhere). */
  message: nullable(str),
  /** More than one team folder could be shown: offer "Select Team Folder". */
  multipleTeams: bool,
  /** A "Register Agent" command exists. */
  canRegisterAgent: bool,
  /** The workspace is trusted (writes allowed). */
  trusted: bool,
  staleAfterMinutes: num,
  summary: summaryView,
  agents: arrayOf(agentView),
  projects: arrayOf(projectView),
  /** Errors and warnings in the whole team folder. */
  problems: int,
  /** What every agent waits for the person to answer, oldest first (the Needs you list). */
  needsYou: arrayOf(needsYouRow),
  /** Agents in the Cortex plugin's older format, read-only, with the one-step upgrade offered (`null`: none). */
  older: nullable(olderFormatView),
});
export type TeamViewState = Infer<typeof teamViewState>;

// ---- messages --------------------------------------------------------------------

export type { Checked };

/** Host → webview. */
const hostMessages = {
  state: object({ type: oneOf(['state']), version: int, state: teamViewState }),
};
export type HostMessage = MessageOf<typeof hostMessages>;

/** Webview → host: ids only (agent slug, task index, project slug). */
const webviewMessages = {
  ready: object({ type: oneOf(['ready']), protocol: int }),
  openAgent: object({ type: oneOf(['openAgent']), agent: slug }),
  openTasksFile: object({ type: oneOf(['openTasksFile']), agent: slug }),
  openTask: object({ type: oneOf(['openTask']), agent: slug, task: int }),
  openProject: object({ type: oneOf(['openProject']), project: slug }),
  selectTeamFolder: object({ type: oneOf(['selectTeamFolder']) }),
  createTeamFolder: object({ type: oneOf(['createTeamFolder']) }),
  registerAgent: object({ type: oneOf(['registerAgent']) }),
  newProject: object({ type: oneOf(['newProject']) }),
  dispatchTask: object({ type: oneOf(['dispatchTask']), agent: slug }),
  refresh: object({ type: oneOf(['refresh']) }),
  showProblems: object({ type: oneOf(['showProblems']) }),
  startAgent: object({ type: oneOf(['startAgent']), agent: slug }),
  stopAgent: object({ type: oneOf(['stopAgent']), agent: slug }),
  restartAgent: object({ type: oneOf(['restartAgent']), agent: slug }),
  showAgentTerminal: object({ type: oneOf(['showAgentTerminal']), agent: slug }),
  openTranscript: object({ type: oneOf(['openTranscript']), agent: slug }),
  /** Answers a Needs you request with one of the options it offers. */
  answerRequest: object({ type: oneOf(['answerRequest']), item: shortStr(500), option: shortStr(500) }),
  openSession: object({ type: oneOf(['openSession']), agent: slug }),
  /** Runs "Upgrade Team Format…" (its review comes first; the view writes nothing). */
  upgradeTeamFormat: object({ type: oneOf(['upgradeTeamFormat']) }),
};
export type WebviewMessage = MessageOf<typeof webviewMessages>;
export type WebviewMessageType = WebviewMessage['type'];

/** Checks a message the host received from the webview. */
export function checkWebviewMessage(data: unknown): Checked<WebviewMessage> {
  return checkMessage(data, webviewMessages);
}

/** Checks a message the webview received from the host. */
export function checkHostMessage(data: unknown): Checked<HostMessage> {
  return checkMessage(data, hostMessages);
}

/** Checks a state on its own (the host runs it before posting, in tests). */
export function checkTeamViewState(data: unknown): string | null {
  return teamViewState(data, 'state');
}
