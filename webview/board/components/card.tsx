import { useContext } from 'preact/hooks';
import { changesSentence, changesShort } from '../../../src/views/board/common/changes';
import { BoardCard, ChangeSummary, changeKey } from '../../../src/views/board/common/messages';
import { ageText } from '../format';
import { ChangesContext } from './changes-context';
import { statusPhrase } from '../../../src/base/task-status';
import { columnOf } from '../../../src/views/board/common/columns';

export interface CardProps {
  card: BoardCard;
  agentSlug: string;
  agentName: string;
  top: number;
  /** Position among the cards of its column (1-based) and how many there are. */
  pos: number;
  size: number;
  nextUp: boolean;
  pending: boolean;
  focused: boolean;
  tabStop: boolean;
  lifted: boolean;
  dragging: boolean;
  draggable: boolean;
  now: number;
}

export const STATUS_ICONS: Readonly<Record<string, string>> = {
  ready: 'circle-large-outline',
  'in-progress': 'play-circle',
  done: 'pass-filled',
};

/** The text a card shows under its title: a done task's Summary, else the body's first line. */
export function cardLine(card: BoardCard): string {
  return card.status === 'done' && card.summary ? card.summary : card.text;
}

export function cardLabel(card: BoardCard, agentName: string, nextUp: boolean, now: number, changes?: ChangeSummary): string {
  const age = ageText(card, now);
  const review = card.review ? `, ${card.review}` : card.status === 'done' ? ', to review' : '';
  const changed = changes && changesShort(changes, card.status) ? ` ${changesSentence(changes)}` : '';
  const thread = card.thread ? ` Thread ${card.thread.id}, ${card.thread.status}.` : '';
  return `${card.title}. ${statusPhrase(card.status)}${review}${nextUp ? ', next up' : ''}, ${agentName}${age ? `, ${age}` : ''}.${changed}${thread}`;
}

const REVIEW_LOOK: Readonly<Record<'accepted' | 'sent back', { icon: string; text: string }>> = {
  accepted: { icon: 'check', text: 'accepted' },
  'sent back': { icon: 'reply', text: 'sent back' },
};

/** One task: title (with "next up" on the agent's first ready task), agent and age, then its first line or Summary. */
export function Card(p: CardProps) {
  const c = p.card;
  const age = ageText(c, p.now);
  const line = cardLine(c);
  const changes = useContext(ChangesContext).get(changeKey(p.agentSlug, c));
  const cls = [
    'card',
    `status-${columnOf(c.status)}`,
    p.nextUp ? 'next-up' : '',
    p.pending ? 'pending' : '',
    p.focused ? 'focused' : '',
    p.lifted ? 'lifted' : '',
    p.dragging ? 'dragging' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div
      class={cls}
      role="listitem"
      style={{ top: `${p.top}px` }}
      tabIndex={p.tabStop ? 0 : -1}
      draggable={p.draggable}
      aria-posinset={p.pos}
      aria-setsize={p.size}
      aria-label={cardLabel(c, p.agentName, p.nextUp, p.now, changes)}
      aria-describedby="card-help"
      aria-busy={p.pending ? 'true' : undefined}
      data-agent={p.agentSlug}
      data-index={c.index}
      data-title={c.title}
      data-status={c.status ?? ''}
    >
      <CardTitle card={c} nextUp={p.nextUp} pending={p.pending} />
      <CardMeta card={c} agentName={p.agentName} age={age} changes={changes} />
      {line ? (
        <div class={`card-text${c.status === 'done' && c.summary ? ' summary' : ''}`} title={line}>
          {line}
        </div>
      ) : null}
    </div>
  );
}

/** The title line: "next up", the title, a write on its way, the review's mark. */
function CardTitle({ card: c, nextUp, pending }: { card: BoardCard; nextUp: boolean; pending: boolean }) {
  const review = c.review ? REVIEW_LOOK[c.review] : null;
  return (
    <div class="card-title">
      {nextUp ? (
        <span class="next-up-mark" title="Next up: the first ready task, which the agent picks up next">
          <span class="codicon codicon-arrow-right" aria-hidden="true" />
          next up
        </span>
      ) : null}
      <span class="card-title-text" title={c.title}>
        {c.title}
      </span>
      {pending ? <span class="codicon codicon-sync codicon-modifier-spin pending-icon" aria-hidden="true" title="Writing…" /> : null}
      {review ? (
        <span class={`review-mark review-${c.review === 'accepted' ? 'accepted' : 'sent-back'}`} title={`Reviewed: ${review.text}`} aria-hidden="true">
          <span class={`codicon codicon-${review.icon}`} />
          {review.text}
        </span>
      ) : null}
    </div>
  );
}

/** Status icon, agent and age, the thread the task launched, its changes. */
function CardMeta({ card: c, agentName, age, changes }: { card: BoardCard; agentName: string; age: string | null; changes: ChangeSummary | undefined }) {
  const short = changesShort(changes, c.status);
  return (
    <div class="card-meta">
      <span class={`codicon codicon-${STATUS_ICONS[c.status ?? ''] ?? 'question'}`} aria-hidden="true" />
      <span class="card-agent">{agentName}</span>
      {age ? <span class="card-age">· {age}</span> : null}
      {c.thread ? (
        <span class={`card-thread thread-${c.thread.status.replace(/[^a-z]/g, '')}`} data-thread={c.thread.id} title={`Thread ${c.thread.id} (${c.thread.status}), started from this task: open it in the Threads panel`} aria-hidden="true">
          <span class="codicon codicon-type-hierarchy" />
          {c.thread.id}
        </span>
      ) : null}
      {short && changes ? (
        <span class={`card-changes${changes.kind === 'changes' ? '' : ' muted'}`} title={changesSentence(changes)} aria-hidden="true">
          <span class={`codicon codicon-${changes.kind === 'changes' ? 'diff' : 'circle-slash'}`} />
          {changes.kind === 'changes' ? (
            <>
              {changes.files} <span class="added">+{changes.added}</span> <span class="removed">−{changes.removed}</span>
            </>
          ) : (
            short
          )}
        </span>
      ) : null}
    </div>
  );
}
