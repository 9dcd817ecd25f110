import { CortexInputError } from '../errors';
import { Fence, closesFence, fenceOpenedBy } from '../parse/fence';

/**
 * Text people add to the WORKLOG or MAILBOX (an entry's body, a message): it must not
 * start a new `#`/`##` block (it would end the entry and read as another one) nor
 * open a code fence it never closes (it would swallow everything after it).
 */
export function checkBlockText(text: string, what: string): void {
  let fence: Fence | null = null;
  const lines = text.split(/\r\n|\r|\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence) {
      if (closesFence(line, fence)) fence = null;
      continue;
    }
    if (/^#{1,2}(?:[ \t]|$)/.test(line)) {
      throw new CortexInputError(`The ${what} has a "${line.startsWith('##') ? '##' : '#'}" heading on its line ${i + 1}; it would be read as a new block (use "###" or indent it).`);
    }
    fence = fenceOpenedBy(line);
  }
  if (fence) throw new CortexInputError(`The ${what} opens a code fence (${fence.char.repeat(fence.len)}) it never closes; it would swallow everything after it.`);
}

/** One non-empty line (an actor, a subject, a name). */
export function checkOneLine(value: string, what: string, max = 200): string {
  if (/[\r\n]/.test(value)) throw new CortexInputError(`The ${what} must be a single line.`);
  const v = value.trim();
  if (v === '') throw new CortexInputError(`The ${what} must not be empty.`);
  if (v.length > max) throw new CortexInputError(`The ${what} is longer than ${max} characters.`);
  return v;
}
