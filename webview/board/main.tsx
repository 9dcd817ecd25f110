import { render } from 'preact';
import '../shared/neutralise';
import { acquireApi } from '../shared/host-bridge';
import { createActions, listenToHost } from './actions';
import { BoardClient } from './client';
import { BoardApp } from './components/board-app';

// Listen before saying "ready", so the first state cannot be missed. The root element
// records when the page's script started, when the first snapshot arrived, when the
// first cards were painted and when every lane's cards had arrived and were painted
// (ms since the page started loading), which the end-to-end test and bench:vscode read.
const scriptAt = performance.now();
const root = document.getElementById('root')!;
const actions = createActions(acquireApi());
const client = new BoardClient(actions);
listenToHost(window, (message) => client.receive(message));
render(
  <BoardApp
    client={client}
    actions={actions}
    onPainted={() => {
      root.dataset.scriptMs = String(Math.round(scriptAt));
      if (client.firstStateAt !== undefined) root.dataset.stateMs = String(Math.round(client.firstStateAt));
      root.dataset.firstPaintMs = String(Math.round(performance.now()));
    }}
    onAllCards={() => {
      root.dataset.allCardsMs = String(Math.round(performance.now()));
    }}
  />,
  root,
);
actions.ready();
