import { toolAction } from './tool-actions';
import { LineCounts, Transcript, TranscriptAction, TranscriptReader, UsageRecord, instant, isRecord, num, readJsonLines, oneLine, str } from './transcript';

/**
 * Claude Code's session log: `~/.claude/projects/<project path>/<session id>.jsonl`
 * (the project path with every character that is not a letter or digit turned into
 * `-`; `$CLAUDE_CONFIG_DIR` instead of `~/.claude` when set). One JSON object a line:
 *
 * - `user`: `message.content` is the prompt (a string, or text blocks), or tool
 *   results; `isMeta` lines are the CLI's own;
 * - `assistant`: `message.{id, model, content, usage}`, where `content` holds `text`,
 *   `thinking` and `tool_use` blocks and `usage` has `input_tokens`, `output_tokens`,
 *   `cache_read_input_tokens`, `cache_creation_input_tokens`. A streamed reply is
 *   written as several lines with the same `message.id` and its usage on each: the
 *   usage counts once per id (the last one read);
 * - `summary`, `system`, `file-history-snapshot`, `queue-operation`, `attachment`,
 *   `last-prompt`, `progress`…: the CLI's bookkeeping, read past.
 *
 * The stand-in agent (`cortex-team simulate`) writes this format too.
 */
const BOOKKEEPING = new Set(['summary', 'system', 'file-history-snapshot', 'queue-operation', 'attachment', 'last-prompt', 'progress', 'custom-title', 'tag', 'agent-name', 'pr-link', 'mode']);

/** The folder name Claude Code gives a project under `projects/`. */
export function claudeProjectDirName(projectPath: string): string {
  const name = projectPath.replace(/[^a-zA-Z0-9]/g, '-');
  if (name.length <= 200) return name;
  let h = 0;
  for (let i = 0; i < projectPath.length; i++) h = ((h << 5) - h + projectPath.charCodeAt(i)) | 0;
  return `${name.slice(0, 200)}-${Math.abs(h).toString(36)}`;
}

export function createClaudeReader(): TranscriptReader {
  const counts = new LineCounts();
  const actions: TranscriptAction[] = [];
  const usage = new Map<string, UsageRecord>();
  let session: string | null = null;
  let cwd: string | null = null;
  let model: string | null = null;
  let anonymous = 0;

  const add = (o: Record<string, unknown>) => {
    const type = str(o.type) ?? '';
    session ??= str(o.sessionId) ?? null;
    cwd = str(o.cwd) ?? cwd;
    const at = instant(o.timestamp);
    if (type === 'user') {
      if (at === undefined || o.isMeta === true || o.isSidechain === true) return;
      const message = isRecord(o.message) ? o.message : {};
      const text = promptText(message.content);
      if (text) actions.push({ at, kind: 'prompt', text: oneLine(text), detail: text });
      return;
    }
    if (type === 'assistant') {
      if (at === undefined) return;
      const message = isRecord(o.message) ? o.message : {};
      const m = str(message.model);
      const synthetic = m === '<synthetic>';
      if (m && !synthetic) model = m;
      const u = isRecord(message.usage) ? message.usage : undefined;
      if (u && !synthetic) {
        const key = str(message.id) ?? str(o.requestId) ?? `#${anonymous++}`;
        usage.set(key, {
          at: usage.get(key)?.at ?? at,
          model: m ?? null,
          usage: { input: num(u.input_tokens), output: num(u.output_tokens), cacheRead: num(u.cache_read_input_tokens), cacheWrite: num(u.cache_creation_input_tokens) },
        });
      }
      if (o.isSidechain === true) return;
      for (const block of Array.isArray(message.content) ? message.content : []) {
        if (!isRecord(block)) continue;
        if (block.type === 'text' && str(block.text)) actions.push({ at, kind: 'reply', text: oneLine(block.text as string), detail: block.text as string });
        else if (block.type === 'tool_use' && str(block.name)) actions.push(toolAction(at, block.name as string, block.input, cwd));
      }
      return;
    }
    if (!BOOKKEEPING.has(type)) counts.unknownType(type || '(no type)');
  };

  return {
    addLines(lines) {
      readJsonLines(lines, counts, add);
    },
    transcript(): Transcript {
      return { format: 'claude-code', session, cwd, model, actions: [...actions], usage: [...usage.values()], unreadable: counts.unreadable, unknown: { ...counts.unknown } };
    },
  };
}

/** A user message's own words: the string, or its text blocks (tool results are not prompts). */
function promptText(content: unknown): string | undefined {
  if (typeof content === 'string') return cleanPrompt(content);
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter((b) => isRecord(b) && b.type === 'text' && typeof b.text === 'string').map((b) => (b as { text: string }).text);
  return texts.length ? cleanPrompt(texts.join('\n')) : undefined;
}

/** A slash command as the person typed it; the CLI's wrappers and reminders dropped. */
function cleanPrompt(text: string): string | undefined {
  const command = /<command-name>([^<]*)<\/command-name>/.exec(text);
  if (command) return command[1].trim();
  if (/^\s*<(local-command-stdout|system-reminder|local-command-caveat)/.test(text)) return undefined;
  return text.trim() === '' ? undefined : text;
}
