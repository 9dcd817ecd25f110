import * as vscode from 'vscode';
import { DisposableBase } from '../../base/disposable';
import { DASHBOARD_ACTOR } from '../../core/actions/activity';
import { teamEvents } from '../../core/actions/events';
import { EditOptions, editFile, readTextFile } from '../../core/edit/edit-file';
import { CortexConflictError, CortexInputError } from '../../core/edit/errors';
import { UndoEntry, UndoStep, applyUndoStep } from '../../core/ops/undo';
import { Prompts } from '../ui/prompts';
import { TeamWriter } from '../writes/team-writer';

export interface UndoOutcome {
  readonly ok: boolean;
  readonly message: string;
}

export const UNDO = 'Undo';

/** How many board actions can be undone, latest first. */
const DEPTH = 20;

/**
 * The board's actions that can be undone, latest last. Each entry is a list of
 * inverse steps (core/ops/undo.ts) run through the one writer: every file it touches
 * is read as it is now and all steps are tried on those texts first, so an undo the
 * agent's changes make impossible is refused before anything is written; then each
 * file is edited in turn (a file that changes meanwhile gets the steps again).
 */
export class UndoHistory extends DisposableBase {
  private readonly entries: UndoEntry[] = [];
  private readonly changed = this.register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  /** What a shown "Undo" button led to, for tests to wait on. */
  followUp: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly writer: Pick<TeamWriter, 'write' | 'forgetPending'>,
    private readonly prompts: Pick<Prompts, 'info' | 'warn'>,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
  }

  /** The action an undo would take back now. */
  get last(): UndoEntry | undefined {
    return this.entries[this.entries.length - 1];
  }

  /** Records an action without a message (its caller already said what it did). */
  record(entry: UndoEntry): void {
    this.entries.push(entry);
    if (this.entries.length > DEPTH) this.entries.shift();
    this.changed.fire();
  }

  /**
   * Records an action and says what it did in a notification with an Undo button
   * (not awaited: the caller carries on).
   */
  done(entry: UndoEntry, message: string): void {
    this.record(entry);
    this.followUp = this.prompts.info(`Cortex: ${message}`, UNDO).then((choice) => {
      // Only the action the notification is about, and only while it is still the latest.
      if (choice === UNDO && this.last === entry) return this.undo();
      if (choice === UNDO) void this.prompts.warn(`Cortex: only the latest board action can be undone; "${entry.label}" is no longer the latest.`);
      return undefined;
    });
  }

  /** Undoes the latest action; says what happened (refusals too). */
  async undo(): Promise<UndoOutcome> {
    const entry = this.entries.pop();
    if (!entry) {
      void this.prompts.info('Cortex: there is no board action to undo.');
      return { ok: false, message: 'Nothing to undo.' };
    }
    this.changed.fire();
    try {
      const paths = [...new Set(entry.steps.map((s) => s.path))];
      const event = () => teamEvents.undone(DASHBOARD_ACTOR, entry.label, paths);
      const written = await this.writer.write({ what: 'undo a board action', paths, event }, (fs, edit) => {
        this.writer.forgetPending(paths);
        return runSteps(fs, entry.steps, edit);
      });
      if (written === undefined) {
        this.entries.push(entry);
        return { ok: false, message: 'Restricted Mode: the board only reads.' };
      }
      this.log.info(`Undo: ${entry.label}`);
      const message = `Undid ${entry.label}.`;
      void this.prompts.info(`Cortex: ${message}`);
      return { ok: true, message };
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      const message = `Cannot undo ${entry.label}: ${why}`;
      if (e instanceof CortexInputError || e instanceof CortexConflictError) void this.prompts.warn(`Cortex: ${message}`);
      else {
        this.log.error(`Undo: ${message}`);
        void this.prompts.warn(`Cortex: ${message}`);
      }
      return { ok: false, message };
    }
  }
}

type StepFs = Parameters<Parameters<TeamWriter['write']>[1]>[0];

/** Groups of consecutive steps on one file, in order. */
function groups(steps: readonly UndoStep[]): UndoStep[][] {
  const out: UndoStep[][] = [];
  for (const s of steps) {
    const last = out[out.length - 1];
    if (last && last[0].path === s.path) last.push(s);
    else out.push([s]);
  }
  return out;
}

async function runSteps(fs: StepFs, steps: readonly UndoStep[], edit: EditOptions): Promise<true> {
  const parts = groups(steps);
  // First on the files as they are now, in memory: a step the agent's changes refuse stops everything.
  const texts = new Map<string, string>();
  for (const group of parts) {
    const path = group[0].path;
    let text = texts.get(path) ?? (await readTextFile(fs, path));
    if (text === undefined) throw new CortexInputError(`${path} does not exist any more; nothing was changed.`);
    for (const s of group) text = applyUndoStep(text, s);
    texts.set(path, text);
  }
  for (let i = 0; i < parts.length; i++) {
    const group = parts[i];
    try {
      await editFile(fs, group[0].path, (text) => group.reduce((t, s) => applyUndoStep(t, s), text), edit);
    } catch (e) {
      if (i === 0) throw e;
      const done = parts.slice(0, i).map((g) => g[0].path).join(', ');
      throw new CortexConflictError(`${e instanceof Error ? e.message : String(e)} ${done} was already put back; look at both files.`, group[0].path);
    }
  }
  return true;
}
