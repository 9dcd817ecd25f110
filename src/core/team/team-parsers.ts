import { FileContent } from '../text/file-content';
import { TaskFile } from './model';
import { AgentNote, parseAgentNote } from '../parse/agent-note';
import { ParsedProjectNote, parseProjectNote } from '../parse/project-note';
import { readTaskFile } from '../parse/tasks';

/**
 * How the team index turns a file's text into its parsed form. `FULL_PARSERS` is the
 * whole reading every view uses; a cache (core/parse-cache) can stand in for it, keyed
 * on the content's bytes, so a file it knows is never decoded.
 */
export interface TeamParsers {
  taskFile(content: FileContent, path: string): TaskFile;
  agentNote(content: FileContent, path: string, slug: string): AgentNote;
  projectNote(content: FileContent, path: string, slug: string): ParsedProjectNote;
  /**
   * Optional: the content of a file these parsers will be asked about, when they know it
   * without its being read (`FileContent.known`); `null` to have it read.
   */
  known?(path: string): Promise<FileContent | null>;
}

export const FULL_PARSERS: TeamParsers = {
  taskFile: (content, path) => readTaskFile(content.text, path),
  agentNote: (content, path, slug) => parseAgentNote(content.text, path, slug),
  projectNote: (content, path, slug) => parseProjectNote(content.text, path, slug),
};
