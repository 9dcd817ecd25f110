import { isRecord, jsonObject } from './transcript';
import type { ClaudeAnswer } from './claude-answer';

/**
 * What became of a question Gemini CLI asked (its "Allow execution?" dialog), read from
 * its session log (`~/.gemini/tmp/<project>/chats/session-*.jsonl`), since Gemini CLI
 * 0.61 fires no hook when the person answers "No" or Esc (its Notification hook says the
 * question was asked; AfterAgent comes only at the end of a turn that went on):
 *
 * - an `info` line "Request cancelled." (written on No / Esc, with the tool call marked
 *   `cancelled`): the turn is over, the CLI is back at its prompt. It then writes its
 *   history again (lines stamped after it): those say nothing about the answer, so a
 *   cancel wins over what follows it;
 * - a tool's result (a `user` line with a `functionResponse`), or the model writing
 *   again: the question was answered and the turn goes on.
 *
 * Only lines stamped after `afterMs` (the question's report) count. `null`: nothing yet. Pure.
 */
export const GEMINI_CANCELLED = 'Request cancelled';

export function geminiAnswerAfter(lines: readonly string[], afterMs: number): ClaudeAnswer | null {
  let answer: ClaudeAnswer | null = null;
  for (const line of lines) {
    const o = jsonObject(line);
    if (!o || typeof o.timestamp !== 'string') continue;
    const at = Date.parse(o.timestamp);
    if (Number.isNaN(at) || at <= afterMs) continue;
    if (o.type === 'info' && typeof o.content === 'string' && o.content.startsWith(GEMINI_CANCELLED)) {
      return { state: 'turn-finished', at, message: 'The question was declined or the turn cancelled: back at its prompt.' };
    }
    const content = Array.isArray(o.content) ? o.content.filter(isRecord) : [];
    if (o.type === 'user' && content.some((part) => isRecord(part.functionResponse))) answer = { state: 'working', at, message: null };
    else if (o.type === 'gemini') answer = { state: 'working', at, message: null };
  }
  return answer;
}
