import { Fragment } from 'preact';
import { AgentDefView, PromptView, ThreadView } from '../../../src/views/threads/common/messages';

/**
 * The parts of a thread record and of the agent definitions that have no place in the
 * facts: the agent slots, the convergence loop counts, the caller's metadata, why the
 * engine stopped it; and a template's agents as `agents` defines them.
 */

/** Why the engine stopped the thread (seed 002's terminal reasons), in its words and ours. */
export function StopReason({ thread: t }: { thread: ThreadView }) {
  if (t.stopReason === null) return null;
  return (
    <p class="stop-reason" role="note">
      <span class="codicon codicon-debug-stop" aria-hidden="true" /> Stopped: <code>{t.stopReason}</code>
      {t.stopExplained && ` — ${t.stopExplained}`}
    </p>
  );
}

/** The agent slots (`agents`), the loop counts (`iterationCounts`) and the metadata, each only when the record has it. */
export function ThreadRecordParts({ thread: t }: { thread: ThreadView }) {
  return (
    <>
      {t.agents.length > 0 && (
        <section aria-label="Agents">
          <h3 class="section-title">Agents</h3>
          <table class="records-table">
            <thead>
              <tr>
                <th scope="col">Agent</th>
                <th scope="col">Status</th>
                <th scope="col">Session</th>
                <th scope="col">Persists</th>
              </tr>
            </thead>
            <tbody>
              {t.agents.map((a) => (
                <tr key={a.name} class={a.name === t.activeAgent ? 'active-row' : undefined}>
                  <td>{a.name}</td>
                  <td>{a.status ?? '—'}</td>
                  <td>{a.sessionId ? <code>{a.sessionId}</code> : '—'}</td>
                  <td>{a.persistSession === null ? '—' : a.persistSession ? 'yes' : 'no'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {t.iterationCounts.length > 0 && (
        <section aria-label="Loop counts">
          <h3 class="section-title">Loop counts</h3>
          <dl class="facts">
            {t.iterationCounts.map(([edge, n]) => (
              <Fragment key={edge}>
                <dt>
                  <code>{edge}</code>
                </dt>
                <dd>{n}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      )}
      {t.metadata.length > 0 && (
        <section aria-label="Metadata">
          <h3 class="section-title">Metadata</h3>
          <dl class="facts">
            {t.metadata.map(([k, v]) => (
              <Fragment key={k}>
                <dt>{k}</dt>
                <dd class="wrap">{v}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      )}
    </>
  );
}

/** A template's agents as `agents` defines them: profile, directive, tools, plugins, stages (one block each: they wrap in a narrow panel). */
export function AgentDefinitions({ agents }: { agents: readonly AgentDefView[] }) {
  if (agents.length === 0) return null;
  return (
    <section aria-label="Agent definitions">
      <h3 class="section-title">Agents</h3>
      <ul class="agent-defs">
        {agents.map((a) => (
          <li key={a.name} class="agent-def">
            <div class="agent-def-head">
              <strong>{a.name}</strong>
              {a.stages.length > 0 && <span class="muted">stages: {a.stages.join(', ')}</span>}
              <span class="muted">
                {a.profile ?? 'no profile'}
                {a.persistSession && ' · keeps its session'}
              </span>
            </div>
            {a.description && <p class="agent-def-text">{a.description}</p>}
            <dl class="facts">
              <dt>Directive</dt>
              <dd class="wrap">{a.directive ?? '—'}</dd>
              <dt>Tools</dt>
              <dd class="wrap">{a.tools.length > 0 ? a.tools.join(', ') : 'the defaults'}</dd>
              <dt>Plugins</dt>
              <dd class="wrap plugin-dirs">
                {a.pluginDirs.length === 0
                  ? '—'
                  : a.pluginDirs.map((d, i) => (
                      <span key={d}>
                        {i > 0 && ', '}
                        {d}
                        {a.missingPluginDirs.includes(d) && <span class="warning-text"> (missing from the Cortex home)</span>}
                      </span>
                    ))}
              </dd>
            </dl>
            {a.prompts.map((p) => (
              <PromptFile key={`${p.field}${p.file}`} prompt={p} />
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A prompt file as the engine puts it together: what it extends and fills, folded open on request. */
function PromptFile({ prompt: p }: { prompt: PromptView }) {
  const extended = p.chain.length > 1 ? ` · extends ${p.chain.slice(1).join(' → ')}` : '';
  const fills = p.fills.length > 0 ? ` · fills ${p.fills.join(', ')}` : '';
  return (
    <details class="prompt-file">
      <summary>
        {p.field}: <code>{p.file}</code>
        <span class="muted">
          {extended}
          {fills}
        </span>
      </summary>
      {p.problems.map((x) => (
        <p key={x} class="warning-text">
          {x}
        </p>
      ))}
      <pre class="prompt-text">{p.text}</pre>
      {p.variables.length > 0 && <p class="muted">Variables: {p.variables.join(', ')}</p>}
    </details>
  );
}
