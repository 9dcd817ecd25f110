import type * as vscode from 'vscode';
import { formatStamp } from '../../base/time';
import { TaskRef } from '../../base/task-ref';
import { Agent, Task } from '../../core/team/model';
import type { LiveTeam } from '../team/live-team';
import type { Prompts } from '../ui/prompts';
import type { TeamWriter } from '../writes/team-writer';
import { TaskOutcome, failedOutcome, refuseIfUnsaved } from './task-outcome';
import { findSettledTask } from './task-ref';
import type { UndoHistory } from './undo-history';

/** What the task service needs from the extension: the team, the one writer, prompts, the log, undo, the one dispatch. */
export interface TaskServiceDeps {
  readonly team: Pick<LiveTeam, 'current' | 'whenIdle'>;
  readonly writer: Pick<TeamWriter, 'whenTrusted' | 'write' | 'checkUnsaved'>;
  readonly prompts: Pick<Prompts, 'info' | 'warn' | 'error' | 'input' | 'pick' | 'confirm'>;
  readonly log: vscode.LogOutputChannel;
  /** Where every card operation is recorded for undo (`done` also says what it did, with an Undo button). */
  readonly undo: Pick<UndoHistory, 'record' | 'done' | 'undo'>;
  /** The one dispatch (Dispatch Task's write and message); throws what was refused, `undefined` in Restricted Mode. */
  dispatch(agent: Agent, title: string, body: string): Promise<{ readonly title: string } | undefined>;
  /** The title check Dispatch Task uses: an error when the agent already has an open task so named. */
  checkTitle(agent: Agent, title: string): string | undefined;
}

/** A task found again as the store has it now. */
export interface FoundTask {
  readonly agent: Agent;
  readonly task: Task;
  readonly index: number;
}

/**
 * What every card operation starts from: the services, the task found again, the clock
 * in the task files' stamp, the unsaved-editor check and the one failure policy.
 */
export class TaskContext {
  constructor(readonly deps: TaskServiceDeps) {}

  /** The task `ref` names once the files have settled; the person is told when it is gone or changed. */
  current(ref: TaskRef): Promise<FoundTask | undefined> {
    return findSettledTask(this.deps.team, ref, (m) => this.deps.prompts.warn(m));
  }

  now(): string {
    return formatStamp(this.deps.team.current.now);
  }

  agent(slug: string): Agent | undefined {
    return this.deps.team.current.team?.agents.find((a) => a.slug === slug);
  }

  agentName(slug: string): string {
    return this.agent(slug)?.name ?? slug;
  }

  /** True, and the person told, when one of `paths` has unsaved changes in an editor. */
  refuseIfUnsaved(paths: readonly string[]): boolean {
    return refuseIfUnsaved(this.deps.writer, paths, this.deps);
  }

  failed(e: unknown): TaskOutcome {
    return failedOutcome(e, this.deps);
  }
}
