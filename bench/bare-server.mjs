// The baseline server of the benchmarks: Fastify with one route and no work behind it, in its own process
// like the product (sharing autocannon's thread would slow it and flatter every ratio).
import Fastify from 'fastify';

const [port, status] = process.argv.slice(2).map(Number);
const app = Fastify({ logger: false });
app.all('/bare', async (_req, reply) => {
  if (status === 204) return reply.status(204).send();
  if (status === 302) return reply.status(302).header('location', 'https://example.com/landing').send();
  return { code: 200, message: 'ok', data: { ok: true } };
});
await app.listen({ port, host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
