import { TranscriptAction, isRecord, oneLine, str } from './transcript';

/**
 * A tool call as one action line, the same for every CLI: edits name their file,
 * commands their command line, reads and searches what they looked at; anything else
 * its tool name. Paths inside the session's folder are shown relative to it.
 */
const EDIT_TOOLS = new Set(['edit', 'write', 'multiedit', 'notebookedit', 'write_file', 'replace', 'edit_file', 'apply_patch', 'str_replace_based_edit_tool', 'create_file']);
const COMMAND_TOOLS = new Set(['bash', 'shell', 'exec_command', 'shell_command', 'local_shell', 'run_shell_command', 'unified_exec']);
const QUESTION_TOOLS = new Set(['askuserquestion', 'ask_user', 'request_user_input']);

export function toolAction(at: number, name: string, input: unknown, cwd: string | null): TranscriptAction {
  const args = isRecord(input) ? input : {};
  const key = name.toLowerCase();
  const file = str(args.file_path) ?? str(args.notebook_path) ?? str(args.path) ?? str(args.absolute_path);
  const shown = file ? relativeTo(file, cwd) : undefined;
  const label = toolLabel(name);
  if (EDIT_TOOLS.has(key) && file) return { at, kind: 'edit', tool: name, file, text: `${label} ${shown}` };
  if (COMMAND_TOOLS.has(key)) {
    const command = commandText(args.command ?? args.cmd);
    return { at, kind: 'command', tool: name, text: command ? `$ ${oneLine(command, 120)}` : label };
  }
  if (QUESTION_TOOLS.has(key)) return { at, kind: 'question', tool: name, text: `${label}: ${oneLine(firstText(args) ?? '', 120)}` };
  const what = shown ?? str(args.pattern) ?? str(args.query) ?? str(args.url) ?? str(args.description);
  return { at, kind: 'tool', tool: name, ...(file ? { file } : {}), text: what ? `${label} ${oneLine(what, 120)}` : label };
}

/** `mcp__cortex__claim_task` → `claim_task (cortex)`; other names as they are. */
export function toolLabel(name: string): string {
  const mcp = /^mcp__([^_]+(?:_[^_]+)*)__(.+)$/.exec(name);
  return mcp ? `${mcp[2]} (${mcp[1]})` : name;
}

function commandText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((w) => typeof w === 'string')) {
    // Codex runs ["bash", "-lc", "<the command>"]: the command is what people read.
    const words = v as string[];
    if (words.length === 3 && /(^|\/)(ba|z)?sh$/.test(words[0]) && /^-l?c$/.test(words[1])) return words[2];
    return words.join(' ');
  }
  return undefined;
}

function firstText(args: Record<string, unknown>): string | undefined {
  for (const v of Object.values(args)) {
    if (typeof v === 'string' && v.trim() !== '') return v;
    if (Array.isArray(v)) for (const item of v) if (isRecord(item)) { const q = str(item.question); if (q) return q; }
  }
  return undefined;
}

/** `file` relative to `cwd` when inside it, else as it is. */
export function relativeTo(file: string, cwd: string | null): string {
  if (!cwd) return file;
  const base = cwd.endsWith('/') || cwd.endsWith('\\') ? cwd : cwd + (cwd.includes('\\') && !cwd.includes('/') ? '\\' : '/');
  return file.startsWith(base) ? file.slice(base.length) : file;
}

/** Files an `apply_patch` patch touches (`*** Update File: path` and friends). */
export function patchFiles(patch: string): string[] {
  const files: string[] = [];
  for (const m of patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm)) files.push(m[1].trim());
  return files;
}
