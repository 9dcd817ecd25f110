import { patchFiles, relativeTo, toolAction } from './tool-actions';
import { LineCounts, Transcript, TranscriptAction, TranscriptReader, UsageRecord, instant, isRecord, jsonObject, num, readJsonLines, oneLine, str } from './transcript';

/**
 * Codex's session log ("rollout"): `~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<id>.jsonl`
 * (`$CODEX_HOME` instead of `~/.codex` when set). One `{timestamp, type, payload}` a line:
 *
 * - `session_meta`: the session's `id` and `cwd` (how a log is matched to a project);
 * - `turn_context`: the `model` (and `cwd`) of the turn that follows;
 * - `response_item`: what the model saw and said: `message` (role `user`, `assistant`,
 *   `developer`), `function_call` (`shell`, `exec_command`… with JSON `arguments`),
 *   `custom_tool_call` (`apply_patch`), `reasoning`…;
 * - `event_msg`: the session's events; `token_count` carries
 *   `info.total_token_usage` (`input_tokens` including `cached_input_tokens`,
 *   `output_tokens` including `reasoning_output_tokens`) and `info.last_token_usage`.
 *   Usage is the growth of the total between two counts (a count repeated with the
 *   same total adds nothing);
 * - `world_state`, `compacted`: bookkeeping.
 */
const KNOWN = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'world_state', 'compacted']);

/** The lines of instructions Codex adds to the conversation as if the user wrote them. */
const CONTEXT_PROMPT = /^\s*(<environment_context>|<user_instructions>|<permissions|<skills_instructions>|<collaboration_mode>|# AGENTS\.md|<INSTRUCTIONS>)/;

interface Totals {
  readonly input: number;
  readonly cached: number;
  readonly output: number;
  readonly cacheWrite: number;
}

export function createCodexReader(): TranscriptReader {
  const counts = new LineCounts();
  const actions: TranscriptAction[] = [];
  const usage: UsageRecord[] = [];
  let session: string | null = null;
  let cwd: string | null = null;
  let model: string | null = null;
  let last: Totals | null = null;

  const count = (at: number, info: Record<string, unknown>) => {
    const total = totalsOf(info.total_token_usage);
    const delta = usageSince(last, total) ?? totalsOf(info.last_token_usage) ?? total;
    if (total) last = total;
    if (!delta || delta.input + delta.output + delta.cached === 0) return;
    usage.push({
      at,
      model,
      usage: { input: Math.max(0, delta.input - delta.cached - delta.cacheWrite), output: delta.output, cacheRead: delta.cached, cacheWrite: delta.cacheWrite },
    });
  };

  const add = (o: Record<string, unknown>) => {
    const type = str(o.type) ?? '';
    if (!KNOWN.has(type)) {
      counts.unknownType(type || '(no type)');
      return;
    }
    const p = isRecord(o.payload) ? o.payload : {};
    const at = instant(o.timestamp) ?? instant(p.timestamp);
    if (type === 'session_meta') {
      session ??= str(p.id) ?? str(p.session_id) ?? null;
      cwd ??= str(p.cwd) ?? null;
    } else if (type === 'turn_context') {
      model = str(p.model) ?? model;
      cwd = str(p.cwd) ?? cwd;
    } else if (type === 'event_msg') {
      if (p.type === 'token_count' && isRecord(p.info) && at !== undefined) count(at, p.info);
      else if (p.type === 'thread_settings_applied' && isRecord(p.thread_settings)) model = str(p.thread_settings.model) ?? model;
    } else if (type === 'response_item' && at !== undefined) actions.push(...itemActions(at, p, cwd));
  };

  return {
    addLines(lines) {
      readJsonLines(lines, counts, add);
    },
    transcript(): Transcript {
      return { format: 'codex', session, cwd, model, actions: [...actions], usage: [...usage], unreadable: counts.unreadable, unknown: { ...counts.unknown } };
    },
  };
}

function totalsOf(u: unknown): Totals | undefined {
  return isRecord(u) ? { input: num(u.input_tokens), cached: num(u.cached_input_tokens), output: num(u.output_tokens), cacheWrite: num(u.cache_write_input_tokens) } : undefined;
}

/**
 * The usage between two running totals; `undefined` for the first count of a log or
 * totals that started again (the caller then takes the last request's own usage).
 */
function usageSince(last: Totals | null, total: Totals | undefined): Totals | undefined {
  if (!total || !last || total.input < last.input || total.output < last.output || total.cached < last.cached) return undefined;
  return { input: total.input - last.input, cached: total.cached - last.cached, output: total.output - last.output, cacheWrite: Math.max(0, total.cacheWrite - last.cacheWrite) };
}

/** What one `response_item` did: a prompt, a reply, a tool call or the files a patch edits. */
function itemActions(at: number, p: Record<string, unknown>, cwd: string | null): TranscriptAction[] {
  switch (p.type) {
    case 'message': {
      const texts = (Array.isArray(p.content) ? p.content : []).filter(isRecord).map((c) => str(c.text)).filter((t): t is string => !!t);
      const text = texts.join('\n');
      if (!text) return [];
      if (p.role === 'user' && !CONTEXT_PROMPT.test(text)) return [{ at, kind: 'prompt', text: oneLine(text), detail: text }];
      if (p.role === 'assistant') return [{ at, kind: 'reply', text: oneLine(text), detail: text }];
      return [];
    }
    case 'function_call':
    case 'local_shell_call': {
      let args: unknown = p.arguments ?? p.action;
      if (typeof args === 'string') args = jsonObject(args) ?? { command: args };
      return [toolAction(at, str(p.name) ?? 'shell', args, cwd)];
    }
    case 'custom_tool_call': {
      const name = str(p.name) ?? 'tool';
      const input = str(p.input) ?? '';
      const files = name === 'apply_patch' ? patchFiles(input) : [];
      if (files.length) return files.map((file) => ({ at, kind: 'edit', tool: name, file, text: `${name} ${relativeTo(file, cwd)}` }));
      return [toolAction(at, name, jsonObject(input) ?? {}, cwd)];
    }
  }
  return [];
}

/** The session's folder from a rollout's first line (`session_meta`), without reading the rest. */
export function codexSessionCwd(firstLine: string): string | undefined {
  const o = jsonObject(firstLine);
  if (!o || o.type !== 'session_meta' || !isRecord(o.payload)) return undefined;
  return str(o.payload.cwd);
}
