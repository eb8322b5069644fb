// A TCP proxy a test can cut and restore: the network between the portal and a server it needs (Redis,
// PostgreSQL) failing the way a real network or a proxy does, without touching the server itself.
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** Drops every connection and refuses new ones until restored. */
  cut(): void;
  /**
   * Drops every connection and leaves new ones hanging, never answered, until restored: a host that
   * went away or a firewall that drops packets, where a connection attempt waits instead of failing.
   */
  stall(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let mode: 'open' | 'cut' | 'stalled' = 'open';
  const server = net.createServer((client) => {
    if (mode === 'cut') return void client.destroy();
    if (mode === 'stalled') {
      sockets.add(client);
      client.on('close', () => sockets.delete(client));
      client.on('error', () => undefined);
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      mode = 'cut';
      for (const socket of sockets) socket.destroy();
    },
    stall() {
      mode = 'stalled';
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      mode = 'open';
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
