// Baseline child of bench:api (servers.ts starts it): bare-server.ts on a pool of 10 connections, like
// the portal's, announcing its port and answering the bench's questions over IPC.
import pg from 'pg';
import { closeOnSignal } from '@datafeeds/bench-shared/child-protocol';
import { announceWithLoopDelay } from './child-protocol.ts';
import { createBareServer } from './bare-server.ts';

const { DATABASE_URL, SESSION_SECRET } = process.env;
if (!DATABASE_URL || !SESSION_SECRET) throw new Error('DATABASE_URL and SESSION_SECRET are needed');
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
const { server, close } = createBareServer(pool, SESSION_SECRET);

closeOnSignal(async () => {
  await close();
  await pool.end();
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => announceWithLoopDelay(server));
