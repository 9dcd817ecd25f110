import { BoardCard } from '../../../src/views/board/common/messages';
import { ageText, statusText } from '../format';

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

export function cardLabel(card: BoardCard, agentName: string, nextUp: boolean, now: number): string {
  const age = ageText(card, now);
  return `${card.title}. ${statusText(card.status)}${nextUp ? ', next up' : ''}, ${agentName}${age ? `, ${age}` : ''}.`;
}

/** One task: title (with "next up" on the agent's first ready task), agent and age, then its first line or Summary. */
export function Card(p: CardProps) {
  const c = p.card;
  const age = ageText(c, p.now);
  const line = cardLine(c);
  const cls = [
    'card',
    `status-${c.status === 'ready' || c.status === 'in-progress' || c.status === 'done' ? c.status : 'other'}`,
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
      aria-label={cardLabel(c, p.agentName, p.nextUp, p.now)}
      aria-describedby="card-help"
      aria-busy={p.pending ? 'true' : undefined}
      data-agent={p.agentSlug}
      data-index={c.index}
      data-title={c.title}
      data-status={c.status ?? ''}
    >
      <div class="card-title">
        {p.nextUp ? (
          <span class="next-up-mark" title="Next up: the first ready task, which the agent picks up next">
            <span class="codicon codicon-arrow-right" aria-hidden="true" />
            next up
          </span>
        ) : null}
        <span class="card-title-text" title={c.title}>
          {c.title}
        </span>
        {p.pending ? <span class="codicon codicon-sync codicon-modifier-spin pending-icon" aria-hidden="true" title="Writing…" /> : null}
      </div>
      <div class="card-meta">
        <span class={`codicon codicon-${STATUS_ICONS[c.status ?? ''] ?? 'question'}`} aria-hidden="true" />
        <span class="card-agent">{p.agentName}</span>
        {age ? <span class="card-age">· {age}</span> : null}
      </div>
      {line ? (
        <div class={`card-text${c.status === 'done' && c.summary ? ' summary' : ''}`} title={line}>
          {line}
        </div>
      ) : null}
    </div>
  );
}
