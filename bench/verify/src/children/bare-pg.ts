// Baseline of the cache-miss run: node's http server and `pg` doing, per request, what a miss must do —
// read the JSON body, hash the secret with the same keyed hash, run the portal's own indexed query
// (its SQL text, prepared, pool of 10 like the portal's: bare-verify-query.ts) and answer the VALID
// answer built from its row. No framework, no validation, no cache.
import { createServer } from 'node:http';
import pg from 'pg';
import { createSecretHasher } from '../../../../apps/api/src/lib/client-credentials.ts';
import { announceListening, closeOnSignal } from '@datafeeds/bench-shared/child-protocol';
import { BARE_VERIFY_SQL, bareAnswer } from './bare-verify-query.ts';

const { DATABASE_URL, CLIENT_SECRET_HASH_KEY } = process.env;
if (!DATABASE_URL || !CLIENT_SECRET_HASH_KEY) throw new Error('DATABASE_URL and CLIENT_SECRET_HASH_KEY');
const hasher = createSecretHasher(CLIENT_SECRET_HASH_KEY);
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });

const QUERY = { name: 'bare_verify_by_secret_hash', text: BARE_VERIFY_SQL, rowMode: 'array' as const };

const server = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    const { secret } = JSON.parse(body) as { secret: string };
    pool.query<unknown[]>({ ...QUERY, values: [hasher.hash(secret)] }).then(
      ({ rows: [row] }) => {
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(bareAnswer(row)));
      },
      (error: unknown) => {
        console.error(error);
        response.writeHead(500).end();
      },
    );
  });
});

closeOnSignal(async () => {
  await new Promise((done) => server.close(done));
  await pool.end();
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => announceListening(server));
