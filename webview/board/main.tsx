import { render } from 'preact';
import { acquireApi, createActions, listenToHost } from './actions';
import { BoardClient } from './client';
import { BoardApp } from './components/board-app';

// Listen before saying "ready", so the first state cannot be missed. The root element
// records when the first cards were painted (ms since the page started loading),
// which the end-to-end test reads.
const root = document.getElementById('root')!;
const actions = createActions(acquireApi());
const client = new BoardClient(actions);
listenToHost(window, (message) => client.receive(message));
render(
  <BoardApp
    client={client}
    actions={actions}
    onPainted={() => {
      root.dataset.firstPaintMs = String(Math.round(performance.now()));
      if (client.firstStateAt !== undefined) root.dataset.stateToPaintMs = String(Math.round(performance.now() - client.firstStateAt));
    }}
  />,
  root,
);
actions.ready();
