import { COLUMN_TITLES } from '../../../src/views/board/common/columns';
import { VisibleLane } from '../../../src/views/board/common/filter';
import { METRICS, rowTop } from '../../../src/views/board/common/layout';
import { BoardAgent, BoardCard, ColumnId } from '../../../src/views/board/common/messages';
import { LivenessBadge } from '../../shared/liveness-badge';
import { MiddleName } from '../../shared/middle-name';
import { CoordinatorTag } from '../../shared/coordinator-tag';
import { startTitle } from '../../shared/format';
import type { LaneRunAction } from '../actions';
import { pendingKey } from '../client';
import { plural } from '../../../src/base/words';
import { Card } from './card';
import { STATUS_WORDS } from '../../../src/base/task-status';

/** Where a dragged (or keyboard-moved) card would land, drawn in its lane. */
export interface DropIndicator {
  readonly agent: string;
  readonly column: ColumnId;
  readonly slot: number;
  /** Whether a drop there does something (else the cell is not highlighted). */
  readonly valid: boolean;
  /** Draw the insertion line (reordering within the ready column). */
  readonly line: boolean;
}

export interface CardKey {
  readonly agent: string;
  readonly index: number;
  readonly title: string;
}

export interface LaneProps {
  lane: VisibleLane;
  columns: readonly ColumnId[];
  top: number;
  height: number;
  collapsed: boolean;
  /** Card rows to render: [first, end). */
  rows: { first: number; end: number };
  /** Cards always rendered (the focused one, the one being dragged). */
  pinned: readonly CardKey[];
  focus: CardKey | null;
  tabStop: CardKey | null;
  lifted: CardKey | null;
  dragging: CardKey | null;
  indicator: DropIndicator | null;
  pending: ReadonlySet<string>;
  trusted: boolean;
  now: number;
  onToggle: (slug: string) => void;
  onRun: (slug: string, what: LaneRunAction) => void;
}

/** Start, or Show Terminal (Open Session for an ACP session) and Stop, beside the liveness in the lane header (none where agents are not run here). */
function LaneRunButtons(p: { agent: BoardAgent; onRun: (slug: string, what: LaneRunAction) => void }) {
  const { agent: a } = p;
  if (!a.run) return null;
  const button = (what: LaneRunAction, icon: string, label: string, title: string) => (
    <button type="button" class={`icon-button lane-run ${what}`} title={title} onClick={() => p.onRun(a.slug, what)}>
      <span class={`codicon codicon-${icon}`} aria-hidden="true" />
      {label}
    </button>
  );
  return (
    <span class="lane-run-buttons">
      {a.run.live ? (
        <>
          {a.run.session ? button('session', 'comment-discussion', 'Open Session', `Open ${a.name}'s session`) : button('show', 'terminal', 'Show Terminal', `Show ${a.name}'s terminal`)}
          {button('stop', 'debug-stop', 'Stop', `Stop ${a.name}`)}
        </>
      ) : (
        button('start', 'play', 'Start', startTitle(a.name, a.run))
      )}
    </span>
  );
}

const COLUMN_INDEX: Readonly<Record<ColumnId, number>> = { ready: 0, 'in-progress': 1, done: 2, other: 3 };

function same(k: CardKey | null, agent: string, c: BoardCard): boolean {
  return k !== null && k.agent === agent && k.index === c.index && k.title === c.title;
}

/**
 * One agent's swimlane: a header (fold button, name, liveness, counts) that stays in
 * view while the lane scrolls, and a cell per column with the cards of the visible
 * rows, absolutely placed (every card has the same height).
 */
export function Lane(p: LaneProps) {
  const { lane, columns } = p;
  const a = lane.agent;
  const slug = a.slug;
  const counts = columns.map((c) => (lane.loaded ? lane.columns[c].length : a.counts[COLUMN_INDEX[c]]));
  const headId = `lane-${cssId(slug)}`;
  const headIndicator = p.indicator && p.indicator.agent === slug && p.collapsed ? p.indicator : null;
  return (
    <section
      class={`lane liveness-${a.liveness}${p.collapsed ? ' collapsed' : ''}${headIndicator?.valid ? ' drop-target' : ''}`}
      style={{ top: `${p.top}px`, height: `${p.height - METRICS.gap}px` }}
      aria-labelledby={headId}
      data-lane={slug}
    >
      <div class="lane-head" data-lane-head={slug}>
        <button type="button" class="lane-toggle" aria-expanded={!p.collapsed} id={headId} onClick={() => p.onToggle(slug)} title={p.collapsed ? 'Show the lane' : 'Fold the lane'}>
          <span class={`codicon codicon-chevron-${p.collapsed ? 'right' : 'down'}`} aria-hidden="true" />
          <MiddleName class="lane-name" name={a.name} />
          <span class="visually-hidden">, {a.liveness}</span>
        </button>
        {a.coordinator ? <CoordinatorTag /> : null}
        <LivenessBadge liveness={a.liveness} tickAgeMinutes={a.tickAgeMinutes} />
        <LaneRunButtons agent={a} onRun={p.onRun} />
        <span class="lane-counts">
          {columns.map((c, i) => (
            <span key={c} class={`lane-count count-${c}`} title={COLUMN_TITLES[c]}>
              {counts[i]} {c === 'other' ? 'other' : STATUS_WORDS[c]}
            </span>
          ))}
        </span>
        {a.role ? <span class="lane-role" title={a.role}>{a.role}</span> : null}
      </div>
      {p.collapsed ? null : !lane.loaded ? (
        <div class={`lane-body cols-${columns.length}`}>
          <p class="lane-loading muted" role="status">
            <span class="codicon codicon-loading codicon-modifier-spin" aria-hidden="true" /> Loading cards…
          </p>
        </div>
      ) : (
        <div class={`lane-body cols-${columns.length}`}>
          {columns.map((col) => (
            <Cell key={col} {...p} column={col} cards={lane.columns[col]} />
          ))}
        </div>
      )}
    </section>
  );
}

function Cell(p: LaneProps & { column: ColumnId; cards: readonly BoardCard[] }) {
  const { lane, column, cards } = p;
  const slug = lane.agent.slug;
  const ind = p.indicator && p.indicator.agent === slug && p.indicator.column === column ? p.indicator : null;
  const shown: Array<{ card: BoardCard; row: number }> = [];
  const end = Math.min(cards.length, p.rows.end);
  for (let r = p.rows.first; r < end; r++) shown.push({ card: cards[r], row: r });
  for (const k of p.pinned) {
    if (k.agent !== slug) continue;
    const r = cards.findIndex((c) => c.index === k.index && c.title === k.title);
    if (r >= 0 && (r < p.rows.first || r >= end)) shown.push({ card: cards[r], row: r });
  }
  return (
    <div
      class={`cell column-${column}${ind?.valid ? ' drop-target' : ''}`}
      role="list"
      aria-label={`${COLUMN_TITLES[column]}: ${lane.agent.name}, ${plural(cards.length, 'task')}`}
      data-agent={slug}
      data-column={column}
    >
      {shown.map(({ card, row }) => (
        <Card
          key={`${card.index}\n${card.title}`}
          card={card}
          agentSlug={slug}
          agentName={lane.agent.name}
          top={rowTop(row)}
          pos={row + 1}
          size={cards.length}
          nextUp={card.index === lane.nextUp && card.status === 'ready'}
          pending={p.pending.has(pendingKey(slug, card.title))}
          focused={same(p.focus, slug, card)}
          tabStop={same(p.tabStop, slug, card)}
          lifted={same(p.lifted, slug, card)}
          dragging={same(p.dragging, slug, card)}
          draggable={p.trusted && !p.pending.has(pendingKey(slug, card.title))}
          now={p.now}
        />
      ))}
      {ind?.line ? <div class="drop-line" style={{ top: `${Math.max(1, rowTop(ind.slot) - (METRICS.row - cardHeight()) / 2 - 1)}px` }} aria-hidden="true" /> : null}
    </div>
  );
}

/** The height of a card without the gap below it (styles.css keeps it in step). */
export function cardHeight(): number {
  return METRICS.row - 8;
}

function cssId(slug: string): string {
  return slug.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.charCodeAt(0).toString(16)}`);
}
