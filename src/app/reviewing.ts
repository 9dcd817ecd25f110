import * as vscode from 'vscode';
import { ReviewDiffs } from '../extension/review/review-diffs';
import { ReviewStatusBar } from '../extension/review/review-status-bar';
import { TaskChangesService } from '../extension/review/task-changes-service';
import { Services } from '../extension/services';
import { TaskService } from '../extension/tasks/task-service';
import { TaskServiceDeps } from '../extension/tasks/task-context';
import { UndoHistory } from '../extension/tasks/undo-history';

/** Reviewing and steering tasks: undo, the task service (every card operation), each task's git changes and their diffs. */
export interface Reviewing {
  readonly undo: UndoHistory;
  readonly tasks: TaskService;
  readonly changes: TaskChangesService;
  readonly reviews: ReviewDiffs;
  readonly statusBar: ReviewStatusBar;
}

/** `dispatch` and `checkTitle`: Dispatch Task's write and title check (a done task dispatched again goes through them). */
export function registerReviewing(own: { add<T extends vscode.Disposable>(d: T): T }, services: Services, dispatching: Pick<TaskServiceDeps, 'dispatch' | 'checkTitle'>): Reviewing {
  const { team, writer, prompts, log, settings } = services;
  const undo = own.add(new UndoHistory(writer, prompts, log));
  const tasks = new TaskService({ team, writer, prompts, log, undo, dispatch: dispatching.dispatch, checkTitle: dispatching.checkTitle });
  const changes = own.add(new TaskChangesService(log, () => team.current.fs?.root.scheme === 'file'));
  const reviews = own.add(new ReviewDiffs(team, changes, tasks, prompts, log));
  const statusBar = own.add(new ReviewStatusBar(team, settings));
  return { undo, tasks, changes, reviews, statusBar };
}
