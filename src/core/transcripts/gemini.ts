import { toolAction } from './tool-actions';
import { LineCounts, Transcript, TranscriptAction, TranscriptReader, UsageRecord, instant, isRecord, jsonObject, num, readJsonLines, oneLine, str } from './transcript';

/**
 * Gemini CLI's session log (0.61): `~/.gemini/tmp/<project id>/chats/session-<time>-<id>.jsonl`,
 * where `~/.gemini/projects.json` maps the project's absolute path to its id. One JSON
 * object a line:
 *
 * - the header: `{sessionId, projectHash, startTime, lastUpdated, kind}`;
 * - a message: `{id, timestamp, type, content, …}` with `type` `user`, `gemini`,
 *   `info`, `error`, `warning`; a `gemini` message carries `model`, `tokens` (`input`
 *   including `cached`, `output`, `thoughts`, `tool`, `total`) and `toolCalls`
 *   (`{id, name, args, status}`). A message is written again, whole, whenever it
 *   grows (tool calls added, tokens known): the last line with an id counts;
 * - `{"$set": {…}}`: an update of the session's fields (`lastUpdated`, `messages`…).
 */
const MESSAGE_TYPES = new Set(['user', 'gemini', 'info', 'error', 'warning']);
const SET_KEYS = new Set(['$set', '$rewindTo', '$unset']);

interface Message {
  readonly at: number;
  readonly type: string;
  readonly raw: Record<string, unknown>;
}

export function createGeminiReader(): TranscriptReader {
  const counts = new LineCounts();
  const messages = new Map<string, Message>();
  let session: string | null = null;
  let cwd: string | null = null;

  const message = (o: Record<string, unknown>) => {
    const id = str(o.id);
    const at = instant(o.timestamp);
    const type = str(o.type) ?? '';
    if (!id || at === undefined) return;
    if (!MESSAGE_TYPES.has(type)) {
      counts.unknownType(`message:${type || '(no type)'}`);
      return;
    }
    messages.set(id, { at: messages.get(id)?.at ?? at, type, raw: o });
  };

  const add = (o: Record<string, unknown>) => {
    if (str(o.sessionId) && !('type' in o)) {
      session ??= str(o.sessionId) ?? null;
      return;
    }
    const keys = Object.keys(o);
    if (keys.length > 0 && keys.every((k) => k.startsWith('$'))) {
      for (const k of keys) if (!SET_KEYS.has(k)) counts.unknownType(k);
      // `$set: {messages: […]}` restores messages (a resumed or rewound session).
      const set = isRecord(o.$set) ? o.$set : undefined;
      if (set && Array.isArray(set.messages)) for (const m of set.messages) if (isRecord(m)) message(m);
      return;
    }
    if ('type' in o && 'id' in o) message(o);
    else counts.unknownType('(unknown record)');
  };

  return {
    addLines(lines) {
      readJsonLines(lines, counts, add);
    },
    transcript(): Transcript {
      const actions: TranscriptAction[] = [];
      const usage: UsageRecord[] = [];
      let model: string | null = null;
      for (const m of messages.values()) {
        const text = contentText(m.raw.content);
        if (m.type === 'user') {
          if (text && !/^\s*<session_context>/.test(text)) actions.push({ at: m.at, kind: 'prompt', text: oneLine(text), detail: text });
          continue;
        }
        if (m.type !== 'gemini') continue;
        model = str(m.raw.model) ?? model;
        if (text) actions.push({ at: m.at, kind: 'reply', text: oneLine(text), detail: text });
        for (const call of Array.isArray(m.raw.toolCalls) ? m.raw.toolCalls : []) {
          if (isRecord(call) && str(call.name)) actions.push(toolAction(instant(call.timestamp) ?? m.at, call.name as string, call.args, cwd));
        }
        const t = isRecord(m.raw.tokens) ? m.raw.tokens : undefined;
        if (t) {
          const cached = num(t.cached);
          usage.push({ at: m.at, model: str(m.raw.model) ?? null, usage: { input: Math.max(0, num(t.input) - cached), output: num(t.output) + num(t.thoughts), cacheRead: cached, cacheWrite: 0 } });
        }
      }
      actions.sort((a, b) => a.at - b.at);
      return { format: 'gemini', session, cwd, model, actions, usage, unreadable: counts.unreadable, unknown: { ...counts.unknown } };
    },
  };
}

/** A message's text: a string, or the `text` of its parts. */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content.trim() === '' ? undefined : content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.filter(isRecord).map((p) => str(p.text)).filter((t): t is string => !!t);
  return texts.length ? texts.join('\n') : undefined;
}

/** The folder id Gemini CLI gave a project, from `~/.gemini/projects.json`'s text. */
export function geminiProjectId(projectsJson: string, projectPath: string): string | undefined {
  const o = jsonObject(projectsJson);
  const projects = o && isRecord(o.projects) ? o.projects : undefined;
  return projects ? str(projects[projectPath]) : undefined;
}
