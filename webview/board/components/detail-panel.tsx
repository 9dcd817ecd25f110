import { Fragment } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { CardDetail, ChangeDetail } from '../../../src/views/board/common/messages';
import { ageText } from '../format';
import { HeadingLevels, Markdown } from '../../shared/markdown';
import { ChangesSection, DetailForm, EditForm, ReviewActions } from './detail-review';
import { statusPhrase } from '../../../src/base/task-status';

/** Headings inside a card's description sit below the panel's own title. */
const DESCRIPTION_HEADINGS: HeadingLevels = { h1: 'h4', h2: 'h4', h3: 'h5', h4: 'h6', h5: 'h6', h6: 'h6' };

/**
 * The selected task in full, beside the board: status and times, other fields, the
 * Summary and the description rendered from markdown (on the host, into plain
 * elements), and "Open in editor" at the task's line.
 */
type DetailPanelProps = {
  detail: CardDetail | null;
  loading: boolean;
  title: string;
  now: number;
  onClose: () => void;
  onOpenInEditor: () => void;
  onLink: (n: number) => void;
  /** The card's write actions (Start, Complete…, Dispatch Again…), by menu id; none in Restricted Mode. */
  actions: ReadonlyArray<{ id: string; label: string; icon: string }>;
  onAction: (id: string) => void;
  trusted: boolean;
  /** The task's changes (in progress and done tasks); null for others. */
  changes: { loading: boolean; detail: ChangeDetail | null } | null;
  form: DetailForm;
  /** A form's write is on its way: its submit button waits. */
  busy: boolean;
  setForm: (form: DetailForm) => void;
  onReview: () => void;
  onAccept: () => void;
  onSendBack: (comment: string) => void;
  onEdit: (title: string, body: string) => void;
  /** Shows another task of the same agent (the original of a rework). */
  onShowTask: (index: number, title: string) => void;
};

export function DetailPanel(props: DetailPanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [props.title]);
  const d = props.detail;
  return (
    <aside
      class="detail"
      aria-label="Task details"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          props.onClose();
        }
      }}
    >
      <div class="detail-head">
        <h2 class="detail-title" tabIndex={-1} ref={heading}>
          {props.title}
        </h2>
        <button type="button" class="icon-button" title="Close the details (Escape)" aria-label="Close the details" onClick={props.onClose}>
          <span class="codicon codicon-close" aria-hidden="true" />
        </button>
      </div>
      {props.loading ? (
        <p class="muted" role="status">
          <span class="codicon codicon-loading codicon-modifier-spin" aria-hidden="true" /> Loading…
        </p>
      ) : !d ? (
        <p class="muted" role="status">
          This task is no longer where the board showed it.
        </p>
      ) : props.form === 'edit' && d.source !== null ? (
        <EditForm detail={d} trusted={props.trusted} busy={props.busy} onSave={props.onEdit} onCancel={() => props.setForm(null)} />
      ) : (
        <DetailContent {...props} detail={d} />
      )}
    </aside>
  );
}

/** A loaded task: its fields, what to do with it, its review and changes, its texts. */
function DetailContent(props: DetailPanelProps & { detail: CardDetail }) {
  const d = props.detail;
  return (
    <>
      <DetailFields detail={d} age={ageText(d, props.now)} onShowTask={props.onShowTask} />
      {d.unclaimable ? (
        <p class="notice-inline" role="note">
          <span class="codicon codicon-warning" aria-hidden="true" /> {d.agentName} is down with this task in progress: unclaim it (back to ready) or reassign it.
        </p>
      ) : null}
      <div class="detail-actions">
        <button type="button" class="button" onClick={props.onOpenInEditor}>
          <span class="codicon codicon-go-to-file" aria-hidden="true" />
          <span>Open in Editor</span>
        </button>
        {d.source !== null && props.trusted ? (
          <button type="button" class="button secondary" data-action="edit" onClick={() => props.setForm('edit')}>
            <span class="codicon codicon-edit" aria-hidden="true" />
            <span>Edit…</span>
          </button>
        ) : null}
        {props.actions.map((a) => (
          <button key={a.id} type="button" class="button secondary" data-action={a.id} onClick={() => props.onAction(a.id)}>
            <span class={`codicon codicon-${a.icon}`} aria-hidden="true" />
            <span>{a.label}</span>
          </button>
        ))}
      </div>
      {d.status === 'done' ? (
        <ReviewActions detail={d} trusted={props.trusted} busy={props.busy} form={props.form} setForm={props.setForm} onAccept={props.onAccept} onSendBack={props.onSendBack} />
      ) : null}
      {props.changes ? <ChangesSection changes={props.changes} onReview={props.onReview} /> : null}
      <DetailTexts detail={d} onLink={props.onLink} />
    </>
  );
}

/** Agent, status with its age, Started, Completed, the other `**Key:**` fields, where it is in tasks.md. */
function DetailFields({ detail: d, age, onShowTask }: { detail: CardDetail; age: string | null; onShowTask: (index: number, title: string) => void }) {
  return (
    <dl class="detail-fields">
      <dt>Agent</dt>
      <dd>{d.agentName}</dd>
      <dt>Status</dt>
      <dd class={`status-word status-${d.status ?? 'none'}`}>
        {statusPhrase(d.status)}
        {age ? <span class="muted"> · {age}</span> : null}
      </dd>
      {d.started ? (
        <>
          <dt>Started</dt>
          <dd>{d.started}</dd>
        </>
      ) : null}
      {d.completed ? (
        <>
          <dt>Completed</dt>
          <dd>{d.completed}</dd>
        </>
      ) : null}
      {d.fields.map(([k, v]) => (
        <Fragment key={k}>
          <dt>{k}</dt>
          <dd>
            {k === 'Rework of' && d.reworkOf ? (
              <button type="button" class="link-button" title="Show the original task" onClick={() => onShowTask(d.reworkOf!.index, d.reworkOf!.title)}>
                {v}
              </button>
            ) : (
              v
            )}
          </dd>
        </Fragment>
      ))}
      <dt>Position</dt>
      <dd>
        task {d.index + 1}, line {d.line} of tasks.md
      </dd>
    </dl>
  );
}

/** The Summary (done tasks) and the description, rendered from the host's markdown tree. */
function DetailTexts({ detail: d, onLink }: { detail: CardDetail; onLink: (n: number) => void }) {
  return (
    <>
      {d.summary ? (
        <section class="detail-section" aria-label="Summary">
          <h3>Summary</h3>
          <div class="markdown">
            <Markdown nodes={d.summary} onLink={onLink} headings={DESCRIPTION_HEADINGS} />
          </div>
        </section>
      ) : null}
      <section class="detail-section" aria-label="Description">
        <h3>Description</h3>
        {d.body.length > 0 ? (
          <div class="markdown">
            <Markdown nodes={d.body} onLink={onLink} headings={DESCRIPTION_HEADINGS} />
          </div>
        ) : (
          <p class="muted">No description.</p>
        )}
      </section>
    </>
  );
}
