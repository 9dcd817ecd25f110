/**
 * UI state: what the user chose on the page (whether the per-agent rows of the
 * done-per-day chart are shown), kept with `setState` so it survives hiding and
 * reloads; never team data, which the host always sends afresh.
 */
export interface UiState {
  readonly showAgents: boolean;
}

export const DEFAULT_UI_STATE: UiState = { showAgents: true };

/** Reads a saved UI state, keeping what is valid. */
export function readUiState(raw: unknown): UiState {
  if (typeof raw !== 'object' || raw === null) return DEFAULT_UI_STATE;
  const r = raw as Record<string, unknown>;
  return { showAgents: typeof r.showAgents === 'boolean' ? r.showAgents : DEFAULT_UI_STATE.showAgents };
}
