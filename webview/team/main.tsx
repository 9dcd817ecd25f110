import { render } from 'preact';
import '../shared/neutralise';
import { TeamViewState } from '../../src/views/team/common/messages';
import { acquireApi } from '../shared/host-bridge';
import { createActions, listenToHost } from './actions';
import { TeamApp } from './components/team-app';

// Listen before saying "ready", so the first state cannot be missed; each new state
// re-renders into the same tree (Preact diffs it: no flicker, focus and scroll stay).
const root = document.getElementById('root')!;
const actions = createActions(acquireApi());
let state: TeamViewState | undefined;
const draw = () => render(<TeamApp state={state} actions={actions} />, root);
listenToHost(window, (next) => {
  state = next;
  draw();
});
draw();
actions.ready();
