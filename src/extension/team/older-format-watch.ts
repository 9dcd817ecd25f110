import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { OlderFormat, readOlderFormat } from '../../core/legacy/older-agents';
import { LiveTeam } from './live-team';

/** The Cortex plugin's older format found in the shown team folder. */
export interface OlderFormatFound {
  /** The team folder (its URI), so what is said once per folder is said once. */
  readonly folder: string;
  /** The folder's name, for messages. */
  readonly name: string | null;
  readonly older: OlderFormat;
}

/**
 * The one place the extension looks for the Cortex plugin's older format (flat
 * `agents/<slug>.md`, tasks in a project's `## Work Queue`): read as it is
 * (core/legacy/older-agents.ts) when the shown folder changes and when its agents or
 * projects are read again — once per change, never per paint. The Team view shows what
 * it found (read-only) and the notifier offers the upgrade; neither puts these agents
 * into the team, and nothing here writes.
 */
export class OlderFormatWatch extends DisposableBase {
  private found: OlderFormatFound | null = null;
  /** Bumped per read: a slower, older read never replaces a newer one. */
  private reads = 0;
  private readonly changed = this.register(new vscode.EventEmitter<OlderFormatFound | null>());
  /** Fires after each read whose result differs from the last. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly team: Pick<LiveTeam, 'current' | 'onDidChange'>,
    private readonly log: Pick<vscode.LogOutputChannel, 'warn'>,
  ) {
    super();
    this.register(team.onDidChange((e) => (e.reason === 'location' || ((e.reason === 'team' || e.reason === 'files') && touchesOlderFiles(e.paths)) ? void this.read() : undefined)));
    void this.read();
  }

  /** What the shown folder holds of the older format (`null`: none, or not read yet). */
  get current(): OlderFormatFound | null {
    return this.found;
  }

  private async read(): Promise<void> {
    const mine = ++this.reads;
    const s = this.team.current;
    const folder = s.location?.uri.toString();
    let next: OlderFormatFound | null = null;
    if (s.fs && folder !== undefined) {
      try {
        const older = await readOlderFormat(s.fs);
        next = older && { folder, name: s.header?.name ?? null, older };
      } catch (e) {
        // A folder that cannot be listed is the store's to report.
        this.log.warn(`Cannot look for the older team format: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
    if (mine !== this.reads || this.isDisposed) return;
    if (JSON.stringify(next) === JSON.stringify(this.found)) return;
    this.found = next;
    this.changed.fire(next);
  }
}

/** A full read, or one of agents/ (a flat note, the folder) or projects/ (a Work Queue). */
function touchesOlderFiles(paths: readonly string[] | undefined): boolean {
  return paths === undefined || paths.some((p) => p === 'agents' || p === 'projects' || /^agents\/[^/]+$/.test(p) || p.startsWith('projects/'));
}
