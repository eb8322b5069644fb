// Every JSON answer of the API is marked `Cache-Control: no-store` (issue "Survive faults"): some carry
// secrets (CreateClient, RotateClient) or personal data (GetUser), and no browser, proxy or CDN may keep
// a copy. An answer that set its own policy (the web app's files) keeps it.
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    app.addHook('onSend', async (_request, reply, payload) => {
      if (
        !reply.hasHeader('cache-control') &&
        /^application\/json/.test(String(reply.getHeader('content-type')))
      ) {
        void reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'no-store' },
);
