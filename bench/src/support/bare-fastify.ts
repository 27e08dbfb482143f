/**
 * `bench:api`'s second floor, run as a process of its own (`node --import tsx bare-fastify.ts ROUTES.json`):
 * Fastify as the real server runs it, with no plugins, no hooks and no logger, answering from memory the
 * bytes and headers the real server answered, chosen as bare-server.ts chooses them. Between the bare Node
 * floor and this one lies what the framework costs; between this one and the real server, what our code
 * does (authentication, versions, caching, security headers, the request log). Prints `{"port":N}`.
 */
import Fastify from 'fastify';
import { announce, choose, loadRoutes, VOLATILE } from './bare-routes';

async function main(file: string): Promise<void> {
  const routes = loadRoutes(file, (answer) => ({
    status: answer.status,
    headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !VOLATILE.has(name))),
    body: answer.status === 304 ? undefined : answer.body,
  }));
  const app = Fastify({ keepAliveTimeout: 60_000 });
  for (const pathname of new Set([...routes.keys()].map((url) => url.split('?')[0] as string))) {
    app.get(pathname, (req, reply) => {
      const route = routes.get(req.url);
      if (!route) {
        reply.code(404).send();
        return;
      }
      const answer = choose(route, req.headers['if-none-match'], req.headers['accept-encoding']);
      reply.code(answer.status).headers(answer.headers).send(answer.body);
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  announce(typeof address === 'object' && address ? address.port : 0, () => app.close());
}

const file = process.argv[2];
if (!file) {
  console.error('usage: bare-fastify.ts ROUTES.json');
  process.exit(2);
}
await main(file);
