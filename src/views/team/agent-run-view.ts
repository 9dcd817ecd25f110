import { channelOf, describeProfile } from '../../core/agents/launch-profile';
import { totalTokens } from '../../core/transcripts/transcript';
import type { AgentRunFacts } from '../../extension/agents/agent-runs';
import { AgentRunView } from './common/messages';

/** How many of the latest actions the row shows. */
const ACTIVITY_ON_ROW = 3;

/**
 * What an agent's row says about running it, from the facts the services gathered.
 * Pure: times come in as the extension clock's `now`.
 */
export function agentRunView(f: AgentRunFacts): AgentRunView {
  const sinceMs = f.turn?.since ? Date.parse(f.turn.since) : NaN;
  const minutes = Number.isNaN(sinceMs) || f.now < sinceMs ? null : Math.floor((f.now - sinceMs) / 60_000);
  const usage = f.usage;
  return {
    profile: f.profile ? describeProfile(f.profile) : null,
    channel: channelOf(f.profile),
    terminal: f.terminal?.status ?? 'none',
    session: f.session,
    exitCode: f.terminal?.exitCode ?? null,
    problem: f.terminal?.status === 'exited' && f.terminal.exitCode === 127 ? `${f.terminal.program ?? 'Its command'} was not found on its terminal's PATH: set launch.command (the note, or cortex.agents.launch) to its full path, or install it` : null,
    reconnected: f.terminal?.reconnected ?? false,
    turn: f.turn?.state ?? null,
    turnMinutes: minutes,
    message: f.turn?.message ?? null,
    heartbeat: f.heartbeat ? { on: f.heartbeat.on, note: heartbeatNote(f) } : null,
    activity: f.activity.slice(-ACTIVITY_ON_ROW).map((a) => ({ kind: a.kind, text: a.text })),
    usage: usage
      ? {
          tokensToday: totalTokens(usage.today.usage),
          costToday: usage.today.cost,
          unpricedToday: usage.today.unpriced.length > 0,
          task: usage.task ? { title: usage.task.title, tokens: totalTokens(usage.task.sum.usage), cost: usage.task.sum.cost } : null,
          budget: usage.budget,
          level: usage.level,
        }
      : null,
  };
}

/** The heartbeat driver's state in a few words. */
function heartbeatNote(f: AgentRunFacts): string {
  const h = f.heartbeat!;
  if (!h.on) return 'heartbeat off';
  const d = h.decision;
  if (!d) return 'heartbeat on';
  if (d.send) return 'tick sent';
  switch (d.why) {
    case 'budget':
      return 'heartbeat paused: daily budget spent';
    case 'no-work':
      return 'heartbeat idle: no work';
    case 'starting':
      return 'heartbeat waits for the first turn';
    case 'working':
      return 'heartbeat waits for the turn to end';
    case 'needs-input':
      return 'heartbeat waits for your answer';
    case 'ended':
      return 'heartbeat waits: its session ended';
    case 'unknown':
      return "heartbeat waits: this terminal's session is not known (started before an update)";
    case 'sent':
      return 'tick sent: waiting for its turn to start';
    case 'no-turn':
      return 'the tick started no turn: look at its terminal';
    case 'scheduled': {
      const left = d.dueAt === undefined ? null : Math.max(0, Math.ceil((d.dueAt - f.now) / 60_000));
      return left === null ? 'heartbeat on' : left <= 0 ? 'next tick now' : `next tick in ${left} min`;
    }
    default:
      return 'heartbeat on';
  }
}
