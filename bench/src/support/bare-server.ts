/**
 * The floor of `bench:api`, run as a process of its own (`node --import tsx bare-server.ts ROUTES.json`):
 * a bare Node `http` server answering, from memory, the bytes and headers the real server answered
 * (bare-floor.ts captures them). It negotiates the encoding the way a server must (br, then gzip, then
 * identity, among the variants captured) and answers 304 to an If-None-Match holding the ETag. Nothing
 * else: no routing framework, no authentication, no database. Prints `{"port":N}` once listening.
 */
import http from 'node:http';
import { announce, choose, loadRoutes, VOLATILE } from './bare-routes';

function main(file: string): void {
  // Everything written once per answer is prepared once: header pairs and body, ready to write.
  const routes = loadRoutes(file, (answer) => {
    // Node's raw form: names and values in one list, a repeated header once per value.
    const headers = Object.entries(answer.headers)
      .filter(([name]) => !VOLATILE.has(name))
      .flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).flatMap((v) => [name, v]));
    if (answer.status !== 304) headers.push('content-length', String(answer.body.length));
    return { status: answer.status, headers, body: answer.body };
  });
  const server = http.createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    const answer = choose(route, req.headers['if-none-match'], req.headers['accept-encoding']);
    res.writeHead(answer.status, answer.headers);
    res.end(answer.status === 304 ? undefined : answer.body);
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    announce(
      typeof address === 'object' && address ? address.port : 0,
      () => new Promise((r) => server.close(() => r())),
    );
  });
}

const file = process.argv[2];
if (!file) {
  console.error('usage: bare-server.ts ROUTES.json');
  process.exit(2);
}
main(file);
