import { createContext } from 'preact';
import type { ChangeSummary } from '../../../src/views/board/common/messages';

/** Each card's changes summary, by `changeKey`, for the cards to read without passing it through every lane and cell. */
export const ChangesContext = createContext<ReadonlyMap<string, ChangeSummary>>(new Map());
