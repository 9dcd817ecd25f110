import { options } from 'preact';

/**
 * Text on a Cortex page shows control and bidirectional-override characters as
 * visible `\uXXXX` escapes (as the core's `visible()` does for terminals and
 * messages). Titles, names and bodies come from files agents write; a U+202E in a
 * title would otherwise make "txt.exe" read as "exe.txt", and a control character
 * would be invisible. The input rules (src/core/input-rules.ts) keep them out of what
 * Cortex writes; this is for what others wrote.
 *
 * Installed once per page (each page's main.tsx imports this module) as a Preact
 * `options.vnode` hook, so every text node and every `title`/`aria-label` is covered
 * without each component remembering to. What pages send back to the host (ids,
 * titles in a card reference) is the state's data, not the rendered text: unchanged.
 */
const HIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029\u200E\u200F\u061C]/g;

const HAS_HIDDEN = new RegExp(HIDDEN.source);

export function neutralise(text: string): string {
  return text.replace(HIDDEN, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`);
}

const ATTRIBUTES = ['title', 'aria-label', 'placeholder'] as const;

const previous = options.vnode;
options.vnode = (vnode) => {
  const v = vnode as { type: unknown; props: unknown };
  if (v.type === null && typeof v.props === 'string') {
    if (HAS_HIDDEN.test(v.props)) v.props = neutralise(v.props);
  } else if (typeof v.type === 'string' && v.props && typeof v.props === 'object') {
    const props = v.props as Record<string, unknown>;
    for (const a of ATTRIBUTES) if (typeof props[a] === 'string') props[a] = neutralise(props[a] as string);
  }
  previous?.(vnode);
};
