import * as vscode from 'vscode';
import { BoardPanel } from '../views/board/board-panel';
import { InsightsPanel } from '../views/insights/insights-panel';
import { TeamViewState } from '../views/team/common/messages';
import { ThreadsFeature } from '../views/threads/registration';
import { Commands } from '../extension/commands/team-commands';
import { SyncBarState } from '../extension/repo/sync-status-bar';
import { CortexController } from './controller';
import { PromptAnswers, ShownMessage, ShownStep } from '../extension/prompts';
import { ReportCommands } from '../extension/reports/report-commands';
import { LocateResult } from '../extension/team-locator';
import { TeamStore } from '../extension/team-store';

/**
 * What `activate()` returns in development and test runs (never in an installed
 * VSIX): enough for the integration suite to watch the store and the view, answer
 * prompts, and play Restricted Mode (code-server here runs with trust disabled).
 */
export interface CortexTestApi {
  /** The live model: `team`, `location`, `onDidChange`, `whenIdle()`. */
  readonly store: TeamStore;
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
  clearShownMessages(): void;
  /** QuickInput steps answered while answers were set (titles, step numbers, what was typed and what the check said). */
  readonly shownSteps: readonly ShownStep[];
  /** Pretends the workspace is (un)trusted; `undefined`: the real state. */
  setTrusted(trusted: boolean | undefined): void;
  /** Sets the liveness clock (`undefined`: the real time). */
  setNow(source: (() => Date) | undefined): void;
  /** The task board panel: open it, hand it messages as its page would (`receiveMessage`), watch what it posts. */
  readonly board: BoardPanel;
  /** The Team Insights panel: open it, read what it computes (`currentState`) and posts. */
  readonly insights: InsightsPanel;
  /** The log channel's name, for reading what was dropped. */
  readonly logName: string;
  /** The Threads feature: its store (files, records, checks), the panel, the state the views show. */
  readonly threads: ThreadsFeature;
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
  /** The context keys the controller set last (`cortex.multipleTeams`, `cortex.teamState`). */
  contextKey(key: string): unknown;
  /** Daily Briefing and Review: `open(kind)`, `records` (last review, offers per team), `scheduler.check()`. */
  readonly reports: ReportCommands;
}

export function createTestApi(controller: CortexController, commands: Commands): CortexTestApi {
  const view = controller.view;
  return {
    store: controller.store,
    locate: () => controller.locate(),
    viewState: () => controller.viewState(),
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
      controller.prompts.clearMessages();
      controller.prompts.setAnswers(answers);
    },
    get shownMessages() {
      return controller.prompts.messages;
    },
    clearShownMessages: () => controller.prompts.clearMessages(),
    get shownSteps() {
      return controller.prompts.steps;
    },
    setTrusted: (trusted) => controller.guard.setTrustOverride(trusted),
    setNow: (source) => controller.clock.setNow(source),
    board: controller.board,
    insights: controller.insights,
    logName: controller.log.name,
    threads: controller.threads,
    sync: {
      refresh: () => commands.git.sync.refresh(),
      get state() {
        return commands.git.sync.bar.state;
      },
      get shown() {
        return commands.git.sync.bar.text;
      },
    },
    reports: commands.reports,
    get locateResult() {
      return controller.locateResult;
    },
    get statusBar() {
      return controller.statusBar.shown;
    },
    contextKey: (key) => controller.contextKeys.get(key),
  };
}
