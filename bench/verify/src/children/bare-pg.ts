// Baseline of the cache-miss run: node's http server and `pg` doing, per request, what a miss must do —
// read the JSON body, hash the secret with the same keyed hash, run the same indexed query (prepared,
// pool of 10 like the portal's) and answer JSON. No framework, no validation, no cache.
import { createServer } from 'node:http';
import pg from 'pg';
import { createSecretHasher } from '../../../../apps/api/src/lib/client-credentials.ts';
import { announceListening, closeOnSignal } from '@datafeeds/bench-shared/child-protocol';

const { DATABASE_URL, CLIENT_SECRET_HASH_KEY } = process.env;
if (!DATABASE_URL || !CLIENT_SECRET_HASH_KEY) throw new Error('DATABASE_URL and CLIENT_SECRET_HASH_KEY');
const hasher = createSecretHasher(CLIENT_SECRET_HASH_KEY);
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });

const QUERY = {
  name: 'bare_verify_by_secret_hash',
  text:
    'select c.client_id, c.company_id, c.api_type, c.scope, c.status, c.expired_at, ' +
    'co.name as company_name, co.account_status from api_clients c ' +
    'join companies co on co.id = c.company_id where c.secret_hash = $1',
};

const server = createServer((request, response) => {
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk: string) => (body += chunk));
  request.on('end', () => {
    const { secret } = JSON.parse(body) as { secret: string };
    pool.query({ ...QUERY, values: [hasher.hash(secret)] }).then(
      ({ rows: [row] }) => {
        const answer = row
          ? { valid: true, code: 'VALID', clientId: row.client_id, companyName: row.company_name }
          : { valid: false, code: 'NOT_FOUND' };
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(JSON.stringify(answer));
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
