import { createExclusive, readTextFile } from '../edit/edit-file';
import { CortexInputError } from '../edit/errors';
import { yamlScalar } from '../text/frontmatter';
import { TeamFs } from '../fs/team-fs';
import { LIMITS, checkOneLine, checkUserText, slugify } from '../text/input-rules';
import { PROJECTS_DIR, PROJECT_TEMPLATE } from '../team/team-paths';
import { BUILTIN_PROJECT_TEMPLATE } from '../team/builtin-templates';
import { encodeText } from '../text/text';
import { fillNoteTemplate } from './note-template';

/**
 * new project: `projects/<slug>.md` from the team's `templates/project-template.md` (or
 * the built-in one), as protocol document 000 describes project notes: frontmatter
 * `type: project`, `created`, `status`; `## Next Action` and `## Notes`. The slug is the
 * name's (the same rule as agents'). Refuses an empty slug and a project whose note
 * exists; writes nothing else.
 */
export interface NewProjectInput {
  readonly name: string;
  /** `YYYY-MM-DD`. */
  readonly created: string;
  /** Default `active`. */
  readonly status?: string;
  /** One line, written as the Next Action's bullet. */
  readonly nextAction?: string;
  /** The `## Notes` section's text (markdown: no `## ` headings); lines not starting with a list marker become bullets. */
  readonly notes?: string;
}

export interface NewProjectResult {
  readonly slug: string;
  readonly path: string;
  readonly template: 'team' | 'built-in';
}

export function projectNotePath(slug: string): string {
  return `${PROJECTS_DIR}/${slug}.md`;
}

export async function createProject(fs: TeamFs, input: NewProjectInput): Promise<NewProjectResult> {
  const name = checkOneLine(input.name, 'project name', LIMITS.line);
  const slug = slugify(name);
  if (slug === '') throw new CortexInputError(`"${name}" gives an empty slug: use letters or digits.`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(input.created)) throw new CortexInputError(`The created date must look like YYYY-MM-DD, not "${input.created}".`);
  const status = checkOneLine(input.status ?? 'active', 'project status', LIMITS.line) || 'active';
  const next = input.nextAction === undefined ? '' : checkOneLine(input.nextAction, 'next action', LIMITS.line, { allowEmpty: true });
  const notes = (input.notes ?? '').trim();
  if (notes !== '') checkUserText(notes, 'project notes');

  const path = projectNotePath(slug);
  if (await fs.stat(path)) throw new CortexInputError(`A project "${slug}" already exists (${path}).`);
  const teamTemplate = await readTextFile(fs, PROJECT_TEMPLATE);
  const note = fillNoteTemplate(teamTemplate ?? BUILTIN_PROJECT_TEMPLATE, {
    keys: [
      ['type', 'project'],
      ['created', input.created],
      ['status', yamlScalar(status)],
    ],
    sections: [
      ['Next Action', next === '' ? [] : [`- ${next}`]],
      ['Notes', notes === '' ? [] : notes.split(/\r\n|\r|\n/).map((l) => (l.trim() === '' || /^\s*([-*+]|\d+[.)])\s/.test(l) ? l : `- ${l}`))],
    ],
  });
  if (!(await createExclusive(fs, path, encodeText(note)))) throw new CortexInputError(`A project "${slug}" already exists (${path}).`);
  return { slug, path, template: teamTemplate === undefined ? 'built-in' : 'team' };
}
