import { DiffView } from '../../src/views/shared/common/permission';

const SIGN = { same: ' ', add: '+', remove: '-', gap: '' } as const;
const SPOKEN = { same: 'unchanged', add: 'added', remove: 'removed', gap: '' } as const;

/**
 * A proposed file change, rendered as a diff: the path, then its lines with + and −
 * marks and the diff editor's inserted/removed colours; unchanged stretches between
 * hunks folded into a line that says how many. Screen readers hear "added", "removed".
 */
export function DiffBlock(props: { diff: DiffView }) {
  const d = props.diff;
  const added = d.lines.filter((l) => l.op === 'add').length;
  const removed = d.lines.filter((l) => l.op === 'remove').length;
  return (
    <figure class="diff" aria-label={`${d.newFile ? 'New file' : 'Change to'} ${d.path}: ${added} added, ${removed} removed`}>
      <figcaption class="diff-path">
        <span class={`codicon codicon-${d.newFile ? 'new-file' : 'diff'}`} aria-hidden="true" />
        <span class="diff-path-text" title={d.path}>
          {/* The span is right-to-left so a long path loses its start, not its file name; the path itself stays left-to-right (else an absolute path's leading "/" shows at its end). */}
          <bdi dir="ltr">{d.path}</bdi>
        </span>
        <span class="diff-counts">
          <span class="diff-added">+{added}</span> <span class="diff-removed">−{removed}</span>
        </span>
      </figcaption>
      <pre class="diff-lines">
        {d.lines.map((l, i) =>
          l.op === 'gap' ? (
            <div key={i} class="diff-line gap">
              ⋯ {l.text}
            </div>
          ) : (
            <div key={i} class={`diff-line ${l.op}`}>
              <span class="visually-hidden">{SPOKEN[l.op]} </span>
              <span class="diff-sign" aria-hidden="true">
                {SIGN[l.op]}
              </span>
              {l.text}
            </div>
          ),
        )}
      </pre>
    </figure>
  );
}
