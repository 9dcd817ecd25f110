import { options } from 'preact';
import { escapeHidden, hasHidden } from '../../src/base/hidden-chars';

/**
 * Text on a Cortex page shows control and bidirectional-override characters as
 * visible `\uXXXX` escapes (src/base/hidden-chars.ts: the core's `visible()` for
 * terminals and messages uses the same; line breaks and tabs stay). Titles, names and bodies come from files agents write; a U+202E in a
 * title would otherwise make "txt.exe" read as "exe.txt", and a control character
 * would be invisible. The input rules (src/core/text/input-rules.ts) keep them out of what
 * Cortex writes; this is for what others wrote.
 *
 * Installed once per page (each page's main.tsx imports this module) as a Preact
 * `options.vnode` hook, so every text node and every `title`/`aria-label` is covered
 * without each component remembering to. What pages send back to the host (ids,
 * titles in a card reference) is the state's data, not the rendered text: unchanged.
 */
export function neutralise(text: string): string {
  return escapeHidden(text, true);
}

const ATTRIBUTES = ['title', 'aria-label', 'placeholder'] as const;

const previous = options.vnode;
options.vnode = (vnode) => {
  const v = vnode as { type: unknown; props: unknown };
  if (v.type === null && typeof v.props === 'string') {
    if (hasHidden(v.props)) v.props = neutralise(v.props);
  } else if (typeof v.type === 'string' && v.props && typeof v.props === 'object') {
    const props = v.props as Record<string, unknown>;
    for (const a of ATTRIBUTES) if (typeof props[a] === 'string') props[a] = neutralise(props[a] as string);
  }
  previous?.(vnode);
};
