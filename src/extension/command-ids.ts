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
