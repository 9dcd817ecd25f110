import * as rules from '../text/input-rules';

/** The worklog's and mailbox's input checks: the one set of rules in input-rules.ts. */
export const checkBlockText = rules.checkBlockText;

/** One non-empty line (an actor, a subject, a name), at most `max` characters. */
export function checkOneLine(value: string, what: string, max = 200): string {
  return rules.checkOneLine(value, what, max);
}
