import { isRecord, jsonObject } from './transcript';

/**
 * What became of a question Claude Code asked (a permission dialog), read from its
 * session log, since Claude Code fires no hook when the person answers "No" or Esc:
 *
 * - a user line whose text starts with `[Request interrupted by user` (after a denied
 *   permission, or Esc mid-turn): the turn is over, the CLI is back at its prompt;
 * - a tool result, or the model writing again: the question was answered and the
 *   turn goes on (what PostToolUse reported before the hooks stopped running per
 *   tool call).
 *
 * Only lines stamped after `afterMs` (the question's report) count; the last one that
 * says anything wins. An interrupt counts from `interruptsAfterMs` on (the question's
 * tool call, `claudeQuestionAt`): Claude Code's Notification hook can come seconds after
 * its dialog appeared, after the person already said no. `null`: nothing yet. Pure.
 */
export interface ClaudeAnswer {
  readonly state: 'working' | 'turn-finished';
  /** The line's time, ms since the epoch. */
  readonly at: number;
  readonly message: string | null;
}

export const INTERRUPT_PREFIX = '[Request interrupted by user';

export function claudeAnswerAfter(lines: readonly string[], afterMs: number, interruptsAfterMs = afterMs): ClaudeAnswer | null {
  let answer: ClaudeAnswer | null = null;
  for (const line of lines) {
    const o = jsonObject(line);
    if (!o || o.isSidechain === true || typeof o.timestamp !== 'string') continue;
    const at = Date.parse(o.timestamp);
    if (Number.isNaN(at) || at <= Math.min(afterMs, interruptsAfterMs)) continue;
    const blocks = contentBlocks(o);
    const interrupt = o.type === 'user' && blocks.some((b) => b.type === 'text' && typeof b.text === 'string' && b.text.trimStart().startsWith(INTERRUPT_PREFIX));
    if (interrupt) {
      if (at > interruptsAfterMs) answer = { state: 'turn-finished', at, message: 'The question was declined or the turn interrupted: back at its prompt.' };
      continue;
    }
    if (at <= afterMs) continue;
    if (o.type === 'assistant') answer = { state: 'working', at, message: null };
    else if (o.type === 'user' && blocks.some((b) => b.type === 'tool_result')) answer = { state: 'working', at, message: null };
  }
  return answer;
}

/** The time of the last tool call (an assistant line with a `tool_use`) stamped at or before `beforeMs`: the call a question is about. */
export function claudeQuestionAt(lines: readonly string[], beforeMs: number): number | null {
  let found: number | null = null;
  for (const line of lines) {
    const o = jsonObject(line);
    if (!o || o.isSidechain === true || o.type !== 'assistant' || typeof o.timestamp !== 'string') continue;
    const at = Date.parse(o.timestamp);
    if (!Number.isNaN(at) && at <= beforeMs && contentBlocks(o).some((b) => b.type === 'tool_use')) found = at;
  }
  return found;
}

function contentBlocks(o: Record<string, unknown>): Record<string, unknown>[] {
  const content = isRecord(o.message) ? o.message.content : undefined;
  return typeof content === 'string' ? [{ type: 'text', text: content }] : Array.isArray(content) ? content.filter(isRecord) : [];
}
