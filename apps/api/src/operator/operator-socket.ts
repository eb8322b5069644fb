// The embedded database admits one process, so while the server runs on it, operator commands are
// handed to the server through a Unix socket in DATA_DIR (owner-only, like the database files next to
// it: whoever may read those may run these). The socket also stops a second server from opening the
// same embedded database.
import { chmod, unlink } from 'node:fs/promises';
import http from 'node:http';
import fp from 'fastify-plugin';
import { socketIsLive } from '../config/operator-socket-path.ts';
import { operatorRequestSchema, runOperatorCommand } from './commands.ts';

const MAX_REQUEST_BYTES = 20 * 1024 * 1024;

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_REQUEST_BYTES) request.destroy(new Error('operator request too large'));
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Called before the database opens: a second process on the same embedded files would corrupt them. */
export async function claimOperatorSocket(path: string): Promise<void> {
  if (await socketIsLive(path)) {
    throw new Error(`Another server already uses this DATA_DIR (${path} answers). Stop it first.`);
  }
  // A socket file left by a server that crashed.
  await unlink(path).catch(() => undefined);
}

export default fp<{ path: string }>(
  async (app, { path }) => {
    const server = http.createServer((request, response) => {
      const answer = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      };
      readBody(request)
        .then(async (text) => {
          const parsed = operatorRequestSchema.safeParse(JSON.parse(text));
          if (!parsed.success) return answer(400, { ok: false, output: 'Malformed operator request.' });
          app.log.info({ command: parsed.data.command }, 'operator command');
          return answer(200, await runOperatorCommand(app, parsed.data));
        })
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'operator command failed');
          answer(500, { ok: false, output: 'The command failed; see the server log.' });
        });
    });

    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(path, () => resolve());
      });
      await chmod(path, 0o600);
    });
    app.addHook('onClose', async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await unlink(path).catch(() => undefined);
    });
  },
  {
    name: 'operator-socket',
    // The modules the operator's commands act through (commands.ts).
    dependencies: [
      'audit',
      'mail',
      'notices',
      'plans',
      'companies',
      'users',
      'tokens',
      'staff',
      'verification',
    ],
  },
);
