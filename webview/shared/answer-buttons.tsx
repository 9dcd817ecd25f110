import { AnswerKind, AnswerOption } from '../../src/views/shared/common/permission';

/** What each kind of answer says on its button, and its key in a Needs you list. */
export const ANSWER_LABELS: Readonly<Record<AnswerKind, { label: string; icon: string; key: string }>> = {
  allow_once: { label: 'Allow once', icon: 'check', key: 'A' },
  allow_always: { label: 'Always for this tool', icon: 'check-all', key: 'Shift+A' },
  reject_once: { label: 'Reject', icon: 'close', key: 'R' },
  reject_always: { label: 'Always reject', icon: 'circle-slash', key: 'Shift+R' },
};

/** The option a key answers with: `a` allow once, `A` always, `r` reject (once, else always). */
export function optionForKey(options: readonly AnswerOption[], key: string): AnswerOption | undefined {
  const find = (...kinds: AnswerKind[]) => kinds.map((k) => options.find((o) => o.kind === k)).find(Boolean);
  if (key === 'a') return find('allow_once');
  if (key === 'A') return find('allow_always');
  if (key === 'r') return find('reject_once', 'reject_always');
  if (key === 'R') return find('reject_always');
  return undefined;
}

/** Allow once / Always for this tool / Reject, as the agent offers them; its own words in the tooltip. */
export function AnswerButtons(props: { options: readonly AnswerOption[]; subject: string; tabIndex?: number; onAnswer: (option: AnswerOption) => void }) {
  return (
    <span class="answer-buttons" role="group" aria-label={`Answer ${props.subject}`}>
      {props.options.map((o) => {
        const l = ANSWER_LABELS[o.kind];
        return (
          <button
            key={o.optionId}
            type="button"
            class={`answer-button ${o.kind.startsWith('allow') ? 'allow' : 'reject'}`}
            title={`${o.name} (${l.key})`}
            tabIndex={props.tabIndex}
            onClick={(e) => {
              e.stopPropagation();
              props.onAnswer(o);
            }}
          >
            <span class={`codicon codicon-${l.icon}`} aria-hidden="true" />
            <span>{l.label}</span>
          </button>
        );
      })}
    </span>
  );
}
