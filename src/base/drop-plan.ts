/**
 * What a card dropped somewhere on the board means: at most one operation on the task
 * files. The page plans it to show feedback at once (`views/board/common/drop.ts`); the
 * task service plans it again on the task as it is now and carries it out.
 */
export type DropPlan =
  /** Started or completed in its lane. */
  | { readonly kind: 'move'; readonly to: 'in-progress' | 'done' }
  /** Before or after another ready card of its queue (pickup order). */
  | { readonly kind: 'reorder'; readonly anchor: { readonly index: number; readonly title: string }; readonly place: 'before' | 'after' }
  /** To the end of another agent's queue. */
  | { readonly kind: 'reassign'; readonly to: string }
  /** Done is terminal: the host explains and offers "Dispatch again as a new task" (into `dispatchTo`'s queue). */
  | { readonly kind: 'refuse-done'; readonly dispatchTo: string }
  /** Not a place this card can go: nothing is sent; `reason` is announced. */
  | { readonly kind: 'invalid'; readonly reason: string }
  /** Dropped where it already is. */
  | { readonly kind: 'none' };
