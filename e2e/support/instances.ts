// Two portal instances behind one PostgreSQL database and one Redis, as production runs them: the
// compiled server `npm start` built (apps/api/dist), each on its own port with the same secrets, a fresh
// database for the run and its own Redis key prefix — and in front of them a load balancer (one origin,
// so the browser keeps one session) that the spec tells which instance gets the next requests.
import { spawnSync } from 'node:child_process';
import { createServer, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { healthAt, spawnServer, untilReady, type ServerProcess } from '@datafeeds/harness/server';
import { E2E_PORT } from './server.ts';

const repoRoot = resolve(import.meta.dirname, '../..');
const postgresAdmin = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const INSTANCE_PORTS = [E2E_PORT + 3, E2E_PORT + 4] as const;
const BALANCER_PORT = E2E_PORT + 5;

export type InstanceName = 'A' | 'B';

export interface Instances {
  /** The load balancer's address: the one origin the browser uses. */
  url: string;
  /** Sends every following request to this instance. */
  routeTo(instance: InstanceName): void;
  /** Requests each instance has answered through the balancer. */
  served: Record<InstanceName, number>;
  stop(): Promise<void>;
}

/** Forwards each request, unchanged, to the instance chosen at the time it arrives. */
async function startBalancer(targets: Record<InstanceName, number>) {
  let current: InstanceName = 'A';
  const served: Record<InstanceName, number> = { A: 0, B: 0 };
  const server = createServer((incoming, outgoing) => {
    const instance = current;
    served[instance] += 1;
    const forwarded = request(
      {
        host: '127.0.0.1',
        port: targets[instance],
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(BALANCER_PORT, '127.0.0.1', resolve));
  return {
    served,
    routeTo: (instance: InstanceName) => void (current = instance),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function psql(sql: string): void {
  const result = spawnSync('psql', [postgresAdmin, '-v', 'ON_ERROR_STOP=1', '-qc', sql], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error?.message}`);
}

export async function startInstances(): Promise<Instances> {
  const id = randomBytes(4).toString('hex');
  const database = `datafeeds_e2e_${id}`;
  psql(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(postgresAdmin);
  databaseUrl.pathname = `/${database}`;
  const shared = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl.toString(),
    REDIS_URL: redisUrl,
    REDIS_KEY_PREFIX: `datafeeds-e2e-${id}:`,
    APP_URL: `http://127.0.0.1:${BALANCER_PORT}`,
    SESSION_SECRET: randomBytes(32).toString('hex'),
    CLIENT_SECRET_HASH_KEY: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SCALE: '10',
  };
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  const startOne = (name: InstanceName, port: number) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'datafeeds-e2e-instance-'));
    dataDirs.push(dataDir);
    const { SMTP_URL: _smtp, ...inherited } = process.env;
    const server = spawnServer({
      name: `instance ${name}`,
      command: process.execPath,
      args: ['--enable-source-maps', join(repoRoot, 'apps/api/dist/main.js')],
      cwd: repoRoot,
      env: { ...inherited, ...shared, PORT: String(port), DATA_DIR: dataDir },
    });
    servers.push(server);
    return untilReady(server, { ready: healthAt(`http://127.0.0.1:${port}`) });
  };
  let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;

  const stop = async () => {
    await balancer?.close();
    await Promise.all(servers.map((server) => server.stop()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
    psql(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  };
  try {
    // One after the other: the first applies the migrations to the empty database and the second finds
    // none left (started together, they would take turns on the migrations' advisory lock).
    await startOne('A', INSTANCE_PORTS[0]);
    await startOne('B', INSTANCE_PORTS[1]);
    balancer = await startBalancer({ A: INSTANCE_PORTS[0], B: INSTANCE_PORTS[1] });
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${BALANCER_PORT}`,
    routeTo: balancer.routeTo,
    served: balancer.served,
    stop,
  };
}
