/**
 * Command ids registered in one place and run from another (a view registers "Focus
 * Team View"; the down notification and Create Team Folder run it). The manifest
 * lists every command.
 */
export const FOCUS_TEAM_VIEW_COMMAND = 'cortex.focusTeamView';
export const REGISTER_AGENT_COMMAND = 'cortex.registerAgent';
export const DISPATCH_TASK_COMMAND = 'cortex.dispatchTask';
export const OPEN_WORKLOG_COMMAND = 'cortex.openWorklog';
export const ESCALATE_MESSAGES_COMMAND = 'cortex.escalateOverdueMessages';
/** Opens the board showing only the done tasks no one has reviewed (the review status bar item). */
export const SHOW_TASKS_TO_REVIEW_COMMAND = 'cortex.showTasksToReview';
/** Opens a task's changes in the multi-file diff editor (the board's Review Changes). */
export const REVIEW_CHANGES_COMMAND = 'cortex.reviewChanges';
export const ACCEPT_REVIEWED_TASK_COMMAND = 'cortex.acceptReviewedTask';
export const SEND_BACK_REVIEWED_TASK_COMMAND = 'cortex.sendBackReviewedTask';
export const UNDO_BOARD_ACTION_COMMAND = 'cortex.undoBoardAction';
export const SEARCH_TEAM_COMMAND = 'cortex.searchTeam';
/** Opens the Threads panel, on `{ kind: 'template' | 'thread', id }` when given (the Threads list, a board card's thread chip). */
export const OPEN_THREADS_COMMAND = 'cortex.openThreads';
/** Opens an agent's session view (ACP agents): `[slug]`, or a pick of the agents run as sessions. */
export const OPEN_AGENT_SESSION_COMMAND = 'cortex.openAgentSession';
