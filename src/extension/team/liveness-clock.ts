import * as vscode from 'vscode';
import { wallMinutes } from '../../base/time';
import { DisposableBase, toDisposable } from '../../base/disposable';

/**
 * "Now" for liveness, in wall-clock minutes. Checks every `intervalMs` and fires when
 * the minute has moved on, so an agent turns from alive to down as time passes even
 * when nobody writes a file. Tests can set the clock (`setNow`).
 */
export class LivenessClock extends DisposableBase {
  private readonly ticked = this.register(new vscode.EventEmitter<number>());
  /** Fires with the new minute. */
  readonly onDidTick = this.ticked.event;
  private source: () => Date = () => new Date();
  private last: number;

  constructor(intervalMs = 30_000) {
    super();
    this.last = this.now();
    const timer = setInterval(() => this.check(), intervalMs);
    this.register(toDisposable(() => clearInterval(timer)));
  }

  now(): number {
    return wallMinutes(this.source());
  }

  /** The same time as a Date (for stamps written in a file's own style). */
  date(): Date {
    return this.source();
  }

  /** Test hook: where the time comes from (`undefined`: the real clock). Fires at once when the minute changes. */
  setNow(source: (() => Date) | undefined): void {
    this.source = source ?? (() => new Date());
    this.check();
  }

  check(): void {
    const now = this.now();
    if (now === this.last) return;
    this.last = now;
    this.ticked.fire(now);
  }
}
