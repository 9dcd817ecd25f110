import { createClaudeReader } from './claude';
import { createCodexReader } from './codex';
import { createGeminiReader } from './gemini';
import { Transcript, TranscriptFormat, TranscriptReader, completeLines } from './transcript';


export function createTranscriptReader(format: TranscriptFormat): TranscriptReader {
  switch (format) {
    case 'claude-code':
      return createClaudeReader();
    case 'codex':
      return createCodexReader();
    case 'gemini':
      return createGeminiReader();
  }
}

/**
 * A whole log's text at once (tests, the transcript view). A last line without its
 * line break is still being written: it is left out and said in `pending`.
 */
export function parseTranscript(format: TranscriptFormat, text: string): Transcript & { readonly pending: boolean } {
  const reader = createTranscriptReader(format);
  const { lines, rest } = completeLines(text);
  reader.addLines(lines);
  return { ...reader.transcript(), pending: rest.trim() !== '' };
}
