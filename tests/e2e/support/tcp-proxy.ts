import net from 'node:net';

/**
 * A TCP pass-through to a server (here the machine's PostgreSQL) that a test can cut: every open connection
 * is reset and new ones are refused until it is restored, which is what a client sees while the database
 * server restarts. Restarting the machine's own server would also cut the other tests running beside this one.
 */
export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const stopListening = () => new Promise<void>((resolve) => server.close(() => resolve()));
  const port = await listen(0);
  return {
    port,
    async cut() {
      const closed = stopListening();
      for (const socket of sockets) socket.resetAndDestroy();
      await closed;
    },
    async restore() {
      await listen(port);
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await stopListening();
    },
  };
}
