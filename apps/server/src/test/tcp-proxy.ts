import { createConnection, createServer, type Socket } from 'node:net';

/**
 * A loopback TCP proxy that a test can cut and restore: a database (or any server) outage
 * without stopping the server itself, which other tests share.
 *
 * How a cut looks to the client, besides every open connection closing at once:
 * - 'refuse': the proxy stops listening; new connections are refused (ECONNREFUSED), as when
 *   the server is stopped;
 * - 'reset': new connections are accepted and reset at once (ECONNRESET);
 * - 'hang': new connections are accepted and never answered, as behind a dead network link;
 *   only the client's own timeout ends them.
 */
export type CutMode = 'refuse' | 'reset' | 'hang';

export type TcpProxy = {
  readonly port: number;
  /** `url` with its host and port replaced by the proxy's (user, password, path kept). */
  urlThrough(url: string): string;
  cut(mode?: CutMode): Promise<void>;
  /** Forwards new connections again. */
  restore(): Promise<void>;
  close(): Promise<void>;
};

const LOOPBACK = '127.0.0.1';

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let cutMode: CutMode | undefined;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A cut makes sockets fail on purpose; their errors are the point, not a test failure.
    socket.on('error', () => {});
  };
  const destroyAll = () => {
    for (const socket of sockets) socket.destroy();
  };

  const server = createServer((client) => {
    track(client);
    if (cutMode === 'reset') return void client.resetAndDestroy();
    if (cutMode === 'hang') return;
    const upstream = createConnection(target);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, LOOPBACK, () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));

  await listen(0);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    port,
    urlThrough(url) {
      const through = new URL(url);
      through.hostname = LOOPBACK;
      through.port = String(port);
      return through.toString();
    },
    async cut(mode = 'refuse') {
      cutMode = mode;
      destroyAll();
      if (mode === 'refuse' && server.listening) await stopListening();
      if (mode !== 'refuse' && !server.listening) await listen(port);
    },
    async restore() {
      // Connections left hanging during the cut were never forwarded: end them.
      destroyAll();
      cutMode = undefined;
      if (!server.listening) await listen(port);
    },
    async close() {
      cutMode = 'refuse';
      destroyAll();
      if (server.listening) await stopListening();
    },
  };
}
