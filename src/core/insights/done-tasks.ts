import { Team } from '../team/model';
import { parseStamp } from '../../base/time';
import { TeamHistory } from './figures';

/** A done task as the insights count it: who did it and when (wall-clock minutes). */
export interface DoneTask {
  readonly agent: string;
  readonly title: string;
  /** `null` when the task has no readable Started. */
  readonly started: number | null;
  readonly completed: number;
  /** Only git history still has it (pruned, or removed by hand). */
  readonly fromHistory: boolean;
}

export interface DoneTasks {
  readonly tasks: readonly DoneTask[];
  /** Done tasks whose Completed is missing or unreadable (each counted once). */
  readonly withoutDate: number;
}

/**
 * Every done task the files and their git history know, once each: the same task seen
 * in today's files and in several snapshots is one task (same agent, title, Started
 * and Completed as written). Today's files come first, so a task still there is never
 * counted as history.
 */
export function collectDoneTasks(team: Pick<Team, 'agents'>, history: TeamHistory | null): DoneTasks {
  const seen = new Set<string>();
  const tasks: DoneTask[] = [];
  let withoutDate = 0;
  const add = (agent: string, t: { title: string; status: string | null; started: string | null; completed: string | null }, fromHistory: boolean) => {
    if (t.status !== 'done') return;
    const key = `${agent}\n${t.title}\n${t.started ?? ''}\n${t.completed ?? ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    const completed = parseStamp(t.completed);
    if (completed === null) {
      withoutDate++;
      return;
    }
    tasks.push({ agent, title: t.title, started: parseStamp(t.started), completed, fromHistory });
  };
  for (const a of team.agents) for (const t of a.tasks) add(a.slug, t, false);
  for (const s of history?.snapshots ?? []) for (const a of s.agents) for (const t of a.tasks) add(a.slug, t, true);
  return { tasks, withoutDate };
}
