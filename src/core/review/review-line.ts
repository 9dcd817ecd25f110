import { Task } from '../team/model';

/**
 * A person's review of a done task, recorded in the task itself by the dashboard:
 *
 *     ## Add Stripe webhook endpoint
 *     **Status:** done
 *     **Started:** 2026-11-24T09:10
 *     **Completed:** 2026-11-24T09:52
 *     **Reviewed:** 2026-11-24T10:00 accepted
 *
 * One metadata line after Completed: the local time of the review and the verdict,
 * `accepted` or `sent back` (a follow-up task "Rework: <title>" was dispatched). It
 * is not a status line, so agents (who grep `**Status:** ready|in-progress`) ignore
 * it, and the task stays done. A later review replaces the line.
 */
export const REVIEWED_KEY = 'Reviewed';

export type ReviewVerdict = 'accepted' | 'sent back';
export const REVIEW_VERDICTS: readonly ReviewVerdict[] = ['accepted', 'sent back'];

export interface Review {
  /** `YYYY-MM-DDTHH:MM`, as written. */
  readonly at: string;
  readonly verdict: ReviewVerdict;
}

const VALUE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})\s+(accepted|sent back)\b/i;

/** The value of a review line. */
export function reviewValue(at: string, verdict: ReviewVerdict): string {
  return `${at} ${verdict}`;
}

/** The review a task's fields record, or null (none, or one that cannot be read). */
export function reviewOf(task: Pick<Task, 'fields'>): Review | null {
  for (const [key, value] of Object.entries(task.fields)) {
    if (key.toLowerCase() !== 'reviewed') continue;
    const m = VALUE.exec(value.trim());
    if (m) return { at: m[1], verdict: m[2].toLowerCase() as ReviewVerdict };
  }
  return null;
}

/** A done task no one has reviewed yet: what the board's "To review" filter and the status bar count. */
export function isToReview(task: Pick<Task, 'status' | 'fields'>): boolean {
  return task.status === 'done' && reviewOf(task) === null;
}
