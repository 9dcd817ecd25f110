/**
 * The one polling helper of every suite: looks at `check` every `intervalMs` until it
 * gives something truthy, and returns that. A wait waits for a condition, never for a
 * fixed time; `timeoutMs` only bounds a wait that will not end, and the failure names
 * what was awaited (`what`, or what the function says the state was at the end).
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  timeoutMs: number,
  what: string | (() => string | Promise<string>),
  intervalMs = 25,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${typeof what === 'string' ? what : await what()}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
