import { useEffect, useRef, useState } from 'preact/hooks';
import { changesSentence } from '../../../src/views/board/common/changes';
import { CardDetail, ChangeDetail } from '../../../src/views/board/common/messages';

/** Which form the detail panel shows: editing a ready task, or the comment of a send-back. */
export type DetailForm = 'edit' | 'sendBack' | null;

const FILE_STATUS: Readonly<Record<ChangeDetail['files'][number]['status'], { letter: string; word: string }>> = {
  added: { letter: 'A', word: 'added' },
  modified: { letter: 'M', word: 'modified' },
  deleted: { letter: 'D', word: 'deleted' },
  renamed: { letter: 'R', word: 'renamed' },
};

/** Files to list before "and N more". */
const FILES_SHOWN = 12;

/**
 * What the task changed in its agent's project: the summary, the files with their
 * lines added and removed, the commits, and "Review Changes" (the multi-file diff).
 */
export function ChangesSection(props: { changes: { loading: boolean; detail: ChangeDetail | null }; onReview: () => void }) {
  const { loading, detail } = props.changes;
  const hasFiles = !!detail && detail.files.length > 0;
  return (
    <section class="detail-section detail-changes" aria-label="Changes">
      <h3>Changes</h3>
      {loading ? (
        <p class="muted" role="status">
          <span class="codicon codicon-loading codicon-modifier-spin" aria-hidden="true" /> Reading the project's history…
        </p>
      ) : !detail ? (
        <p class="muted">No changes to show.</p>
      ) : (
        <>
          <p class="changes-summary">{hasFiles ? changesSentence(detail.summary) : (detail.note ?? changesSentence(detail.summary))}</p>
          {hasFiles ? (
            <>
              <ul class="changed-files" aria-label="Changed files">
                {detail.files.slice(0, FILES_SHOWN).map((f) => (
                  <li key={f.path} title={f.oldPath ? `${f.oldPath} → ${f.path}` : f.path}>
                    <span class={`file-status status-${f.status}`} title={FILE_STATUS[f.status].word} aria-label={FILE_STATUS[f.status].word}>
                      {FILE_STATUS[f.status].letter}
                    </span>
                    <span class="file-path">{f.path}</span>
                    {f.added === null ? (
                      <span class="muted">binary</span>
                    ) : (
                      <span class="file-lines">
                        <span class="added">+{f.added}</span> <span class="removed">−{f.removed}</span>
                      </span>
                    )}
                  </li>
                ))}
              </ul>
              {detail.files.length > FILES_SHOWN ? <p class="muted">and {detail.files.length - FILES_SHOWN} more</p> : null}
              {detail.commits.length > 0 ? (
                <ul class="commits" aria-label="Commits">
                  {detail.commits.map((c) => (
                    <li key={c.sha}>
                      <code>{c.sha}</code> {c.subject}
                    </li>
                  ))}
                </ul>
              ) : null}
              <div class="detail-actions">
                <button type="button" class="button" data-action="review" onClick={props.onReview} title={detail.range ? `The multi-file diff of ${detail.range}` : undefined}>
                  <span class="codicon codicon-diff-multiple" aria-hidden="true" />
                  <span>Review Changes</span>
                </button>
              </div>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Accept, or send back with a comment that becomes a Rework task: for a done task. */
export function ReviewActions(props: { detail: CardDetail; trusted: boolean; busy: boolean; form: DetailForm; setForm: (f: DetailForm) => void; onAccept: () => void; onSendBack: (comment: string) => void }) {
  const { detail: d, trusted } = props;
  const [comment, setComment] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (props.form === 'sendBack') box.current?.focus();
    else setComment(''); // sent (or cancelled): the next send-back starts empty
  }, [props.form]);
  const accepted = d.review?.verdict === 'accepted';
  return (
    <section class="detail-section detail-review" aria-label="Review">
      <h3>Review</h3>
      <p class={d.review ? 'review-state' : 'review-state to-review'}>
        {d.review ? (
          <>
            <span class={`codicon codicon-${d.review.verdict === 'accepted' ? 'check' : 'reply'}`} aria-hidden="true" /> {d.review.verdict === 'accepted' ? 'Accepted' : 'Sent back'} on {d.review.at.replace('T', ' ')}
          </>
        ) : (
          <>
            <span class="codicon codicon-checklist" aria-hidden="true" /> Not reviewed yet
          </>
        )}
      </p>
      {props.form === 'sendBack' ? (
        <form
          class="detail-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (comment.trim() === '' || props.busy) return;
            props.onSendBack(comment);
          }}
        >
          <label for="send-back-comment">What needs more work? It is quoted in a new task "Rework: {d.title}" for {d.agentName}; this task stays done.</label>
          <textarea id="send-back-comment" ref={box} rows={5} value={comment} onInput={(e) => setComment((e.currentTarget as HTMLTextAreaElement).value)} />
          <div class="detail-actions">
            <button type="submit" class="button" data-action="sendBackConfirm" disabled={!trusted || props.busy || comment.trim() === ''}>
              <span class="codicon codicon-reply" aria-hidden="true" />
              <span>Send Back</span>
            </button>
            <button type="button" class="button secondary" onClick={() => props.setForm(null)}>
              <span>Cancel</span>
            </button>
          </div>
        </form>
      ) : (
        <div class="detail-actions">
          <button type="button" class="button" data-action="accept" disabled={!trusted || accepted || props.busy} onClick={props.onAccept}>
            <span class="codicon codicon-check" aria-hidden="true" />
            <span>{accepted ? 'Accepted' : 'Accept'}</span>
          </button>
          <button type="button" class="button secondary" data-action="sendBack" disabled={!trusted} onClick={() => props.setForm('sendBack')}>
            <span class="codicon codicon-reply" aria-hidden="true" />
            <span>Send Back…</span>
          </button>
        </div>
      )}
    </section>
  );
}

/** A ready task's title and description in a small form; saved against what it showed (the host refuses when the file changed meanwhile). */
export function EditForm(props: { detail: CardDetail; trusted: boolean; busy: boolean; onSave: (title: string, body: string) => void; onCancel: () => void }) {
  const d = props.detail;
  const [title, setTitle] = useState(d.title);
  const [body, setBody] = useState(d.source ?? '');
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const unchanged = title === d.title && body === (d.source ?? '');
  return (
    <form
      class="detail-form detail-edit"
      aria-label="Edit the task"
      onSubmit={(e) => {
        e.preventDefault();
        if (title.trim() === '' || unchanged || props.busy) return;
        props.onSave(title, body);
      }}
    >
      <label for="edit-title">Title</label>
      <input id="edit-title" ref={first} type="text" value={title} spellcheck={false} onInput={(e) => setTitle((e.currentTarget as HTMLInputElement).value)} />
      <label for="edit-body">Description (markdown)</label>
      <textarea id="edit-body" rows={8} value={body} onInput={(e) => setBody((e.currentTarget as HTMLTextAreaElement).value)} />
      <div class="detail-actions">
        <button type="submit" class="button" data-action="save" disabled={!props.trusted || props.busy || title.trim() === '' || unchanged}>
          <span class="codicon codicon-save" aria-hidden="true" />
          <span>Save</span>
        </button>
        <button type="button" class="button secondary" onClick={props.onCancel}>
          <span>Cancel</span>
        </button>
      </div>
    </form>
  );
}
