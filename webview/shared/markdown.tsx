import { ComponentChildren, h } from 'preact';
import { MD_TAGS, MdNode, MdTag } from '../../src/views/board/common/messages';

const ALLOWED: ReadonlySet<string> = new Set<string>(MD_TAGS);
/** Headings inside a card's description sit below the panel's own title. */
const SHIFTED: Partial<Record<MdTag, string>> = { h1: 'h4', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6', h6: 'h6' };

/**
 * The host's markdown tree as elements: known tags only, text as text (Preact
 * escapes it), no attributes but a list's start number. Links are not navigations:
 * they ask the host to open link number `n`, which it looks up itself.
 */
export function Markdown(props: { nodes: readonly MdNode[]; onLink: (n: number) => void }) {
  return <>{render(props.nodes, props.onLink)}</>;
}

function render(nodes: readonly MdNode[], onLink: (n: number) => void): ComponentChildren[] {
  return nodes.map((n, i) => {
    if (typeof n === 'string') return n;
    if (!ALLOWED.has(n.tag)) return <span key={i}>{render(n.children, onLink)}</span>;
    const children = render(n.children, onLink);
    if (n.tag === 'a') {
      const link = n.link;
      return (
        <a
          key={i}
          class="md-link"
          role="link"
          tabIndex={0}
          title={n.href}
          onClick={(e) => {
            e.preventDefault();
            if (link !== undefined) onLink(link);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && link !== undefined) {
              e.preventDefault();
              onLink(link);
            }
          }}
        >
          {children}
        </a>
      );
    }
    if (n.tag === 'ol') return h('ol', { key: i, start: n.start }, children);
    return h(SHIFTED[n.tag] ?? n.tag, { key: i }, children);
  });
}
