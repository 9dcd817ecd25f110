import type * as vscode from 'vscode';
import type { LiveTeam } from './team/live-team';
import type { LivenessClock } from './team/liveness-clock';
import type { Prompts } from './ui/prompts';
import type { Settings } from './settings';
import type { TeamSession } from './team/team-session';
import type { TeamStore } from './team/team-store';
import type { TeamWriter } from './writes/team-writer';

/**
 * The extension's services, built once by the composition root (`app/controller.ts`)
 * and handed to the commands. Views get narrower interfaces they declare themselves.
 */
export interface Services {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly settings: Settings;
  /** Every question and message (tests answer them). */
  readonly prompts: Prompts;
  /** "Now" for liveness and stamps. */
  readonly clock: LivenessClock;
  /** Which team folder is shown. */
  readonly session: TeamSession;
  /** The parsed team, kept up to date by watchers. */
  readonly store: TeamStore;
  /** The team as views read it, with its one change event. */
  readonly team: LiveTeam;
  /** The one door for writes. */
  readonly writer: TeamWriter;
}
