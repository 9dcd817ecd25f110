import { cardAge } from '../../src/views/board/common/columns';
import { BoardCard } from '../../src/views/board/common/messages';
import { duration } from '../../src/base/words';

/** How the board words things. Pure. */

/** "started 40 min ago", "done 2 days ago", "started just now"; `null` without a time. */
export function ageText(card: Pick<BoardCard, 'status' | 'started' | 'completed'>, now: number): string | null {
  const age = cardAge(card, now);
  if (!age) return null;
  const word = age.since === 'completed' ? 'done' : 'started';
  return age.minutes < 1 ? `${word} just now` : `${word} ${duration(age.minutes)} ago`;
}
