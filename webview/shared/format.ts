/** Usage wording of the Cortex pages (counts, durations and ages: src/base/words.ts). Pure. */

/** "980 tokens", "12.3k tokens", "1.2M tokens". */
export function tokensText(n: number): string {
  if (n < 1000) return `${Math.round(n)} tokens`;
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k tokens`;
  return `${(n / 1_000_000).toFixed(n < 10_000_000 ? 1 : 0)}M tokens`;
}

/** An estimated cost in US dollars: "$0.42", "<$0.01", "$12", "$1,234". */
export function costText(usd: number): string {
  if (usd <= 0) return '$0';
  if (usd < 0.01) return '<$0.01';
  if (usd < 10) return `$${usd.toFixed(2)}`;
  return `$${Math.round(usd).toLocaleString('en-US')}`;
}

/** The Start button's title (Team view row, board lane header): how the agent will run, and with what. */
export function startTitle(name: string, run: { readonly profile: string | null; readonly channel: 'terminal' | 'acp' }): string {
  const how = run.channel === 'acp' ? 'as an ACP session' : 'in a terminal';
  return run.profile ? `Start ${name} ${how}: ${run.profile}` : `Start ${name} ${how} (choose its CLI)…`;
}
