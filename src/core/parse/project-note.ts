import { readFrontmatter, stringField } from '../text/frontmatter';
import { Diagnostic, Project } from '../team/model';
import { Line } from '../text/text';
import { duplicateKeys, firstItem } from './agent-note';
import { Section, findSections, sectionNamed } from './sections';

/**
 * Reads a project note (projects/<slug>.md): frontmatter `type`, `created`, `status`
 * and the sections `## Next Action` and `## Notes`.
 */
export interface ParsedProjectNote {
  readonly project: Project;
  readonly diagnostics: readonly Diagnostic[];
}

export function parseProjectNote(text: string, file: string, slug: string): ParsedProjectNote {
  const diagnostics: Diagnostic[] = [];
  const fm = readFrontmatter(text);
  if (fm.error) {
    diagnostics.push({ file, line: fm.error.line, severity: 'error', message: `${fm.error.message.replace(/[.\s]*$/, '')}. Its fields are left empty.` });
  }
  for (const [key, at] of duplicateKeys(text, fm.lines, fm.range)) {
    diagnostics.push({ file, line: at, severity: 'warning', message: `"${key}" appears more than once in the frontmatter; the last one counts.` });
  }
  const sections = findSections(text, fm.lines, fm.bodyLine);
  const next = sectionNamed(sections, 'Next Action');
  return {
    project: {
      slug,
      path: file,
      type: scalar(fm.data, 'type'),
      status: scalar(fm.data, 'status'),
      created: scalar(fm.data, 'created'),
      nextAction: firstItem(text, fm.lines, next),
      notes: sectionText(text, fm.lines, sectionNamed(sections, 'Notes')),
    },
    diagnostics,
  };
}

function scalar(data: Record<string, unknown> | null, key: string): string | null {
  const v = data?.[key];
  if (v !== null && typeof v === 'object' && !(v instanceof Date)) return null;
  return stringField(data, key);
}

/** A section's content with `\n` line breaks, without leading and trailing blank lines; `null` when empty. */
export function sectionText(text: string, lines: readonly Line[], section: Section | undefined): string | null {
  if (!section) return null;
  const parts: string[] = [];
  for (let i = section.heading + 1; i < section.end; i++) parts.push(text.slice(lines[i].start, lines[i].end));
  const s = parts.join('\n').replace(/^\s*\n/, '').trimEnd();
  return s.trim() === '' ? null : s;
}
