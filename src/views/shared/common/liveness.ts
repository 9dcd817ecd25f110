/**
 * Liveness on both sides of the webview boundary. The states are the core's
 * (`core/team/liveness.ts` says what each means); this lists them for the message checkers,
 * and the compiler keeps the list complete.
 */
import type { Liveness } from '../../../core/team/liveness';

export type { Liveness };
export { LIVENESS_ICONS } from '../../../base/liveness-icons';

export const LIVENESS_VALUES = ['alive', 'idle', 'waiting', 'down', 'inactive'] as const satisfies readonly Liveness[];

/** Fails to compile when the core gains a state this list lacks. */
export const LIVENESS_LISTED: Exclude<Liveness, (typeof LIVENESS_VALUES)[number]> extends never ? true : never = true;
