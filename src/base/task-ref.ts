/**
 * A task as the dashboard names it when it acts on one (a card the board shows, a
 * task a review diff or the Team view names): the agent, the task's index in its
 * tasks.md, its title and the status it showed. The one reference the pages send and
 * the host acts on; the task is found again in the file as it is at that moment.
 */
export interface TaskRef {
  readonly agent: string;
  readonly index: number;
  readonly title: string;
  readonly status: string | null;
}

/**
 * The index an item has in a freshly read list when it was known as (`index`,
 * `title`): the same position when the title still matches, else the only item with
 * that title; -1 when it is gone or cannot be told apart from another. How the board
 * and the task actions find a task again after the file may have changed.
 */
export function locateTask(items: readonly { readonly title: string }[], ref: { readonly index: number; readonly title: string }): number {
  if (ref.index >= 0 && ref.index < items.length && items[ref.index].title === ref.title) return ref.index;
  let found = -1;
  for (let i = 0; i < items.length; i++) {
    if (items[i].title !== ref.title) continue;
    if (found >= 0) return -1;
    found = i;
  }
  return found;
}
