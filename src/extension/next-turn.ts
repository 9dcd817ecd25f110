/**
 * Resolves on the event loop's next turn. Work that activation starts and that awaits
 * this first (finding the team, reading the thread files) runs after activate() has
 * returned, and after whatever the extension host had waiting (another extension's
 * activation, a view to resolve): reading VS Code's settings is slow the first time.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
