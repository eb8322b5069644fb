// Every answer of the API is marked `Cache-Control: no-store`, whatever its content type: some carry
// secrets (CreateClient, RotateClient), others personal data — GetUser as JSON, ExportActivity's members'
// emails and IP addresses as CSV — and no browser, proxy or CDN may keep a copy. An answer that set its
// own policy (the web app's files, the API docs' assets) keeps it.
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (!reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'no-store' },
);
