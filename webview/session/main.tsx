import { render } from 'preact';
import '../shared/neutralise';
import { SessionViewState } from '../../src/views/session/common/messages';
import { acquireApi, readInitialMessage } from '../shared/host-bridge';
import { createActions, listenToHost } from './actions';
import { SessionApp } from './components/session-app';

// The state in the page's HTML paints at once; listen before saying "ready" so no later
// state is missed; each new state re-renders into the same tree.
const root = document.getElementById('root')!;
const actions = createActions(acquireApi());
let state: SessionViewState | undefined;
const draw = () => render(<SessionApp state={state} actions={actions} />, root);
listenToHost(
  window,
  (next) => {
    state = next;
    draw();
  },
  undefined,
  readInitialMessage(document),
);
if (state === undefined) draw();
actions.ready();
