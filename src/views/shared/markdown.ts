/**
 * A task's body rendered as markdown, safely: markdown-it with raw HTML off (any HTML
 * in the text stays text), links only to http, https and file addresses (anything
 * else, `javascript:` included, stays text), and the result is not HTML at all but a
 * small tree of known elements (`MdNode`) that the webview builds with Preact. Links
 * carry a number; the page sends the number back and the host opens what it finds
 * under that number itself. Pure (no `vscode`).
 */
import MarkdownIt = require('markdown-it');
import { MdNode, MdTag } from './common/markdown-tree';

type Token = ReturnType<MarkdownIt['parse']>[number];

/** Only these link targets become links. */
export function isAllowedLink(url: string): boolean {
  return /^(https?|file):/i.test(url.trim());
}

const md = new MarkdownIt({ html: false, linkify: true, typographer: false });
md.validateLink = isAllowedLink;

export interface RenderedMarkdown {
  readonly nodes: MdNode[];
  /** The link targets, by the number their `a` element carries. */
  readonly links: string[];
}

interface Open {
  readonly tag: MdTag | null;
  readonly children: MdNode[];
  readonly extra: { link?: number; href?: string; start?: number };
}

const BLOCK_TAGS: Readonly<Record<string, MdTag>> = {
  paragraph: 'p',
  bullet_list: 'ul',
  ordered_list: 'ol',
  list_item: 'li',
  blockquote: 'blockquote',
  table: 'table',
  thead: 'thead',
  tbody: 'tbody',
  tr: 'tr',
  th: 'th',
  td: 'td',
  strong: 'strong',
  em: 'em',
  s: 's',
};

const HEADINGS: ReadonlySet<string> = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);

/**
 * Renders markdown source into the element tree the board webview displays. Pass the
 * `links` of an earlier rendering to number this one's links after those.
 */
export function renderMarkdown(source: string, links: string[] = []): RenderedMarkdown {
  const tree = new TreeBuilder(links);
  tree.walk(md.parse(source, {}));
  return { nodes: merge(tree.finish()), links };
}

/** Builds the tree from markdown-it's token stream: an open element per `_open` token, leaves for the rest. */
class TreeBuilder {
  private readonly root: Open = { tag: null, children: [], extra: {} };
  private readonly stack: Open[] = [this.root];

  constructor(private readonly links: string[]) {}

  walk(tokens: readonly Token[]): void {
    for (const t of tokens) {
      if (t.nesting === 1) this.stack.push(this.opened(t));
      else if (t.nesting === -1) {
        if (this.stack.length > 1) this.close();
      } else if (t.type === 'inline') this.walk(t.children ?? []);
      else this.leaf(t);
    }
  }

  finish(): MdNode[] {
    while (this.stack.length > 1) this.close();
    return this.root.children;
  }

  private top(): Open {
    return this.stack[this.stack.length - 1];
  }

  private close(): void {
    const done = this.stack.pop()!;
    if (done.tag === null) this.top().children.push(...done.children);
    else this.top().children.push({ tag: done.tag, children: done.children, ...done.extra });
  }

  /** The element an `_open` token starts (`tag: null`: its children go to the parent). */
  private opened(t: Token): Open {
    const base = t.type.replace(/_open$/, '');
    let tag: MdTag | null = BLOCK_TAGS[base] ?? null;
    const extra: Open['extra'] = {};
    if (base === 'heading' && HEADINGS.has(t.tag)) tag = t.tag as MdTag;
    if (base === 'paragraph' && t.hidden) tag = null; // tight list items
    if (base === 'ordered_list') {
      const start = Number(t.attrGet('start') ?? '1');
      if (Number.isInteger(start) && start >= 0 && start !== 1) extra.start = start;
    }
    if (base === 'link') {
      const href = t.attrGet('href') ?? '';
      if (isAllowedLink(href)) {
        tag = 'a';
        extra.link = this.links.length;
        extra.href = href;
        this.links.push(href);
      }
    }
    return { tag, children: [], extra };
  }

  private leaf(t: Token): void {
    const children = this.top().children;
    switch (t.type) {
      case 'text':
      case 'html_inline':
      case 'html_block':
        if (t.content !== '') children.push(t.content);
        break;
      case 'softbreak':
        children.push('\n');
        break;
      case 'hardbreak':
        children.push({ tag: 'br', children: [] });
        break;
      case 'hr':
        children.push({ tag: 'hr', children: [] });
        break;
      case 'code_inline':
        children.push({ tag: 'code', children: [t.content] });
        break;
      case 'code_block':
      case 'fence':
        children.push({ tag: 'pre', children: [{ tag: 'code', children: [t.content.replace(/\n$/, '')] }] });
        break;
      case 'image': {
        // Images are not loaded (the page's CSP allows none from outside); an allowed
        // address becomes a link named by the image's description.
        const src = t.attrGet('src') ?? '';
        const alt = t.children && t.children.length > 0 ? t.children.map((c) => c.content).join('') : t.content;
        const label = `image: ${alt || src}`;
        if (isAllowedLink(src)) {
          children.push({ tag: 'a', children: [label], link: this.links.length, href: src });
          this.links.push(src);
        } else {
          children.push(label);
        }
        break;
      }
      default:
        if (t.content) children.push(t.content);
    }
  }
}

/** Adjacent strings joined (fewer nodes to send and build). */
function merge(nodes: MdNode[]): MdNode[] {
  const out: MdNode[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (typeof n === 'string' && typeof last === 'string') out[out.length - 1] = last + n;
    else out.push(typeof n === 'string' ? n : { ...n, children: merge(n.children as MdNode[]) });
  }
  return out;
}
