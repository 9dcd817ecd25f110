import { LIVENESS_ICONS } from './liveness-icons';

/**
 * A liveness state in running text, everywhere it is said (the status bar, the agent
 * pick, notifications, reports, the MCP status, the pages): "waiting" reads "waiting
 * for pickup" (work was dispatched less than a heartbeat ago). The states are the
 * core's (core/team/liveness.ts); the table lives here so that the pages can bundle it.
 */
export const LIVENESS_WORDS: Readonly<Record<keyof typeof LIVENESS_ICONS, string>> = {
  alive: 'alive',
  idle: 'idle',
  waiting: 'waiting for pickup',
  down: 'down',
  inactive: 'inactive',
};
