/**
 * What a card says about a task's changes in its agent's project (plain data, posted
 * to the board): files and lines, or why there is nothing to show.
 */
export type ChangeSummary =
  | {
      readonly kind: 'changes';
      readonly files: number;
      readonly added: number;
      readonly removed: number;
      readonly commits: number;
      /** The working tree holds work not committed yet (a task in progress). */
      readonly uncommitted: boolean;
      /** How the commits were found: a Cortex-Task line in their messages, or their time. */
      readonly via: 'reference' | 'time' | null;
    }
  /** A repository, and nothing in it for this task. */
  | { readonly kind: 'none' }
  /** The agent's project folder is not in a git repository. */
  | { readonly kind: 'noRepository' }
  /** The agent's note names no project folder on this machine. */
  | { readonly kind: 'noProject' }
  /** Git is missing, failed, or the folder is not on this machine. */
  | { readonly kind: 'unavailable'; readonly reason: string };
