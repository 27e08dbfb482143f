import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's headers on every answer. The middleware is built once: the Fastify wrapper rebuilds it, CSP
 * parsing included, on each request, which cost a tenth of a conditional 304's time.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string | undefined): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        connectSrc: ["'self'"],
        formAction: ["'self'", 'https:', 'http:'],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Only an https public origin asks browsers to insist on TLS: the request's own scheme is not used, as
    // behind a TLS proxy it reads http unless the proxy is trusted. A laptop on plain http never sends it.
    strictTransportSecurity:
      publicUrl && new URL(publicUrl).protocol === 'https:'
        ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
        : false,
    // The Google popup sign-in posts its result back to the page that opened it.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  app.addHook('onRequest', (req, reply, done) => {
    apply(req.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
