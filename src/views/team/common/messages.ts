/**
 * The Team view's message protocol: the one module both sides import (the extension
 * host and the webview). No `vscode` import, no DOM: plain types and validators.
 *
 * Webview → host: commands, carrying ids only (agent slug, task index, project slug),
 * never file paths or command names. The first is `ready`; the host posts nothing
 * before it. Host → webview: notifications, a full state snapshot with a version.
 * Every message is validated on arrival; whatever fails is dropped (and logged).
 */

import type { TeamSummary } from '../../../core/liveness';
import { LIVENESS_VALUES, Liveness } from '../../shared/common/liveness';
import { NeedsYouRow, needsYouRow } from './needs-you';
import { Check, Checked, arrayOf, bool, checkMessage, int, nullable, num, object, oneOf, shortStr, slug, str } from '../../shared/common/validate';

export const PROTOCOL_VERSION = 1;

// ---- the state the host sends ----------------------------------------------------

export type { Liveness, NeedsYouRow };

export interface TaskRef {
  /** Index into the agent's tasks, in file order: what `openTask` sends back. */
  readonly index: number;
  readonly title: string;
}

export interface RunningTask extends TaskRef {
  /** Minutes since `**Started:**`; `null` when there is no readable start. */
  readonly runningMinutes: number | null;
}

export interface AgentView {
  readonly slug: string;
  readonly name: string;
  readonly role: string | null;
  /** The chief of staff, who dispatches work. */
  readonly coordinator: boolean;
  readonly liveness: Liveness;
  /** Minutes since the last tick (negative: in the future); `null` without a readable tick. */
  readonly tickAgeMinutes: number | null;
  readonly current: RunningTask | null;
  readonly readyCount: number;
  readonly next: TaskRef | null;
  readonly doneCount: number;
  /** `Status:` of the latest Session Log entry. */
  readonly sessionStatus: string | null;
  readonly lastSession: string | null;
  /** `joined:` from the note (YYYY-MM-DD as written). */
  readonly joined: string | null;
  readonly projects: readonly string[];
  /** `## Capabilities` from the note, in its order. */
  readonly capabilities: readonly string[];
  /** The note's tool rules in words ("only Read, Grep · never Bash"; see core/agents/tool-rules.ts), `null` without any. */
  readonly tools: string | null;
  /** Slug of the agent that started this one, when the note names one. */
  readonly parent: string | null;
  /** `level:` from the note when it is 1, 2 or 3. */
  readonly level: number | null;
  /** The external task runner's progress in the agent's project folder (`.shuttle.md`), read only. */
  readonly shuttle: ShuttleView | null;
  readonly hasNote: boolean;
  /** Problems (errors and warnings) found in this agent's files. */
  readonly problems: number;
  /** The agent as the dashboard runs it: its launch profile, terminal, turn state, activity and cost (`null`: not shown). */
  readonly run: AgentRunView | null;
}

export const TERMINAL_STATES = ['none', 'starting', 'running', 'exited', 'closed', 'ended'] as const;
export const TURN_VIEW_STATES = ['starting', 'working', 'needs-input', 'turn-finished', 'ended'] as const;
export const ACTIVITY_KINDS = ['prompt', 'reply', 'tool', 'edit', 'command', 'question'] as const;
export const BUDGET_LEVELS = ['ok', 'warning', 'exceeded'] as const;

export interface AgentRunView {
  /** "Claude Code · claude --model sonnet"; `null` without a launch profile (Start asks for one). */
  readonly profile: string | null;
  /** How Start runs it (its launch profile's channel; a terminal when it has none yet). */
  readonly channel: 'terminal' | 'acp';
  /** The terminal started here: none, starting, running, exited (the agent's command ended; its shell is open), closed, ended (it did not come back after a window reload). */
  readonly terminal: (typeof TERMINAL_STATES)[number];
  /** It runs here as an ACP session (no terminal): Open Session instead of Show Terminal. */
  readonly session: boolean;
  readonly exitCode: number | null;
  /** Why it did not run, in words (its CLI was not found), when that is known. */
  readonly problem: string | null;
  /** Found again after a window reload. */
  readonly reconnected: boolean;
  /** What the agent's CLI reported last (for an agent started here: since its start). */
  readonly turn: (typeof TURN_VIEW_STATES)[number] | null;
  /** Minutes since that report (`null` when unknown). */
  readonly turnMinutes: number | null;
  /** What it asks (needs input), or the start of its last answer. */
  readonly message: string | null;
  /** The heartbeat driver for this agent: `null` when it is not running here. */
  readonly heartbeat: { readonly on: boolean; readonly note: string } | null;
  /** The latest actions from its session log, newest last. */
  readonly activity: ReadonlyArray<{ readonly kind: (typeof ACTIVITY_KINDS)[number]; readonly text: string }>;
  /** Tokens and estimated cost from its session logs (`null`: no log found). */
  readonly usage: UsageView | null;
}

export interface UsageView {
  readonly tokensToday: number;
  readonly costToday: number;
  /** Some of today's tokens are of a model without a price. */
  readonly unpricedToday: boolean;
  /** The task in progress (since its Started): tokens and cost; `null` without one. */
  readonly task: { readonly title: string; readonly tokens: number; readonly cost: number } | null;
  /** The daily budget in USD, `null` for none; where today's cost stands against it. */
  readonly budget: number | null;
  readonly level: (typeof BUDGET_LEVELS)[number];
}

export interface ShuttleView {
  readonly done: number;
  readonly total: number;
  /** The runner's task in progress, else its next ready one. */
  readonly current: { readonly title: string; readonly status: 'in-progress' | 'ready' } | null;
  /** Minutes since the runner's own last tick (`<!-- shuttle:last-tick … -->`); `null` without a readable one. */
  readonly tickAgeMinutes: number | null;
  /** The runner has work left and has not ticked within the stale threshold (its own heartbeat, not the agent's). */
  readonly quiet: boolean;
  /** Every runner item is done but the agent's wrapper task is still open (the protocol completes it then); `null` otherwise. */
  readonly wrapperOpen: { readonly title: string; readonly status: 'ready' | 'in-progress' } | null;
}

export interface ProjectView {
  readonly slug: string;
  readonly status: string | null;
  readonly nextAction: string | null;
  /** The `## Notes` lines, list markers dropped (empty: none). */
  readonly notes: readonly string[];
  readonly agents: ReadonlyArray<{ readonly slug: string; readonly name: string }>;
}

/** The status bar's counts (`core/liveness.ts`'s `TeamSummary`), shown in the header. */
export type TeamSummaryView = TeamSummary;

export type ViewStatus = 'loading' | 'noTeam' | 'ready';

export interface TeamViewState {
  readonly status: ViewStatus;
  /** Folder name and where it is, for the header. */
  readonly team: { readonly name: string; readonly path: string; readonly source: string } | null;
  /** Why no team is shown (e.g. the setting points nowhere). */
  readonly message: string | null;
  /** More than one team folder could be shown: offer "Select Team Folder". */
  readonly multipleTeams: boolean;
  /** A "Register Agent" command exists. */
  readonly canRegisterAgent: boolean;
  /** The workspace is trusted (writes allowed). */
  readonly trusted: boolean;
  readonly staleAfterMinutes: number;
  readonly summary: TeamSummaryView;
  readonly agents: readonly AgentView[];
  readonly projects: readonly ProjectView[];
  /** Errors and warnings in the whole team folder. */
  readonly problems: number;
  /** What every agent waits for the person to answer, oldest first (the Needs you list). */
  readonly needsYou: readonly NeedsYouRow[];
}

// ---- messages --------------------------------------------------------------------

/** Host → webview. */
export type HostMessage = { readonly type: 'state'; readonly version: number; readonly state: TeamViewState };

/** Webview → host. */
export type WebviewMessage =
  | { readonly type: 'ready'; readonly protocol: number }
  | { readonly type: 'openAgent'; readonly agent: string }
  | { readonly type: 'openTasksFile'; readonly agent: string }
  | { readonly type: 'openTask'; readonly agent: string; readonly task: number }
  | { readonly type: 'openProject'; readonly project: string }
  | { readonly type: 'selectTeamFolder' }
  | { readonly type: 'createTeamFolder' }
  | { readonly type: 'registerAgent' }
  | { readonly type: 'newProject' }
  | { readonly type: 'dispatchTask'; readonly agent: string }
  | { readonly type: 'refresh' }
  | { readonly type: 'showProblems' }
  | { readonly type: 'startAgent'; readonly agent: string }
  | { readonly type: 'stopAgent'; readonly agent: string }
  | { readonly type: 'restartAgent'; readonly agent: string }
  | { readonly type: 'showAgentTerminal'; readonly agent: string }
  | { readonly type: 'openTranscript'; readonly agent: string }
  /** Answers a Needs you request with one of the options it offers. */
  | { readonly type: 'answerRequest'; readonly item: string; readonly option: string }
  | { readonly type: 'openSession'; readonly agent: string };

export type WebviewMessageType = WebviewMessage['type'];

// ---- validation ------------------------------------------------------------------

// The combinators (str, object, arrayOf, …) and checkMessage are shared with the
// board's protocol: src/views/shared/validate.ts.
export type { Checked };

const taskRef = object({ index: int, title: str });
const agentView = object({
  slug,
  name: str,
  role: nullable(str),
  coordinator: bool,
  liveness: oneOf(LIVENESS_VALUES),
  tickAgeMinutes: nullable(num),
  current: nullable(object({ index: int, title: str, runningMinutes: nullable(num) })),
  readyCount: int,
  next: nullable(taskRef),
  doneCount: int,
  sessionStatus: nullable(str),
  lastSession: nullable(str),
  joined: nullable(str),
  projects: arrayOf(str),
  capabilities: arrayOf(str),
  tools: nullable(str),
  parent: nullable(str),
  level: nullable(int),
  shuttle: nullable(
    object({
      done: int,
      total: int,
      current: nullable(object({ title: str, status: oneOf(['in-progress', 'ready']) })),
      tickAgeMinutes: nullable(num),
      quiet: bool,
      wrapperOpen: nullable(object({ title: str, status: oneOf(['in-progress', 'ready']) })),
    }),
  ),
  hasNote: bool,
  problems: int,
  run: nullable(
    object({
      profile: nullable(str),
      channel: oneOf(['terminal', 'acp']),
      terminal: oneOf(TERMINAL_STATES),
      session: bool,
      exitCode: nullable(num),
      problem: nullable(str),
      reconnected: bool,
      turn: nullable(oneOf(TURN_VIEW_STATES)),
      turnMinutes: nullable(num),
      message: nullable(str),
      heartbeat: nullable(object({ on: bool, note: str })),
      activity: arrayOf(object({ kind: oneOf(ACTIVITY_KINDS), text: str })),
      usage: nullable(
        object({
          tokensToday: num,
          costToday: num,
          unpricedToday: bool,
          task: nullable(object({ title: str, tokens: num, cost: num })),
          budget: nullable(num),
          level: oneOf(BUDGET_LEVELS),
        }),
      ),
    }),
  ),
});
const projectView = object({
  slug,
  status: nullable(str),
  nextAction: nullable(str),
  notes: arrayOf(str),
  agents: arrayOf(object({ slug, name: str })),
});
const summaryView = object({ agents: int, alive: int, idle: int, waiting: int, down: int, inactive: int, ready: int, inProgress: int });
const teamViewState = object({
  status: oneOf(['loading', 'noTeam', 'ready']),
  team: nullable(object({ name: str, path: str, source: str })),
  message: nullable(str),
  multipleTeams: bool,
  canRegisterAgent: bool,
  trusted: bool,
  staleAfterMinutes: num,
  summary: summaryView,
  agents: arrayOf(agentView),
  projects: arrayOf(projectView),
  problems: int,
  needsYou: arrayOf(needsYouRow),
});

const hostMessages: Readonly<Record<HostMessage['type'], Check>> = {
  state: object({ type: str, version: int, state: teamViewState }),
};

const webviewMessages: Readonly<Record<WebviewMessageType, Check>> = {
  ready: object({ type: str, protocol: int }),
  openAgent: object({ type: str, agent: slug }),
  openTasksFile: object({ type: str, agent: slug }),
  openTask: object({ type: str, agent: slug, task: int }),
  openProject: object({ type: str, project: slug }),
  selectTeamFolder: object({ type: str }),
  createTeamFolder: object({ type: str }),
  registerAgent: object({ type: str }),
  newProject: object({ type: str }),
  dispatchTask: object({ type: str, agent: slug }),
  refresh: object({ type: str }),
  showProblems: object({ type: str }),
  startAgent: object({ type: str, agent: slug }),
  stopAgent: object({ type: str, agent: slug }),
  restartAgent: object({ type: str, agent: slug }),
  showAgentTerminal: object({ type: str, agent: slug }),
  openTranscript: object({ type: str, agent: slug }),
  answerRequest: object({ type: str, item: shortStr(500), option: shortStr(500) }),
  openSession: object({ type: str, agent: slug }),
};

/** Checks a message the host received from the webview. */
export function checkWebviewMessage(data: unknown): Checked<WebviewMessage> {
  return checkMessage<WebviewMessage>(data, webviewMessages);
}

/** Checks a message the webview received from the host. */
export function checkHostMessage(data: unknown): Checked<HostMessage> {
  return checkMessage<HostMessage>(data, hostMessages);
}

/** Checks a state on its own (the host runs it before posting, in tests). */
export function checkTeamViewState(data: unknown): string | null {
  return teamViewState(data, 'state');
}
