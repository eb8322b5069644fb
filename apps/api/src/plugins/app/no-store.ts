// Every answer of the API is marked `Cache-Control: no-store`, whatever its content type: some carry
// secrets (CreateClient, RotateClient), others personal data — GetUser as JSON, ExportActivity's members'
// emails and IP addresses as CSV — and no browser, proxy or CDN may keep a copy. An answer that set its
// own policy (the web app's files, the API docs' assets) keeps it.
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    // A callback, not an async function: it runs on every answer, the data feed's thousands a second.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'no-store' },
);
