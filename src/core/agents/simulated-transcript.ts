import { TokenUsage } from '../transcripts/transcript';

/**
 * The stand-in agent's session log, in Claude Code's transcript format (the lines a
 * real Claude Code session writes, with the fields the dashboard reads), so the
 * dashboard reads it with the same parser. Its token counts are made up, but
 * deterministically: they follow the length of what it read and wrote, so a bigger
 * task costs more. Pure: the caller appends the lines.
 */
export const SIMULATED_MODEL = 'claude-sonnet-4-5';
export const SIMULATED_ENTRYPOINT = 'cortex-simulate';

export interface SimulatedSession {
  readonly sessionId: string;
  readonly cwd: string;
  readonly version: string;
  readonly model: string;
  /** A new id for a line, a message or a tool call. */
  id(prefix: string): string;
}

interface Common {
  parentUuid: string | null;
  isSidechain: false;
  uuid: string;
  timestamp: string;
  cwd: string;
  sessionId: string;
  version: string;
  userType: 'external';
  entrypoint: string;
}

/** Tokens for a request that read `readChars` of context and wrote `wroteChars` (about 4 characters a token). */
export function simulatedUsage(readChars: number, wroteChars: number, turnRequests: number): TokenUsage {
  const context = 3200 + Math.round(readChars / 4);
  return {
    input: 40 + Math.round(readChars / 16),
    output: 60 + Math.round(wroteChars / 4),
    // The system prompt and earlier turns come from the cache after the first request of a turn.
    cacheRead: turnRequests > 0 ? context : 0,
    cacheWrite: turnRequests > 0 ? Math.round(readChars / 8) : context,
  };
}

export class SimulatedTranscript {
  private parent: string | null = null;
  private requests = 0;

  constructor(private readonly s: SimulatedSession) {}

  private common(at: Date): Common {
    const uuid = this.s.id('line');
    const c: Common = { parentUuid: this.parent, isSidechain: false, uuid, timestamp: at.toISOString(), cwd: this.s.cwd, sessionId: this.s.sessionId, version: this.s.version, userType: 'external', entrypoint: SIMULATED_ENTRYPOINT };
    this.parent = uuid;
    return c;
  }

  /** A prompt (the first prompt, a tick, an answer): a new turn. */
  prompt(at: Date, text: string): string {
    this.requests = 0;
    return JSON.stringify({ ...this.common(at), type: 'user', message: { role: 'user', content: text } });
  }

  /** A reply in words. */
  say(at: Date, text: string, readChars: number): string {
    return this.assistant(at, [{ type: 'text', text }], 'end_turn', readChars, text.length);
  }

  /** A tool call; returns its id (for the result) and the line. */
  tool(at: Date, name: string, input: Record<string, unknown>, readChars: number): { id: string; line: string } {
    const id = this.s.id('toolu');
    return { id, line: this.assistant(at, [{ type: 'tool_use', id, name, input }], 'tool_use', readChars, JSON.stringify(input).length) };
  }

  /** A tool's result, as Claude Code records it (a user line with a tool_result block). */
  result(at: Date, toolId: string, content: string): string {
    return JSON.stringify({ ...this.common(at), type: 'user', message: { role: 'user', content: [{ tool_use_id: toolId, type: 'tool_result', content }] } });
  }

  private assistant(at: Date, content: unknown[], stop: string, readChars: number, wroteChars: number): string {
    const usage = simulatedUsage(readChars, wroteChars, this.requests++);
    return JSON.stringify({
      ...this.common(at),
      type: 'assistant',
      requestId: this.s.id('req'),
      message: {
        id: this.s.id('msg'),
        type: 'message',
        role: 'assistant',
        model: this.s.model,
        content,
        stop_reason: stop,
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: usage.output, cache_creation_input_tokens: usage.cacheWrite, cache_read_input_tokens: usage.cacheRead, service_tier: 'standard' },
      },
    });
  }
}
