import { isCortexTempName } from '../fs/team-fs';

/**
 * Where things are in a team folder: `agents/<slug>/<slug>.md` and
 * `agents/<slug>/tasks.md`, `projects/*.md`, `templates/agent-template.md` and
 * `templates/project-template.md`. Dot-files and the core's own temp files are not
 * part of the team.
 */

export const AGENTS_DIR = 'agents';
export const PROJECTS_DIR = 'projects';
export const TEMPLATES_DIR = 'templates';
export const TASKS_FILE = 'tasks.md';
export const AGENT_TEMPLATE = 'templates/agent-template.md';
export const PROJECT_TEMPLATE = 'templates/project-template.md';
/** The activity feed (see `core/actions/activity.ts`); the scan reads its dispatches (see `core/team/pickup.ts`). */
export const ACTIVITY_FILE = '.cortex/activity.jsonl';

/** A name the scan skips: dot-files and folders, the core's temp files. */
export function isSkippedName(name: string): boolean {
  return name.startsWith('.') || isCortexTempName(name);
}

export function agentNotePath(slug: string): string {
  return `${AGENTS_DIR}/${slug}/${slug}.md`;
}

export function agentTasksPath(slug: string): string {
  return `${AGENTS_DIR}/${slug}/${TASKS_FILE}`;
}

/** A project note's file name under projects/. */
export function isProjectFileName(name: string): boolean {
  return !isSkippedName(name) && /\.md$/i.test(name) && name.length > 3;
}

/** `billing.md` → `billing`. */
export function projectSlugOf(name: string): string {
  return name.slice(0, -3);
}
