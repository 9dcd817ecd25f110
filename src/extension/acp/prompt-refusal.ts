import type { BudgetLevel } from '../../core/transcripts/cost';
import type { SessionState } from '../sessions/session-model';

/**
 * Why a prompt to an agent's ACP session is not sent now, in the sentence the person
 * reads (the session view's warning, the heartbeat driver's log line), or `undefined`:
 * it may be sent. One rule for every prompt: the first one, the driver's ticks and the
 * person's. Node only, no `vscode`.
 */
export function promptRefusal(slug: string, session: { readonly live: boolean; readonly state: SessionState } | undefined, budget: () => string | undefined): string | undefined {
  if (!session?.live) return `${slug} is not running as an ACP session here.`;
  if (session.state !== 'idle') return `${slug} is ${session.state === 'in-turn' ? 'in the middle of a turn' : 'still starting'}: the prompt was not sent.`;
  return budget();
}

/** What the budget sentence needs of the agent's usage (agent-runs.ts's `AgentUsage`). */
export interface BudgetStanding {
  readonly today: { readonly cost: number };
  readonly budget: number | null;
  readonly level: BudgetLevel;
}

/**
 * The sentence for a spent daily budget, `undefined` while it is not spent (or there is
 * none). `perAgent`: the budget comes from `cortex.agents.dailyBudgets` (else `dailyBudget`).
 */
export function budgetRefusal(name: string, usage: BudgetStanding | null, perAgent: boolean): string | undefined {
  if (!usage || usage.level !== 'exceeded' || usage.budget === null) return undefined;
  const setting = perAgent ? 'cortex.agents.dailyBudgets' : 'cortex.agents.dailyBudget';
  return `${name}'s daily budget of ${usd(usage.budget)} is spent (${usd(usage.today.cost)} today): no prompt is sent to it until tomorrow, or until ${setting} is raised.`;
}

/** US dollars to the cent; a smaller amount with two significant digits (not "$0.00"). */
function usd(amount: number): string {
  return amount >= 0.01 || amount === 0 ? `$${amount.toFixed(2)}` : `$${amount.toPrecision(2)}`;
}
