import { useLayoutEffect, useRef } from 'preact/hooks';
import { ArtifactView } from '../../../src/views/threads/common/messages';
import { HeadingLevels, Markdown } from '../../shared/markdown';

/** The artifact's headings sit below the panel's own. */
const ARTIFACT_HEADINGS: HeadingLevels = { h1: 'h3', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6', h6: 'h6' };

/**
 * The artifact as the host rendered it: known tags only, text as text, links through
 * the host, [ABORT] markers highlighted. Scrolling stays where it is when a new
 * rendering arrives, and follows the end when the reader was at the end (like a log).
 */
export function Artifact(props: { artifact: ArtifactView | undefined; onLink: (n: number) => void; onOpen: () => void }) {
  const box = useRef<HTMLDivElement>(null);
  const atEnd = useRef(false);
  const a = props.artifact;
  useLayoutEffect(() => {
    const el = box.current;
    if (el && atEnd.current) el.scrollTop = el.scrollHeight;
  }, [a?.revision, a?.thread]);
  return (
    <section class="artifact" aria-label="Artifact">
      <header class="section-head">
        <h3>
          <span class="codicon codicon-file" aria-hidden="true" /> artifact.md
        </h3>
        {a && a.aborts.length > 0 && (
          <span class="abort-flag" role="status">
            <span class="codicon codicon-stop-circle" aria-hidden="true" /> {a.aborts.length === 1 ? 'Abort marker' : `${a.aborts.length} abort markers`}
          </span>
        )}
        <span class="live" title="Updates as agents write the file">
          <span class="codicon codicon-broadcast" aria-hidden="true" /> live
        </span>
        <button type="button" class="link-button" onClick={props.onOpen}>
          Open in Editor
        </button>
      </header>
      <div
        class="artifact-body markdown"
        ref={box}
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 8;
        }}
      >
        {!a ? <p class="muted">Loading…</p> : a.nodes === null ? <p class="muted">{a.message}</p> : <Markdown nodes={a.nodes} onLink={props.onLink} headings={ARTIFACT_HEADINGS} />}
      </div>
    </section>
  );
}
