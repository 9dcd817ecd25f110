import { useState } from 'preact/hooks';
import { OlderFormatView } from '../../../src/views/team/common/messages';
import { LivenessBadge } from '../../shared/liveness-badge';
import { MiddleName } from '../../shared/middle-name';
import { Button } from './empty-state';
import { Section } from './section';

/**
 * The Cortex plugin's older-format agents (flat `agents/<slug>.md`, tasks in a
 * project's `## Work Queue`), read as they are: name, liveness from `last-heartbeat:`
 * (the same rule and badge as the other rows), open work; nothing to click but the
 * one-step upgrade. When the folder cannot be read as it is, the note says why.
 */
export function OlderAgentsSection(props: { older: OlderFormatView | null; onUpgrade: () => void }) {
  const [collapsed, setCollapsed] = useState(false);
  const older = props.older;
  if (!older) return null;
  return (
    <Section id="older" title="Older Format" count={older.agents.length} collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)}>
      <p class="muted section-note older-note">
        {older.problem
          ? `This folder holds agents in the Cortex plugin's older format (flat agents/<slug>.md, tasks in ## Work Queue), but it cannot be read as it is: ${older.problem}`
          : "In the Cortex plugin's older format (flat agents/<slug>.md, tasks in ## Work Queue): read-only here. Upgrade to work with them."}
      </p>
      {older.agents.length > 0 ? (
        <ul class="rows older-agents" aria-label="Agents in the older format">
          {older.agents.map((a) => (
            <li key={a.slug} class={`row older-agent liveness-${a.liveness}`} data-older={a.slug}>
              <div class="row-head">
                <MiddleName class="agent-name" name={a.name} title={a.name === a.slug ? a.slug : `${a.name} (${a.slug})`} />
                <span class="spacer" />
                <LivenessBadge liveness={a.liveness} tickAgeMinutes={a.tickAgeMinutes} />
              </div>
              <div class="row-line older-work">
                <span class="codicon codicon-checklist" aria-hidden="true" />
                <span>
                  {a.readyCount} ready · {a.inProgressCount} in progress
                </span>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <div class="older-actions">
        <Button icon="arrow-up" onClick={props.onUpgrade}>
          Upgrade Team Format…
        </Button>
      </div>
    </Section>
  );
}
