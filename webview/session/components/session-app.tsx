import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import { PendingView, SessionViewState } from '../../../src/views/session/common/messages';
import { AnswerButtons, optionForKey } from '../../shared/answer-buttons';
import { DiffBlock } from '../../shared/diff-view';
import { SessionActions } from '../actions';
import { Entry } from './entries';

const STATUS: Readonly<Record<SessionViewState['status'], { word: string; icon: string }>> = {
  none: { word: 'not running as a session', icon: 'circle-slash' },
  starting: { word: 'starting', icon: 'loading codicon-modifier-spin' },
  idle: { word: 'waiting for you', icon: 'circle-large-outline' },
  'in-turn': { word: 'working', icon: 'loading codicon-modifier-spin' },
  stopped: { word: 'stopped', icon: 'debug-stop' },
  failed: { word: 'failed', icon: 'error' },
};

/** An agent's session: header with Cancel and Stop, its pending requests, the live transcript, the box to write to it. */
export function SessionApp(props: { state: SessionViewState | undefined; actions: SessionActions }) {
  const { state, actions } = props;
  if (!state) return <p class="loading">Loading…</p>;
  const s = STATUS[state.status];
  return (
    <main class="session">
      <header class="session-header">
        <h1 class="session-name" title={state.agentName}>
          {state.agentName}
        </h1>
        <span class={`session-status status-${state.status}`} role="status">
          <span class={`codicon codicon-${s.icon}`} aria-hidden="true" /> {s.word}
        </span>
        <span class="spacer" />
        <button type="button" class="bar-button" disabled={!state.canCancel} title="Cancel the turn in progress (session/cancel)" onClick={actions.cancel}>
          <span class="codicon codicon-debug-pause" aria-hidden="true" /> Cancel
        </button>
        <button type="button" class="bar-button" disabled={!state.canStop} title="Stop the agent: cancel its turn and end its process" onClick={actions.stop}>
          <span class="codicon codicon-debug-stop" aria-hidden="true" /> Stop
        </button>
      </header>
      {state.usage || state.reason ? (
        <p class="session-facts muted">
          {state.reason ? <span class="session-reason">{state.reason}</span> : null}
          {state.usage ? <span class="session-usage">{state.usage}</span> : null}
        </p>
      ) : null}
      <Pending pending={state.pending} agentName={state.agentName} actions={actions} />
      <Transcript state={state} />
      <Composer state={state} actions={actions} />
    </main>
  );
}

/** The agent's pending permission requests, answered here too (`a`, Shift+A, `r` on a focused request). */
function Pending(props: { pending: readonly PendingView[]; agentName: string; actions: SessionActions }) {
  if (props.pending.length === 0) return null;
  return (
    <section class="pending" aria-label={`${props.agentName} asks`}>
      {props.pending.map((p) => (
        <div
          key={p.id}
          class="pending-request"
          tabIndex={0}
          aria-label={`${props.agentName} asks to use ${p.tool}${p.argumentsText ? `: ${p.argumentsText.replace(/\n/g, ', ')}` : ''}. A to allow once, R to reject`}
          onKeyDown={(e) => {
            if (e.ctrlKey || e.metaKey || e.altKey) return;
            const o = optionForKey(p.options, e.key);
            if (!o) return;
            e.preventDefault();
            props.actions.answer(p.id, o.optionId);
          }}
        >
          <div class="pending-head">
            <span class="codicon codicon-shield" aria-hidden="true" /> Asks to use <code>{p.tool}</code>
          </div>
          {p.argumentsText ? <pre class="tool-args">{p.argumentsText}</pre> : null}
          {p.diffs.map((d) => (
            <DiffBlock key={d.path} diff={d} />
          ))}
          <AnswerButtons options={p.options} subject={`the request to use ${p.tool}`} onAnswer={(o) => props.actions.answer(p.id, o.optionId)} />
        </div>
      ))}
    </section>
  );
}

/** The transcript as it streams; it follows the end while the person is at the end. */
function Transcript(props: { state: SessionViewState }) {
  const { entries } = props.state;
  const list = useRef<HTMLOListElement>(null);
  const atEnd = useRef(true);
  useEffect(() => {
    const onScroll = () => (atEnd.current = window.innerHeight + window.scrollY >= document.body.scrollHeight - 24);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useLayoutEffect(() => {
    if (atEnd.current && typeof window.scrollTo === 'function') window.scrollTo(0, document.body.scrollHeight);
  }, [entries.length, entries[entries.length - 1]]);
  if (entries.length === 0) return <p class="muted empty">Nothing said yet.</p>;
  return (
    <ol class="transcript" ref={list} role="log" aria-label={`${props.state.agentName}'s session`} aria-live="polite">
      {entries.map((e) => (
        <Entry key={e.id} entry={e} />
      ))}
    </ol>
  );
}

/** The box to write to the agent: Enter sends (Shift+Enter a new line), only between turns. */
function Composer(props: { state: SessionViewState; actions: SessionActions }) {
  const { state, actions } = props;
  const [text, setText] = useState(() => actions.loadDraft());
  useEffect(() => actions.saveDraft(text), [text]);
  const send = () => {
    if (!state.canPrompt || text.trim() === '') return;
    actions.prompt(text);
    setText('');
  };
  const hint = state.canPrompt ? 'Enter sends, Shift+Enter starts a new line.' : state.status === 'in-turn' ? 'It is working: write when its turn ends, or Cancel it.' : 'It takes no prompt now.';
  return (
    <form
      class="composer"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <textarea
        class="composer-text"
        aria-label={`Write to ${state.agentName}`}
        aria-describedby="composer-hint"
        placeholder={`Write to ${state.agentName}…`}
        rows={3}
        value={text}
        onInput={(e) => setText((e.currentTarget as HTMLTextAreaElement).value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
            e.preventDefault();
            send();
          }
        }}
      />
      <div class="composer-bar">
        <span id="composer-hint" class="muted">
          {hint}
        </span>
        <span class="spacer" />
        <button type="submit" class="send-button" disabled={!state.canPrompt || text.trim() === ''}>
          <span class="codicon codicon-send" aria-hidden="true" /> Send
        </button>
      </div>
    </form>
  );
}
