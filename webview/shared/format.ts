/** Wording every Cortex page shares. Pure. */

/** "1 agent", "3 agents", "2 children" (with `many`). */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
