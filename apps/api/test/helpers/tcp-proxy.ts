// A TCP proxy a test can cut, stall, hold and restore: the network between the portal and a server it
// needs (Redis, PostgreSQL) failing the way a real network, a proxy or a stuck server does, without
// touching the server itself.
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
  /**
   * Keeps every connection open and accepts new ones, but passes no byte either way until restored, when
   * what was held flows on: a server that stopped answering without closing (a stalled Redis).
   */
  hold(): void;
  restore(): void;
  close(): Promise<void>;
}

interface Link {
  client: net.Socket;
  upstream: net.Socket;
  /** Bytes held back while the proxy holds, in order, each with where it was going. */
  held: { to: net.Socket; chunk: Buffer }[];
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const links = new Set<Link>();
  let mode: 'open' | 'cut' | 'stalled' | 'held' = 'open';
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    if (mode === 'cut') return void client.destroy();
    track(client);
    if (mode === 'stalled') return;
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    const link: Link = { client, upstream, held: [] };
    links.add(link);
    const forward = (to: net.Socket) => (chunk: Buffer) => {
      if (mode === 'held') link.held.push({ to, chunk });
      else to.write(chunk);
    };
    client.on('data', forward(upstream));
    upstream.on('data', forward(client));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      client.destroy();
      links.delete(link);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      mode = 'cut';
      dropAll();
    },
    stall() {
      mode = 'stalled';
      dropAll();
    },
    hold() {
      mode = 'held';
    },
    restore() {
      mode = 'open';
      for (const link of links) {
        for (const { to, chunk } of link.held.splice(0)) to.write(chunk);
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        dropAll();
        server.close(() => resolve());
      }),
  };
}
