import { useEffect, useState } from 'preact/hooks';
import { ArtifactView, TemplateView, ThreadsHostMessage, ThreadsViewState, threadStateText } from '../../../src/views/threads/common/messages';
import { Selection, ThreadsActions } from '../actions';
import { Graph, GraphLegend } from './graph';
import { AgentDefinitions } from './thread-records';
import { StatusBadge } from './status-badge';
import { ThreadDetail } from './thread-detail';
import { PageHeader } from '../../shared/page-header';

/** Hands the page the host's messages (main.tsx connects it to the window). */
export type Subscribe = (listener: (m: ThreadsHostMessage) => void) => () => void;

/**
 * The Threads panel: a list of templates and threads on the left, the selected one on
 * the right (a template's graph, or a thread with its live artifact). The selection
 * is UI state (kept across reloads with setState); the data always comes from the host.
 */
export function ThreadsApp(props: { actions: ThreadsActions; subscribe: Subscribe }) {
  const { actions } = props;
  const [state, setState] = useState<ThreadsViewState | undefined>(undefined);
  const [artifact, setArtifact] = useState<ArtifactView | undefined>(undefined);
  const [selection, setSelection] = useState<Selection | null>(() => actions.loadSelection());

  const select = (s: Selection) => {
    setSelection(s);
    actions.saveSelection(s);
    if (s.kind === 'thread') setArtifact((a) => (a?.thread === s.id ? a : undefined));
    // The effect below tells the host.
  };

  useEffect(
    () =>
      props.subscribe((m) => {
        if (m.type === 'state') setState(m.state);
        else if (m.type === 'artifact') setArtifact(m.artifact);
        else if (m.type === 'reveal') {
          setSelection({ kind: m.kind, id: m.id });
          actions.saveSelection({ kind: m.kind, id: m.id });
        }
      }),
    [],
  );

  // Once the data is there, pick something to show and tell the host (it watches the artifact).
  const effective = state ? resolveSelection(state, selection) : null;
  useEffect(() => {
    if (effective) actions.select(effective);
  }, [effective?.kind, effective?.id, state === undefined]);

  if (!state) return <p class="muted pad">Loading threads…</p>;
  if (state.status === 'none') return <NoThreadFiles />;
  const selectedTemplate = effective?.kind === 'template' ? state.templates.find((t) => t.name === effective.id) : undefined;
  const selectedThread = effective?.kind === 'thread' ? state.threads.find((t) => t.id === effective.id) : undefined;

  return (
    <div class="page">
      <PageHeader icon="type-hierarchy" title="Threads" class="threads-header">
        {state.files && (
          <span class="files muted" title={`${state.files.templates}\n${state.files.threads}`}>
            From {state.files.source}
          </span>
        )}
        <button type="button" class="icon-button" aria-label="Refresh" title="Read the thread files again" onClick={() => actions.refresh()}>
          <span class="codicon codicon-refresh" aria-hidden="true" />
        </button>
      </PageHeader>
      <div class="layout">
        <SideList state={state} selectedTemplate={selectedTemplate?.name} selectedThread={selectedThread?.id} select={select} />
        <main class="main">
          {selectedTemplate && <TemplateDetail template={selectedTemplate} problems={state.problems} onOpen={() => actions.openTemplate(selectedTemplate.name)} />}
          {selectedThread && (
            <ThreadDetail
              thread={selectedThread}
              template={state.templates.find((t) => t.name === selectedThread.templateName)}
              artifact={artifact?.thread === selectedThread.id ? artifact : undefined}
              onLink={(n) => actions.openLink(selectedThread.id, n)}
              onOpenArtifact={() => actions.openArtifact(selectedThread.id)}
              onShowTemplate={() => selectedThread.templateName && select({ kind: 'template', id: selectedThread.templateName })}
              onOpenTask={() => actions.openTask(selectedThread.id)}
            />
          )}
          {!selectedTemplate && !selectedThread && <p class="muted pad">Select a template or a thread.</p>}
        </main>
      </div>
    </div>
  );
}

function NoThreadFiles() {
  return (
    <div class="empty pad">
      <h2>No thread files found</h2>
      <p>
        The Threads view reads <code>thread-templates.json</code> and <code>threads.json</code> from <code>$CORTEX_HOME</code> (or{' '}
        <code>~/.cortex</code>), then from the team folder's <code>.cortex</code> folder. Set <code>cortex.threadTemplatesFile</code> to point elsewhere.
      </p>
    </div>
  );
}

/** The left side: where the files are, the templates and the threads to pick from, and what is missing. */
function SideList(props: { state: ThreadsViewState; selectedTemplate: string | undefined; selectedThread: string | undefined; select: (s: Selection) => void }) {
  const { state, select } = props;
  return (
    <nav class="side" aria-label="Templates and threads">
      <h2 class="side-title">Templates</h2>
      <ul class="items" role="listbox" aria-label="Templates">
        {state.templates.map((t) => (
          <li key={t.name}>
            <button
              type="button"
              role="option"
              aria-selected={props.selectedTemplate === t.name}
              class={`item${props.selectedTemplate === t.name ? ' selected' : ''}`}
              onClick={() => select({ kind: 'template', id: t.name })}
            >
              <span class={`codicon codicon-${t.problems > 0 ? 'warning' : 'type-hierarchy'}`} aria-hidden="true" />
              <span class="item-name">{t.name}</span>
              {t.problems > 0 && <span class="count" aria-label={`${t.problems} problems`}>{t.problems}</span>}
            </button>
          </li>
        ))}
        {state.templates.length === 0 && <li class="muted">None</li>}
      </ul>
      <h2 class="side-title">Threads</h2>
      <ul class="items" role="listbox" aria-label="Threads">
        {state.threads.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              role="option"
              aria-selected={props.selectedThread === t.id}
              class={`item thread-item${props.selectedThread === t.id ? ' selected' : ''}`}
              onClick={() => select({ kind: 'thread', id: t.id })}
            >
              <StatusBadge status={t.status} raw={t.rawStatus} text={threadStateText(t)} />
              <span class="item-name">{t.userMessage ?? t.id}</span>
            </button>
          </li>
        ))}
        {state.threads.length === 0 && <li class="muted">None</li>}
      </ul>
      {state.messages.map((m, i) => (
        <p key={i} class="message" role="status">
          {m}
        </p>
      ))}
    </nav>
  );
}

function TemplateDetail(props: { template: TemplateView; problems: number; onOpen: () => void }) {
  const t = props.template;
  return (
    <article class="detail" aria-label={`Template ${t.name}`}>
      <header class="detail-head">
        <span class="codicon codicon-type-hierarchy" aria-hidden="true" />
        <h2>{t.name}</h2>
        <button type="button" class="link-button" onClick={props.onOpen}>
          Open in Editor
        </button>
      </header>
      {t.description && <p>{t.description}</p>}
      <dl class="facts">
        <dt>Entry</dt>
        <dd>{t.entry ?? '—'}</dd>
        <dt>Agents</dt>
        <dd>{t.agents.join(', ') || '—'}</dd>
        <dt>Limits</dt>
        <dd>
          {t.maxTotalSteps !== null ? `${t.maxTotalSteps} steps` : 'no step limit'}
          {t.maxTotalCostUsd !== null ? `, $${t.maxTotalCostUsd.toFixed(2)}` : ''}
        </dd>
        {t.hooks.length > 0 && (
          <>
            <dt>Hooks</dt>
            <dd>
              <TemplateHooks hooks={t.hooks} />
            </dd>
          </>
        )}
        {t.overrides.length > 0 && (
          <>
            <dt>Overrides</dt>
            <dd>
              <TemplateOverrides overrides={t.overrides} />
            </dd>
          </>
        )}
        {t.problems > 0 && (
          <>
            <dt>Problems</dt>
            <dd class="warning-text">
              {t.problems} in this template (see the Problems panel)
            </dd>
          </>
        )}
      </dl>
      <div class="graph-box">
        <Graph graph={t.graph} title={t.name} />
      </div>
      <GraphLegend />
      <AgentDefinitions agents={t.agentDefs} />
    </article>
  );
}

/** The template's lifecycle hooks: when each fires, the command with its args, its timeout. */
function TemplateHooks({ hooks }: { hooks: TemplateView['hooks'] }) {
  return (
    <ul class="template-hooks">
      {hooks.map((h) => (
        <li key={h.point}>
          <strong>{h.point}</strong>: {h.command === null ? <span class="warning-text">no command</span> : <code class="wrap">{[h.command, ...h.args.map((a) => JSON.stringify(a))].join(' ')}</code>}{' '}
          <span class="muted">(timeout {h.timeoutMs / 1000} s)</span>
        </li>
      ))}
    </ul>
  );
}

/** The agents this template references with overrides: each field it changes, as written. */
function TemplateOverrides({ overrides }: { overrides: TemplateView['overrides'] }) {
  return (
    <ul class="template-overrides">
      {overrides.map((o) => (
        <li key={o.agent}>
          <strong>{o.agent}</strong>:{' '}
          {o.fields.map(([k, v], i) => (
            <span key={k}>
              {i > 0 && '; '}
              {k} <code class="wrap">{v}</code>
            </span>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** The selection if it still exists, else the first running thread, else the first template. */
export function resolveSelection(state: ThreadsViewState, selection: Selection | null): Selection | null {
  if (selection?.kind === 'template' && state.templates.some((t) => t.name === selection.id)) return selection;
  if (selection?.kind === 'thread' && state.threads.some((t) => t.id === selection.id)) return selection;
  const running = state.threads.find((t) => t.status === 'running');
  if (running) return { kind: 'thread', id: running.id };
  if (state.templates[0]) return { kind: 'template', id: state.templates[0].name };
  if (state.threads[0]) return { kind: 'thread', id: state.threads[0].id };
  return null;
}
