import * as vscode from 'vscode';
import { instantOfWall, parseStamp } from '../base/time';
import { AgentTerminals } from '../extension/agents/agent-terminals';
import { SyncBarState } from '../extension/repo/sync-status-bar';
import { PromptAnswers, ShownMessage, ShownStep } from '../extension/ui/prompts';
import { ReportCommands } from '../extension/reports/report-commands';
import { CortexMcpServerProvider } from '../extension/mcp/mcp-server-provider';
import { SearchTeam } from '../extension/commands/search-team';
import { ReviewDiffs } from '../extension/review/review-diffs';
import { ReviewStatusBar } from '../extension/review/review-status-bar';
import { TaskChangesService } from '../extension/review/task-changes-service';
import { UndoHistory } from '../extension/tasks/undo-history';
import { TaskService } from '../extension/tasks/task-service';
import { LocateResult } from '../extension/team/team-locator';
import { TeamStore } from '../extension/team/team-store';
import { BoardPanel } from '../views/board/board-panel';
import { InsightsPanel } from '../views/insights/insights-panel';
import { SessionPanels } from '../views/session/session-panels';
import { TeamViewState } from '../views/team/common/messages';
import { ThreadsViews } from '../views/threads/registration';
import { ThreadCommands } from '../extension/commands/thread-commands';
import { WorklogPanel } from '../views/worklog/worklog-panel';
import { CortexController } from './controller';

/**
 * What `activate()` returns in development and test runs (never in an installed
 * VSIX): enough for the integration suite to watch the store and the view, answer
 * prompts, and play Restricted Mode (code-server here runs with trust disabled).
 */
export interface CortexTestApi {
  /** The live model: `team`, `location`, `onDidChange`, `whenIdle()`. */
  readonly store: TeamStore;
  /** How many of the extension's writes its journal still watches (not yet confirmed). */
  pendingWrites(): number;
  /** Stops the journal watching the writes made so far (call before rewriting fixture files). */
  forgetPendingWrites(): void;
  /** What the journal did since the extension started: writes confirmed, re-applied, given up. */
  journalCounts(): { readonly confirmed: number; readonly reapplied: number; readonly gaveUp: number };
  /** Finds the team folder again (as a settings change would). */
  locate(): Promise<void>;
  /** What the Team view shows now, whether or not the view is open. */
  viewState(): TeamViewState;
  readonly view: {
    /** The state last posted to the webview; `undefined` before the page said ready. */
    readonly lastPostedState: TeamViewState | undefined;
    readonly isReady: boolean;
    readonly onDidPostState: vscode.Event<TeamViewState>;
    readonly onDidBecomeReady: vscode.Event<void>;
    /** Hands a message to the host as if the webview had sent it (validated the same way). */
    receive(data: unknown): void;
  };
  /** Answers prompts from now on (`undefined`: real dialogs again). */
  setPromptAnswers(answers: PromptAnswers | undefined): void;
  /** Messages shown while answers were set. */
  readonly shownMessages: readonly ShownMessage[];
  /** How many "waiting" notifications are up now (see `Prompts.waiting`). */
  readonly waitingNotices: number;
  clearShownMessages(): void;
  /** QuickInput steps answered while answers were set (titles, step numbers, what was typed and what the check said). */
  readonly shownSteps: readonly ShownStep[];
  /** Pretends the workspace is (un)trusted; `undefined`: the real state. */
  setTrusted(trusted: boolean | undefined): void;
  /**
   * Sets the clock every "now" of the extension reads (liveness, reports, stamps it
   * writes). `undefined`: the run's clock again, which is `$CORTEX_TEST_NOW` (a local
   * `YYYY-MM-DDTHH:MM`, standing still) when the runner set it, else the real time.
   */
  setNow(source: (() => Date) | undefined): void;
  /** What the extension's clock reads now. */
  now(): Date;
  /** The task board panel: open it, hand it messages as its page would (`receiveMessage`), watch what it posts. */
  readonly board: BoardTestApi;
  /** The Team Insights panel: open it, read what it computes (`currentState`) and posts. */
  readonly insights: InsightsPanel;
  /** The log channel's name, for reading what was dropped. */
  readonly logName: string;
  /** The Threads views: their store (files, records, checks), the panel, the state the views show. */
  readonly threads: ThreadsViews;
  /** Start Thread, Add Agent to Thread, Cancel Thread (each returns what it wrote, `undefined`: nothing). */
  readonly threadCommands: ThreadCommands;
  /** The sync status bar item: refresh it now, and what it shows. */
  readonly sync: {
    refresh(): Promise<void>;
    readonly state: SyncBarState;
    readonly shown: { readonly text: string; readonly tooltip: string; readonly visible: boolean };
  };
  /** What the last locate found: the team, every candidate with its source, config.yaml. */
  readonly locateResult: LocateResult | undefined;
  /** The team status bar item as shown now. */
  readonly statusBar: { readonly text: string; readonly visible: boolean };
  /** The context keys set last (`cortex.multipleTeams`, `cortex.teamState`). */
  contextKey(key: string): unknown;
  /** Daily Briefing and Review: `open(kind)`, `records` (last review, offers per team), `scheduler.check()`. */
  readonly reports: ReportCommands;
  /**
   * Running agents: the runner (start, stop, restart, focus; its terminals and turn
   * states), the heartbeat driver (`check()`, `sent`, `decisionOf`), what the rows show
   * (`runs.factsOf`), the commands. `newTerminals()` builds a second terminal service
   * on this window's saved state, as the next window after a reload does (dispose it).
   */
  readonly agents: CortexController['agents'] & { newTerminals(saved?: Record<string, unknown>): AgentTerminals };
  /** The stable launcher's path, which the MCP wiring and the state hooks run (`undefined` without a storage folder on this disk). */
  readonly cliLauncher: string | undefined;
  /** VS Code's MCP server definition provider: what it serves now, and its change event (`undefined` where the editor lacks the API). */
  readonly mcpServer: Pick<CortexMcpServerProvider, 'definition' | 'onDidChangeMcpServerDefinitions'> | undefined;
  /** The Worklog panel (timeline, mailbox, activity feed): open it, hand it messages as its page would, watch what it posts. */
  readonly worklog: Pick<WorklogPanel, 'open' | 'isReady' | 'lastPostedState' | 'onDidPostState' | 'receiveMessage'>;
  /** The ACP agents' session views (one panel per agent): open one, find the open one. The sessions themselves: `agents.sessions`. */
  readonly sessionViews: Pick<SessionPanels, 'open' | 'of'>;
  /** Reviewing work: each task's git changes, the review diffs opened, the undo history, the to-review item, Search Team. */
  readonly review: {
    readonly changes: TaskChangesService;
    readonly diffs: ReviewDiffs;
    readonly undo: UndoHistory;
    readonly statusBar: ReviewStatusBar;
    readonly search: SearchTeam;
  };
}

/** The board as the suite drives it; `writer.followUp` is what a refused drop went on to do (the task service's "Dispatch again" offer). */
export type BoardTestApi = Pick<BoardPanel, 'isOpen' | 'isReady' | 'lastSnapshot' | 'onDidPostState' | 'onDidFinishOperation' | 'onDidPostMessage' | 'onDidBecomeReady' | 'open' | 'receiveMessage'> & {
  readonly writer: { readonly followUp: Promise<unknown> };
};

function boardTestApi(board: BoardPanel, tasks: TaskService): BoardTestApi {
  return {
    get isOpen() {
      return board.isOpen;
    },
    get isReady() {
      return board.isReady;
    },
    get lastSnapshot() {
      return board.lastSnapshot;
    },
    onDidPostState: board.onDidPostState,
    onDidFinishOperation: board.onDidFinishOperation,
    onDidPostMessage: board.onDidPostMessage,
    onDidBecomeReady: board.onDidBecomeReady,
    open: (agent) => board.open(agent),
    receiveMessage: (data) => board.receiveMessage(data),
    writer: {
      get followUp() {
        return tasks.followUp;
      },
    },
  };
}

export function createTestApi(controller: CortexController): CortexTestApi {
  const { services, view, board } = controller;
  const prompts = services.prompts;
  // A test run's clock stands still at the runner's time, so no test depends on the hour
  // it runs at, and nothing is ever due by the real clock while the suite runs.
  const runClock = pinnedClock(process.env.CORTEX_TEST_NOW);
  services.clock.setNow(runClock);
  return {
    store: services.store,
    pendingWrites: () => services.writer.pendingWrites,
    journalCounts: () => ({ ...services.writer.journalCounts }),
    forgetPendingWrites: () => services.writer.forgetPendingWrites(),
    locate: () => services.session.locate(),
    viewState: () => view.currentState(),
    view: {
      get lastPostedState() {
        return view.lastPostedState;
      },
      get isReady() {
        return view.isReady;
      },
      onDidPostState: view.onDidPostState,
      onDidBecomeReady: view.onDidBecomeReady,
      receive: (data) => view.receiveMessage(data),
    },
    setPromptAnswers: (answers) => {
      prompts.clearMessages();
      prompts.setAnswers(answers);
    },
    get shownMessages() {
      return prompts.messages;
    },
    get waitingNotices() {
      return prompts.waitingNotices;
    },
    clearShownMessages: () => prompts.clearMessages(),
    get shownSteps() {
      return prompts.steps;
    },
    setTrusted: (trusted) => controller.trust.setOverride(trusted),
    setNow: (source) => services.clock.setNow(source ?? runClock),
    now: () => services.clock.date(),
    board: boardTestApi(board, controller.reviewing.tasks),
    insights: controller.insights,
    logName: services.log.name,
    threads: controller.threads,
    threadCommands: controller.threadCommands,
    sync: {
      refresh: () => controller.repo.sync.refresh(),
      get state() {
        return controller.repo.sync.bar.state;
      },
      get shown() {
        return controller.repo.sync.bar.text;
      },
    },
    reports: controller.reports,
    review: { changes: controller.reviewing.changes, diffs: controller.reviewing.reviews, undo: controller.reviewing.undo, statusBar: controller.reviewing.statusBar, search: controller.search },
    get locateResult() {
      return services.session.located;
    },
    get statusBar() {
      return controller.statusBar.shown;
    },
    contextKey: (key) => controller.contextKeys.get(key),
    agents: {
      ...controller.agents,
      newTerminals: (saved) => new AgentTerminals(saved ? memoryMemento({ 'cortex.agentTerminals': saved }) : services.context.workspaceState, services.log),
    },
    mcpServer: controller.mcpServer,
    worklog: controller.worklog,
    sessionViews: controller.sessions,
    cliLauncher: controller.cliLauncher?.path,
  };
}

/** A workspace state of the test's own (a window whose saved state the test writes). */
function memoryMemento(values: Record<string, unknown>): vscode.Memento {
  const data = new Map(Object.entries(values));
  return {
    keys: () => [...data.keys()],
    get: <T>(key: string, fallback?: T) => (data.has(key) ? (data.get(key) as T) : fallback) as T,
    update: async (key: string, value: unknown) => {
      data.set(key, value);
    },
  };
}

/** The clock of `$CORTEX_TEST_NOW` (`YYYY-MM-DDTHH:MM`, local); `undefined` (the real clock) when unset. */
function pinnedClock(value: string | undefined): (() => Date) | undefined {
  if (!value) return undefined;
  const minutes = parseStamp(value);
  if (minutes === null) throw new Error(`CORTEX_TEST_NOW should be YYYY-MM-DDTHH:MM, not "${value}"`);
  const at = instantOfWall(minutes);
  return () => new Date(at);
}
