import { ComponentChildren, h } from 'preact';
import { MD_TAGS, MdNode, MdTag } from '../../src/views/shared/common/markdown-tree';

const ALLOWED: ReadonlySet<string> = new Set<string>(MD_TAGS);

/** Which element a heading of the text becomes, so it sits below the page's own headings. */
export type HeadingLevels = Partial<Record<MdTag, string>>;

/**
 * The host's markdown tree as elements: known tags only, text as text (Preact
 * escapes it), no attributes but a list's start number. Links are not navigations:
 * they ask the host to open link number `n`, which it looks up itself. `mark` (an
 * [ABORT] marker in a thread's artifact) is highlighted.
 */
export function Markdown(props: { nodes: readonly MdNode[]; onLink: (n: number) => void; headings: HeadingLevels }) {
  return <>{render(props.nodes, props.onLink, props.headings)}</>;
}

function render(nodes: readonly MdNode[], onLink: (n: number) => void, headings: HeadingLevels): ComponentChildren[] {
  return nodes.map((n, i) => {
    if (typeof n === 'string') return n;
    const children = render(n.children, onLink, headings);
    if (!ALLOWED.has(n.tag)) return <span key={i}>{children}</span>;
    if (n.tag === 'a') {
      const link = n.link;
      const go = () => link !== undefined && onLink(link);
      return (
        <a
          key={i}
          class="md-link"
          role="link"
          tabIndex={0}
          title={n.href}
          onClick={(e) => {
            e.preventDefault();
            go();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && link !== undefined) {
              e.preventDefault();
              go();
            }
          }}
        >
          {children}
        </a>
      );
    }
    if (n.tag === 'mark') return <mark key={i} class="abort-marker">{children}</mark>;
    if (n.tag === 'ol') return h('ol', { key: i, start: n.start }, children);
    return h(headings[n.tag] ?? n.tag, { key: i }, children);
  });
}
