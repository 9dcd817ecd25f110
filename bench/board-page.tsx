/**
 * The page side of `npm run bench:board` (see board.ts): the board webview's code in
 * jsdom, a stand-in for the webview's browser (slower than Chromium, so its figures
 * are upper bounds). Measures checking the full message, the first render of the
 * windowed board, a drop shown on screen (the optimistic update), re-filtering for a
 * keystroke and scrolling a screen down.
 */
import { JSDOM } from 'jsdom';
import { render } from 'preact';
import { planDrop } from '../src/views/board/common/drop';
import { NO_FILTER, filterBoard } from '../src/views/board/common/filter';
import { BoardStateMessage, checkBoardHostMessage } from '../src/views/board/common/messages';
import { BoardActions } from '../webview/board/actions';
import { BoardClient } from '../webview/board/client';
import { BoardApp } from '../webview/board/components/board-app';
import { DEFAULT_UI_STATE } from '../webview/board/state';
import { PageRow } from './board-page-api';

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function row(what: string, xs: number[], note?: string): PageRow {
  return { what, median: median(xs), min: Math.min(...xs), note };
}

/** A page: jsdom with the globals Preact and the board use. */
function page(): JSDOM {
  const dom = new JSDOM('<!DOCTYPE html><html><body><div id="root"></div></body></html>', { pretendToBeVisual: true });
  const g = globalThis as Record<string, unknown>;
  for (const key of ['window', 'document', 'Node', 'Element', 'HTMLElement', 'Event', 'KeyboardEvent', 'MouseEvent', 'FocusEvent', 'requestAnimationFrame', 'cancelAnimationFrame', 'getComputedStyle']) {
    g[key] = (dom.window as unknown as Record<string, unknown>)[key];
  }
  return dom;
}

function actions(): BoardActions {
  const none = () => undefined;
  return {
    ready: none,
    resync: none,
    drop: none,
    reassign: none,
    dispatchAgain: none,
    openTask: none,
    detail: none,
    openLink: none,
    openTeamView: none,
    openThread: none,
    visible: none,
    changeDetail: none,
    reviewChanges: none,
    accept: none,
    sendBack: none,
    editTask: none,
    cancelTask: none,
    unclaim: none,
    undo: none,
    filterText: none,
    runAgent: none,
    loadUiState: () => DEFAULT_UI_STATE,
    saveUiState: none,
  };
}

const tick = () => new Promise<void>((r) => setTimeout(r, 0));

export async function benchPage(first: string, all: string, runs: number): Promise<PageRow[]> {
  const check: number[] = [];
  const checkAll: number[] = [];
  const firstRender: number[] = [];
  const fullRender: number[] = [];
  const dropShown: number[] = [];
  const filterCold: number[] = [];
  const filterWarm: number[] = [];
  const unfilter: number[] = [];
  const refilter: number[] = [];
  const scrollTimes: number[] = [];
  let cardsRendered = 0;
  let tasks = 0;
  const parse = (json: string, times: number[]): BoardStateMessage => {
    const data = JSON.parse(json) as unknown;
    const t0 = performance.now();
    const checked = checkBoardHostMessage(data);
    times.push(performance.now() - t0);
    if (!checked.ok || checked.value.type !== 'state') throw new Error('message refused');
    return checked.value;
  };
  for (let i = 0; i < runs + 1; i++) {
    const message = parse(first, check);
    const everything = { ...parse(all, checkAll), version: 2, base: 1 };
    tasks = everything.lanes.reduce((n, l) => n + l.cards.length, 0);

    // First paint: the first message, as the panel sends it to a page that said ready.
    const dom = page();
    const rootEl = dom.window.document.getElementById('root')!;
    const client = new BoardClient(actions());
    const t2 = performance.now();
    client.receive(message);
    render(<BoardApp client={client} actions={actions()} />, rootEl);
    const t3 = performance.now();
    cardsRendered = rootEl.querySelectorAll('.card').length;
    // The rest of the cards arriving.
    const r0 = performance.now();
    client.receive(everything);
    await tick();
    fullRender.push(performance.now() - r0);

    // A drop: the first agent's next ready task to in progress, until the DOM shows it there.
    const agent = everything.agents[0].slug;
    const card = everything.lanes.find((l) => l.slug === agent)!.cards.find((c) => c.status === 'ready')!;
    const target = { agent, column: 'in-progress' as const, anchor: null, place: 'before' as const };
    const t4 = performance.now();
    client.drop({ agent, index: card.index, title: card.title, status: card.status }, target, planDrop({ agent, ...card }, target));
    for (let k = 0; k < 100; k++) {
      if (rootEl.querySelector(`.cell[data-agent="${agent}"][data-column="in-progress"] .card[data-index="${card.index}"]`)) break;
      await tick();
    }
    const t5 = performance.now();

    // Typing a filter: re-filtering 20,000 cards (first keystroke, then the next one).
    const f0 = performance.now();
    filterBoard(client.view.agents, client.view.cards, { text: 'webhook', agent: null, project: null, review: false });
    const f1 = performance.now();
    filterBoard(client.view.agents, client.view.cards, { text: 'webhook #4', agent: null, project: null, review: false });
    const f2 = performance.now();
    // Escape (back to every card), then the first keystroke again (texts already lowered).
    filterBoard(client.view.agents, client.view.cards, NO_FILTER);
    const f3 = performance.now();
    filterBoard(client.view.agents, client.view.cards, { text: 'webhook', agent: null, project: null, review: false });
    const f4 = performance.now();

    // A screen further down: the scroll handler re-renders the window.
    const scroller = rootEl.querySelector<HTMLElement>('.board-scroll')!;
    const s0 = performance.now();
    scroller.scrollTop = 20_000;
    scroller.dispatchEvent(new dom.window.Event('scroll'));
    await new Promise((r) => dom.window.requestAnimationFrame(() => r(undefined)));
    await tick();
    const s1 = performance.now();
    render(null, rootEl);
    dom.window.close();
    if (i === 0) {
      // warm-up
      for (const xs of [check, checkAll, fullRender]) xs.length = 0;
      continue;
    }
    firstRender.push(t3 - t2);
    dropShown.push(t5 - t4);
    filterCold.push(f1 - f0);
    filterWarm.push(f2 - f1);
    unfilter.push(f3 - f2);
    refilter.push(f4 - f3);
    scrollTimes.push(s1 - s0);
  }
  return [
    row('page: checking the first message (runtime validation)', check),
    row('page: first render of the board (jsdom)', firstRender, `${cardsRendered} cards in the DOM`),
    row('page: checking a message with every card', checkAll),
    row('page: the rest of the cards arrive, re-render', fullRender, `${tasks} cards known`),
    row('page: a drop shown on screen (optimistic, jsdom)', dropShown),
    row('page: filter 20,000 cards, first keystroke', filterCold),
    row('page: filter 20,000 cards, next keystroke', filterWarm),
    row('page: Escape, every card back (20,000)', unfilter),
    row('page: the first keystroke again after Escape', refilter),
    row('page: scroll a screen down and re-render (jsdom, one frame)', scrollTimes),
  ];
}
