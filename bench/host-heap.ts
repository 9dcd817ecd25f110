/**
 * The extension host's JS heap, read through its inspector (the workbench URL's
 * `inspect-extensions` payload makes code-server start the host with `--inspect=<port>`)
 * with the Chrome DevTools Protocol over its websocket: a full garbage collection, then
 * the heap in use. Optionally a heap snapshot summed by constructor (self sizes), to say
 * what holds it. Needs a global WebSocket (node 20: `--experimental-websocket`).
 */

interface Session {
  send(method: string, params?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Calls `on` with each event of this method (e.g. a snapshot's chunks). */
  onEvent(method: string, on: (params: Record<string, unknown>) => void): void;
  close(): void;
}

async function connect(port: number): Promise<Session> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{ webSocketDebuggerUrl?: string }>;
  const url = targets.find((t) => t.webSocketDebuggerUrl)?.webSocketDebuggerUrl;
  if (!url) throw new Error(`no inspector target on port ${port}`);
  const WS = (globalThis as { WebSocket?: typeof WebSocket }).WebSocket;
  if (!WS) throw new Error('no global WebSocket: run node with --experimental-websocket');
  const ws = new WS(url);
  await new Promise<void>((resolve, reject) => {
    ws.onopen = () => resolve();
    ws.onerror = () => reject(new Error(`cannot open ${url}`));
  });
  let next = 1;
  const pending = new Map<number, { resolve: (r: Record<string, unknown>) => void; reject: (e: Error) => void }>();
  const listeners = new Map<string, (params: Record<string, unknown>) => void>();
  ws.onmessage = (ev: MessageEvent) => {
    const msg = JSON.parse(String(ev.data)) as { id?: number; result?: Record<string, unknown>; error?: { message: string }; method?: string; params?: Record<string, unknown> };
    if (msg.id !== undefined) {
      const p = pending.get(msg.id);
      pending.delete(msg.id);
      if (msg.error) p?.reject(new Error(msg.error.message));
      else p?.resolve(msg.result ?? {});
    } else if (msg.method) listeners.get(msg.method)?.(msg.params ?? {});
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        ws.send(JSON.stringify({ id, method, params }));
      }),
    onEvent: (method, on) => listeners.set(method, on),
    close: () => ws.close(),
  };
}

/** The heap in use after a full garbage collection, in MB (and the heap's total size). */
export async function hostHeapAfterGc(port: number): Promise<{ usedMB: number; totalMB: number }> {
  const s = await connect(port);
  try {
    await s.send('HeapProfiler.collectGarbage');
    await s.send('HeapProfiler.collectGarbage');
    const { usedSize, totalSize } = (await s.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };
    return { usedMB: usedSize / 2 ** 20, totalMB: totalSize / 2 ** 20 };
  } finally {
    s.close();
  }
}

/** A heap snapshot's self sizes summed by node name (constructor, or the kind of string/code), largest first. */
export async function hostHeapByConstructor(port: number, top = 15): Promise<Array<{ name: string; count: number; MB: number }>> {
  const s = await connect(port);
  const chunks: string[] = [];
  s.onEvent('HeapProfiler.addHeapSnapshotChunk', (p) => chunks.push(String(p.chunk)));
  try {
    await s.send('HeapProfiler.enable');
    await s.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    s.close();
  }
  const snap = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
    strings: string[];
  };
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const sums = new Map<string, { count: number; bytes: number }>();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = types[snap.nodes[i + typeAt]];
    const name = type === 'object' || type === 'closure' ? snap.strings[snap.nodes[i + nameAt]] : `(${type})`;
    const e = sums.get(name) ?? { count: 0, bytes: 0 };
    e.count++;
    e.bytes += snap.nodes[i + sizeAt];
    sums.set(name, e);
  }
  return [...sums]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, top)
    .map(([name, e]) => ({ name, count: e.count, MB: e.bytes / 2 ** 20 }));
}
