/** Wording the Cortex pages share (the Team view's and the board's times among them). Pure. */

/** "1 agent", "3 agents", "2 children" (with `many`). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "5 min", "1 h 20 min", "14 h", "3 days". */
export function duration(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  if (m < 60) return `${m} min`;
  if (m < 48 * 60) {
    const h = Math.floor(m / 60);
    const rest = m % 60;
    return rest === 0 || h >= 10 ? `${h} h` : `${h} h ${rest} min`;
  }
  return `${Math.floor(m / (24 * 60))} days`;
}

/** A tick's age: "just now", "12 min ago", "3 h ago"; a tick in the future says so. */
export function ago(minutes: number | null): string {
  if (minutes === null) return 'never ticked';
  if (minutes < 0) return 'ticked in the future';
  if (minutes < 1) return 'just now';
  return `${duration(minutes)} ago`;
}

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
