/**
 * The codicon each liveness state shows with, everywhere (Quick Picks, the Team view,
 * the board, Team Insights): never colour alone. The states are the core's
 * (core/team/liveness.ts, which checks that every one has its icon); the table lives here so
 * that the pages can bundle it.
 */
export const LIVENESS_ICONS = {
  alive: 'pass-filled',
  idle: 'debug-pause',
  waiting: 'watch',
  down: 'error',
  inactive: 'circle-slash',
} as const;
