/**
 * A thread's artifact.md for the page: markdown rendered safely by the board's
 * renderer (raw HTML off, only http/https/file links, a tree of known elements, never
 * HTML), then every `[ABORT]` / `[ABORT: reason]` in the text wrapped in a `mark`
 * element so the page can highlight it. Pure.
 */
import { findAbortMarkers, splitAbortMarkers } from '../../core/threads/abort';
import { MdNode } from '../shared/common/markdown-tree';
import { renderMarkdown } from '../shared/markdown';

export interface RenderedArtifact {
  readonly nodes: MdNode[];
  /** Link targets by the number their `a` element carries. */
  readonly links: string[];
  readonly aborts: string[];
}

export function renderArtifact(text: string): RenderedArtifact {
  const { nodes, links } = renderMarkdown(text);
  return { nodes: markAborts(nodes), links, aborts: findAbortMarkers(text).map((m) => m.text) };
}

function markAborts(nodes: readonly MdNode[]): MdNode[] {
  return nodes.flatMap((node): MdNode[] => {
    if (typeof node !== 'string') return [{ ...node, children: markAborts(node.children) }];
    return splitAbortMarkers(node).map((p) => (p.marker ? { tag: 'mark', children: [p.text] } : p.text));
  });
}
