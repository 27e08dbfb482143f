import type { SwaggerOptions } from '@fastify/swagger';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RouteOptions,
} from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

const PREFIX = '/api/docs';

const OPENAPI: Extract<SwaggerOptions, { openapi?: unknown }>['openapi'] = {
  info: {
    title: 'Warrantly API',
    version: '1.0.0',
    description: 'Purchases, receipts, warranties and reminders.',
  },
  components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
  security: [{ bearer: [] }],
};

/** Hop-by-hop and length headers of the inner answer: the outer reply sets its own. */
const NOT_FORWARDED = new Set(['content-length', 'connection', 'transfer-encoding', 'keep-alive', 'date']);

type DocumentedRoute = Pick<RouteOptions, 'method' | 'url' | 'schema'>;

/**
 * The API's documentation: the Swagger UI at /api/docs and the OpenAPI document at /api/docs/json, made
 * from the same zod schemas that validate the routes. It is built on its first request: the swagger
 * plugins (with their YAML and static-file dependencies) and the JSON Schema of every route cost an idle
 * server about 9 MB, and most days nobody opens the docs. Each route is recorded as it registers (its
 * method, path and a reference to its schema); the first docs request replays them, without handlers, onto
 * a small Fastify instance carrying @fastify/swagger and @fastify/swagger-ui, which then answers every
 * /api/docs request through `inject`. Call it before the routes are registered.
 */
export function registerApiDocs(app: FastifyInstance): void {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route) => {
    // HEAD routes are Fastify's own copies of GET routes: the inner instance makes its own.
    const methods = [route.method].flat().filter((method) => method !== 'HEAD');
    if (methods.length > 0 && !route.url.startsWith(PREFIX))
      routes.push({ method: methods, url: route.url, schema: route.schema });
  });

  let docs: Promise<FastifyInstance> | undefined;
  async function build(): Promise<FastifyInstance> {
    const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
      import('@fastify/swagger'),
      import('@fastify/swagger-ui'),
    ]);
    const inner = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    // The schemas are zod's: they are only described here, never compiled into validators or serialisers.
    inner.setValidatorCompiler(() => () => true);
    inner.setSerializerCompiler(() => (data) => JSON.stringify(data));
    await inner.register(swagger, { openapi: OPENAPI, transform: jsonSchemaTransform });
    await inner.register(swaggerUi, { routePrefix: PREFIX, staticCSP: true });
    for (const route of routes) inner.route({ ...route, handler: async () => null });
    await inner.ready();
    return inner;
  }

  async function answer(req: FastifyRequest, reply: FastifyReply) {
    docs ??= build().catch((error: unknown) => {
      docs = undefined; // the next request tries again
      throw error;
    });
    const inner = await docs.catch((e) => {
      console.error('DBG', e);
      throw e;
    });
    const res = await inner.inject({ method: req.method as 'GET' | 'HEAD', url: req.url });
    reply.code(res.statusCode);
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined && !NOT_FORWARDED.has(name)) reply.header(name, value);
    }
    return reply.send(res.rawPayload);
  }

  const options = { config: { public: true }, schema: { hide: true } };
  app.get(PREFIX, options, answer);
  app.get(`${PREFIX}/*`, options, answer);
}
