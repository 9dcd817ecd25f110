/**
 * How the board words a task's changes and its review. Pure; the page and the tests
 * share it.
 */
import type { ChangeSummary } from '../../../core/review/change-summary';

/** The short form on a card: "3 files +42 −7"; null when a card shows nothing (no repository for a task in progress, still loading…). */
export function changesShort(s: ChangeSummary | undefined, status: string | null): string | null {
  if (!s) return null;
  switch (s.kind) {
    case 'changes':
      return `${s.files} ${s.files === 1 ? 'file' : 'files'} +${s.added} −${s.removed}`;
    case 'noRepository':
      return status === 'done' ? 'no git' : null;
    default:
      return null;
  }
}

/** The full sentence (tooltip, screen readers, the detail panel). */
export function changesSentence(s: ChangeSummary): string {
  switch (s.kind) {
    case 'changes': {
      const lines = `${s.added} ${s.added === 1 ? 'line' : 'lines'} added, ${s.removed} removed`;
      const commits = s.commits === 0 ? 'not committed yet' : `in ${s.commits} ${s.commits === 1 ? 'commit' : 'commits'}${s.via === 'reference' ? ` that ${s.commits === 1 ? 'names' : 'name'} the task` : s.via === 'time' ? ' made while it ran' : ''}`;
      return `${s.files} ${s.files === 1 ? 'file' : 'files'} changed: ${lines}, ${commits}${s.uncommitted && s.commits > 0 ? ', and uncommitted work' : ''}.`;
    }
    case 'none':
      return 'No commits or uncommitted changes found for this task.';
    case 'noRepository':
      return "The agent's project folder is not a git repository, so its changes cannot be shown.";
    case 'noProject':
      return "The agent's note names no project folder on this machine.";
    case 'unavailable':
      return `The changes cannot be read: ${s.reason}.`;
  }
}
