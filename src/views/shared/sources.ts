import type * as vscode from 'vscode';
import type { TeamChange, TeamSnapshot } from '../../extension/team/live-team';
import type { Prompts } from '../../extension/ui/prompts';
import type { TeamWriter } from '../../extension/writes/team-writer';

/**
 * What the views may use of the extension's services: narrow on purpose. A view reads
 * the team, writes through the one writer and asks through the prompts; the
 * composition root (`app/controller.ts`) hands it the services.
 */

/** The team as a view reads it: the snapshot now, and one typed event carrying the next. */
export interface ReadonlyTeam {
  readonly current: TeamSnapshot;
  readonly onDidChange: vscode.Event<TeamChange>;
  /** Resolves once no file change is waiting or being read. */
  whenIdle(): Promise<void>;
}

/** Writing, through the one door (trust, unsaved editors, the conflict-safe edit, the store's re-read). */
export type ViewWriter = Pick<TeamWriter, 'whenTrusted' | 'write' | 'checkUnsaved'>;

/** Questions and messages (tests answer them). */
export type ViewPrompts = Pick<Prompts, 'info' | 'warn' | 'error' | 'pick' | 'input' | 'confirm'>;

/** Where a view's registration puts what it registers. */
export interface Owner {
  add<T extends vscode.Disposable>(item: T): T;
}
