import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { Team } from '../../core/team/model';
import { LivenessClock } from './liveness-clock';
import { Settings } from '../settings';
import { sourceLabel, TeamLocation, displayPath, folderName } from './team-locator';
import { TeamSession } from './team-session';
import { TeamStore } from './team-store';
import { WorkspaceTrust } from '../writes/trust';
import { VscodeTeamFs } from './vscode-team-fs';

/**
 * The team as every view and service reads it, and the one change mechanism: the
 * store (a file re-read, another folder), the liveness clock, the settings and trust
 * each end up as one typed `TeamChange` carrying the new snapshot. Subscribers get
 * everything they show from the event; nobody is called back for more in the middle
 * of an update.
 *
 * A file changed on disk → the store's watcher → debounce → `TeamIndex.update` →
 * `TeamStore.onDidChange` → `TeamChange { reason: 'team' }` → each view builds its
 * state (a pure function) and posts it when it differs from the last one.
 */
export type TeamChangeReason =
  /** Another team folder (or none) is shown; its team is being read. */
  | 'location'
  /** The team was read again: `paths` re-read, or all of it (`paths` undefined). */
  | 'team'
  /** Files were re-read that the team model does not hold (WORKLOG.md, MAILBOX.md). */
  | 'files'
  /** The minute moved on: liveness may have changed. */
  | 'clock'
  /** A `cortex.*` setting changed. */
  | 'settings'
  /** The workspace was trusted (or a test pretends otherwise). */
  | 'trust';

export interface TeamSnapshot {
  readonly status: 'noTeam' | 'loading' | 'ready';
  readonly location: TeamLocation | undefined;
  readonly team: Team | undefined;
  /** The team folder's files (`undefined` without one). */
  readonly fs: VscodeTeamFs | undefined;
  /** The folder's name, where it is and how it was found, for the views' headers. */
  readonly header: { readonly name: string; readonly path: string; readonly source: string } | null;
  /** Why no team is shown, or why reading it failed. */
  readonly message: string | null;
  /** More than one team folder could be shown. */
  readonly multipleTeams: boolean;
  /** Writes are allowed (not Restricted Mode). */
  readonly trusted: boolean;
  /** Wall-clock minutes, from the liveness clock. */
  readonly now: number;
  readonly staleAfterMinutes: number;
  /** The heartbeat: how long a dispatched task may wait for pickup before its agent counts as down. */
  readonly heartbeatMinutes: number;
}

export interface TeamChange {
  readonly reason: TeamChangeReason;
  readonly snapshot: TeamSnapshot;
  /** Team-relative paths re-read (`team`, `files`); `undefined` for a full read or another reason. */
  readonly paths?: readonly string[];
}

export class LiveTeam extends DisposableBase {
  private readonly changed = this.register(new vscode.EventEmitter<TeamChange>());
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly store: TeamStore,
    private readonly session: TeamSession,
    private readonly settings: Settings,
    private readonly clock: LivenessClock,
    private readonly trust: WorkspaceTrust,
  ) {
    super();
    this.register(store.onDidChange((c) => this.fire(c.team === undefined ? 'location' : 'team', c.paths)));
    this.register(store.onDidReadFiles((r) => !r.teamChanged && this.fire('files', r.paths)));
    this.register(clock.onDidTick(() => this.fire('clock')));
    this.register(settings.onDidChange(() => this.fire('settings')));
    this.register(trust.onDidChange(() => this.fire('trust')));
  }

  /**
   * Where the team is, its files and whether the workspace is trusted, as `current` has
   * them, without building a snapshot (which reads the settings: slow during activation).
   */
  get place(): Pick<TeamSnapshot, 'location' | 'fs' | 'trusted'> {
    return { location: this.store.location, fs: this.store.fs, trusted: this.trust.trusted };
  }

  /** What the views show now. */
  get current(): TeamSnapshot {
    const store = this.store;
    const location = store.location;
    const located = this.session.located;
    return {
      status: !location ? 'noTeam' : store.team ? 'ready' : 'loading',
      location,
      team: store.team,
      fs: store.fs,
      header: location ? { name: folderName(location.uri), path: displayPath(location.uri), source: sourceLabel(location) } : null,
      message: (location ? store.failure : located?.problem) ?? null,
      multipleTeams: (located?.candidates.length ?? 0) > 1,
      trusted: this.trust.trusted,
      now: this.clock.now(),
      staleAfterMinutes: this.settings.current.staleAfterMinutes,
      heartbeatMinutes: this.settings.current.heartbeatMinutes,
    };
  }

  /** Resolves once no file change is waiting or being read. */
  whenIdle(): Promise<void> {
    return this.store.whenIdle();
  }

  private fire(reason: TeamChangeReason, paths?: readonly string[]): void {
    this.changed.fire({ reason, snapshot: this.current, paths });
  }
}
