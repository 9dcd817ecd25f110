import { LIVENESS_ICONS, Liveness } from '../../src/views/shared/common/liveness';
import { ago } from '../../src/base/words';

export { LIVENESS_ICONS };

export const LIVENESS_HINTS: Readonly<Record<Liveness, string>> = {
  alive: 'Alive: ticked recently',
  idle: 'Idle: no recent tick and no work waiting (normal: idle agents stop ticking)',
  waiting: 'Waiting for pickup: work was dispatched less than one heartbeat ago and the agent has not ticked since (an idle agent sees it when it next polls); down if a heartbeat passes without pickup',
  down: 'Down: no recent tick although it has ready or in-progress tasks',
  inactive: 'Inactive: the agent note says status: inactive',
};

export function LivenessBadge(props: { liveness: Liveness; tickAgeMinutes: number | null }) {
  const { liveness, tickAgeMinutes } = props;
  return (
    <span class={`liveness liveness-${liveness}`} title={LIVENESS_HINTS[liveness]}>
      <span class={`codicon codicon-${LIVENESS_ICONS[liveness]}`} aria-hidden="true" />
      <span class="liveness-word">{liveness}</span>
      <span class="tick-age">{ago(tickAgeMinutes)}</span>
    </span>
  );
}
