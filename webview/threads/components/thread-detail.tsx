import { ArtifactView, TemplateView, ThreadView, threadStateText, threadTemplateText } from '../../../src/views/threads/common/messages';
import { oneLine } from '../../../src/base/one-line';
import { formatCost, formatDuration, formatStamp } from '../format';
import { Artifact } from './artifact';
import { Graph } from './graph';
import { StatusBadge } from './status-badge';
import { StopReason, ThreadRecordParts } from './thread-records';

/** A thread: status, where it is, what it cost against the template's limit, its steps, and the live artifact. */
export function ThreadDetail(props: {
  thread: ThreadView;
  template: TemplateView | undefined;
  artifact: ArtifactView | undefined;
  onLink: (n: number) => void;
  onOpenArtifact: () => void;
  onShowTemplate: () => void;
  onOpenTask: () => void;
}) {
  const t = props.thread;
  const active = t.activeAgent ? (t.activeStage ? `${t.activeAgent}:${t.activeStage}` : t.activeAgent) : null;
  return (
    <article class="detail" aria-label={`Thread ${t.id}`}>
      <header class="detail-head">
        <StatusBadge status={t.status} raw={t.rawStatus} text={threadStateText(t)} />
        <h2>{t.userMessage ?? t.id}</h2>
      </header>
      <ThreadFacts thread={t} active={active} onShowTemplate={props.onShowTemplate} onOpenTask={props.onOpenTask} />
      {t.abortReason && (
        <p class="abort-reason" role="note">
          <span class="codicon codicon-stop-circle" aria-hidden="true" /> Aborted by an agent: {t.abortReason}
        </p>
      )}
      <StopReason thread={t} />
      {props.template && (
        <div class="graph-box small">
          <Graph graph={props.template.graph} title={props.template.name} active={active} />
        </div>
      )}
      <StepsTable steps={t.steps} />
      <ThreadRecordParts thread={t} />
      <Artifact artifact={props.artifact} onLink={props.onLink} onOpen={props.onOpenArtifact} />
    </article>
  );
}

/** Which thread, its template, who is on it, what it cost against the limit, how many steps, when. */
function ThreadFacts({ thread: t, active, onShowTemplate, onOpenTask }: { thread: ThreadView; active: string | null; onShowTemplate: () => void; onOpenTask: () => void }) {
  const cost = t.totalCostUsd ?? 0;
  const max = t.maxTotalCostUsd;
  const share = max !== null && max > 0 ? Math.min(1, cost / max) : null;
  const live = t.status === 'running' || t.status === 'waiting' || t.status === 'pickup';
  return (
    <dl class="facts">
      <dt>Thread</dt>
      <dd>
        <code>{t.id}</code>
      </dd>
      <dt>Template</dt>
      <dd>
        {t.kind !== 'template' ? (
          threadTemplateText(t)
        ) : t.templateKnown ? (
          <button type="button" class="link-button" onClick={onShowTemplate}>
            {t.templateName}
          </button>
        ) : (
          `${t.templateName} (not in thread-templates.json)`
        )}
      </dd>
      {t.scheduleTaskId !== null && (
        <>
          <dt>Task</dt>
          <dd>
            <ThreadTask thread={t} onOpen={onOpenTask} />
          </dd>
        </>
      )}
      {t.channel !== null && (
        <>
          <dt>Channel</dt>
          <dd>
            <code>{t.channel}</code>
          </dd>
        </>
      )}
      <dt>{live ? 'Active' : 'Last agent'}</dt>
      <dd>{active ?? '—'}</dd>
      <dt>Cost</dt>
      <dd>
        <span class="cost">
          {formatCost(t.totalCostUsd)}
          {max !== null && ` of ${formatCost(max)}`}
        </span>
        {share !== null && (
          <span
            class={`meter${share >= 1 ? ' meter-full' : share >= 0.8 ? ' meter-high' : ''}`}
            role="meter"
            aria-label="Cost against the template's limit"
            aria-valuemin={0}
            aria-valuemax={max!}
            aria-valuenow={cost}
          >
            <span class={`meter-fill w${Math.round(share * 20) * 5}`} />
          </span>
        )}
      </dd>
      <dt>Steps</dt>
      <dd>
        {t.steps.length}
        {t.maxTotalSteps !== null && ` of at most ${t.maxTotalSteps}`}
      </dd>
      <dt>Started</dt>
      <dd>{formatStamp(t.createdAt)}</dd>
      <dt>Updated</dt>
      <dd>{formatStamp(t.updatedAt)}</dd>
      {t.cleanupDue !== null && (
        <>
          <dt>Cleanup</dt>
          <dd class="muted thread-cleanup">{t.cleanupDue}</dd>
        </>
      )}
    </dl>
  );
}

/** The team task the thread was launched from: its card on the board, or only its id when the team does not have it. */
function ThreadTask({ thread: t, onOpen }: { thread: ThreadView; onOpen: () => void }) {
  if (!t.task) return <span class="muted">task {t.scheduleTaskId} (not in this team's queues)</span>;
  return (
    <span class="thread-task">
      <button type="button" class="link-button" onClick={onOpen} title="Show the task on the task board">
        {t.task.title}
      </button>
      <span class="muted">
        {t.task.agentName} · {t.task.status ?? 'no status'}
      </span>
    </span>
  );
}

function StepsTable({ steps }: { steps: ThreadView['steps'] }) {
  return (
    <section aria-label="Steps">
      <h3 class="section-title">Steps</h3>
      {steps.length === 0 ? (
        <p class="muted">No steps recorded yet.</p>
      ) : (
        <table class="steps">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Agent</th>
              <th scope="col">Stage</th>
              <th scope="col" class="num">Cost</th>
              <th scope="col" class="num">Duration</th>
              <th scope="col">Output</th>
            </tr>
          </thead>
          <tbody>
            {steps.map((s, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{s.agent ?? '—'}</td>
                <td>{s.stage ?? '—'}</td>
                <td class="num">{formatCost(s.costUsd)}</td>
                <td class="num">{formatDuration(s.durationMs)}</td>
                <td class="step-output">
                  {s.output === null || s.output === '' ? (
                    <span class="muted">—</span>
                  ) : (
                    <details>
                      <summary>{oneLine(s.output, 80)}</summary>
                      <pre class="wrap">{s.output}</pre>
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

