import * as http from 'http';
import { AddressInfo } from 'net';

/** An HTTP server on 127.0.0.1 (a free port) that hands each request on with its whole body. */
export interface Loopback {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts it; `answer` gets the request, its body as text, and the response to write. */
export async function listenOnLoopback(answer: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void): Promise<Loopback> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => answer(req, body, res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
