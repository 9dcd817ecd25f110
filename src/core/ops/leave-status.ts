import { TextOperation } from '../edit/operation';
import { readFrontmatter } from '../text/frontmatter';

/**
 * The team side of `/leave`: the plugin's /leave sets the agent note's `status: active`
 * to `status: inactive` ("whether the agent is on the team", protocol document 000) and
 * leaves a note already inactive as it is. Only the value's bytes change; a note whose
 * status is anything else (missing, another word, a frontmatter that cannot be read) is
 * left alone too, as the plugin does: leaving never invents a field.
 */
export interface InactiveStatus {
  readonly text: string;
  /** True when `status: active` became `status: inactive`. */
  readonly changed: boolean;
}

const STATUS_LINE = /^(status:[ \t]*)(["']?)(active)\2[ \t]*(?:#.*)?$/i;

export function inactiveStatusText(text: string): InactiveStatus {
  const fm = readFrontmatter(text);
  if (!fm.range || fm.error) return { text, changed: false };
  for (let i = fm.range.from; i < fm.range.to; i++) {
    const line = fm.lines[i];
    const m = STATUS_LINE.exec(text.slice(line.start, line.end));
    if (!m) continue;
    const at = line.start + m[1].length + m[2].length;
    return { text: text.slice(0, at) + 'inactive' + text.slice(at + m[3].length), changed: true };
  }
  return { text, changed: false };
}

/** As an operation for the writer: holds once the note no longer says `status: active`. */
export function inactiveStatusOperation(): TextOperation<boolean> {
  return {
    apply: (text) => {
      const r = inactiveStatusText(text);
      return { text: r.text, result: r.changed };
    },
    holds: (text) => !inactiveStatusText(text).changed,
  };
}
