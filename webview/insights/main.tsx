import { render } from 'preact';
import '../shared/neutralise';
import { acquireApi } from '../shared/host-bridge';
import { createActions, listenToHost } from './actions';
import { InsightsClient } from './client';
import { InsightsApp } from './components/insights-app';

// Listen before saying "ready", so the first state cannot be missed.
const actions = createActions(acquireApi());
const client = new InsightsClient();
listenToHost(window, (message) => client.receive(message));
render(<InsightsApp client={client} actions={actions} />, document.getElementById('root')!);
actions.ready();
