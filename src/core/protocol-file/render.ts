/**
 * Fills a protocol template (`templates/protocol/*.md`): every `{{name}}` is replaced
 * by its value, literally (a value is never read as a template). A template that uses
 * a name the core does not fill is a packaging mistake and throws.
 */

/** What the templates can name. */
export const PLACEHOLDERS = [
  'agent_name',
  'agent_slug',
  'note_path',
  'tasks_path',
  'project',
  'team_dir',
  'agents_dir',
  'projects_dir',
  'templates_dir',
  'worklog_path',
  'mailbox_path',
  'heartbeat_minutes',
  'stale_minutes',
  'daily_briefing',
  'daily_review',
  'runtime',
  'protocol_file',
  'tick_prompt',
  'tasks_path_sh',
] as const;

export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Readonly<Record<Placeholder, string>>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** The names a template uses, in order of first use. */
export function placeholdersIn(template: string): string[] {
  const seen: string[] = [];
  for (const m of template.matchAll(PLACEHOLDER)) if (!seen.includes(m[1])) seen.push(m[1]);
  return seen;
}

export function fillTemplate(template: string, values: PlaceholderValues, templateName: string): string {
  const unknown = placeholdersIn(template).filter((n) => !(PLACEHOLDERS as readonly string[]).includes(n));
  if (unknown.length > 0) {
    throw new Error(`${templateName} uses ${unknown.map((n) => `{{${n}}}`).join(', ')}, which Cortex does not fill.`);
  }
  return template.replace(PLACEHOLDER, (_, name: string) => values[name as Placeholder]);
}
