/**
 * Markdown as the pages receive it: rendered on the host (`views/shared/markdown.ts`)
 * into a tree of a few harmless elements, never HTML, and built into elements by
 * `webview/shared/markdown.tsx`. The board's task details and the Threads artifact
 * both use it; `mark` wraps an `[ABORT]` marker in an artifact.
 */
import { Check, int, oneOf, str } from './validate';

export type MdNode = string | MdElement;

export interface MdElement {
  readonly tag: MdTag;
  readonly children: readonly MdNode[];
  /** For `a`: the link's number in the text (what the page sends back to open it). */
  readonly link?: number;
  /** For `a`: the target as text, shown as a tooltip. */
  readonly href?: string;
  /** For `ol`: the first number. */
  readonly start?: number;
}

export const MD_TAGS = [
  'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'blockquote', 'pre', 'code', 'strong', 'em', 's', 'a', 'br', 'hr',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'mark',
] as const;
export type MdTag = (typeof MD_TAGS)[number];

const MD_FIELDS: Readonly<Record<string, Check<number> | Check<string>>> = { link: int, href: str, start: int };

/**
 * A markdown tree: strings and elements with known tags and fields only, at most `depth`
 * elements deep. Written by hand (the type is recursive and its fields optional): keep it
 * in step with `MdElement`.
 */
export const markdownTree =
  (depth = 32): Check<readonly MdNode[]> =>
  (v, at) => {
    if (!Array.isArray(v)) return `${at} should be a list`;
    for (let i = 0; i < v.length; i++) {
      const n = v[i] as unknown;
      if (typeof n === 'string') continue;
      const where = `${at}[${i}]`;
      if (depth <= 0) return `${where} is nested too deeply`;
      if (typeof n !== 'object' || n === null || Array.isArray(n)) return `${where} should be text or an element`;
      const el = n as Record<string, unknown>;
      const e = oneOf(MD_TAGS)(el.tag, `${where}.tag`) ?? markdownTree(depth - 1)(el.children, `${where}.children`);
      if (e) return e;
      for (const key in el) {
        if (key === 'tag' || key === 'children') continue;
        const check = Object.prototype.hasOwnProperty.call(MD_FIELDS, key) ? MD_FIELDS[key] : undefined;
        if (!check) return `${where} has an unexpected field "${key}"`;
        const fe = check(el[key], `${where}.${key}`);
        if (fe) return fe;
      }
    }
    return null;
  };
