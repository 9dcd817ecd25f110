import { ThreadStatusView } from '../../../src/views/threads/common/messages';

const ICONS: Readonly<Record<ThreadStatusView, string>> = {
  pickup: 'inbox',
  running: 'sync',
  waiting: 'watch',
  completed: 'pass',
  failed: 'error',
  cancelled: 'circle-slash',
  aborted: 'stop-circle',
  other: 'question',
};

/** A thread's status as icon, colour and word (never colour alone); `text` when the words are not the record's (awaiting pickup). */
export function StatusBadge(props: { status: ThreadStatusView; raw: string; text?: string }) {
  return (
    <span class={`status status-${props.status}`}>
      <span class={`codicon codicon-${ICONS[props.status]}`} aria-hidden="true" />
      {props.text ?? props.raw}
    </span>
  );
}
