import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Headers every answer carries (the security headers), as [name, value] pairs. */
export type FixedHeaders = readonly (readonly [string, string])[];

/**
 * Helmet's headers on every answer but a 304. They depend on the configuration only (no nonces), so
 * helmet runs once at start-up against a recording response and each answer gets the recorded list.
 * A 304 leaves them out (RFC 9110 §15.4.5: it carries what updates the cache, not the representation's
 * other fields): the browser keeps those of the answer it stored, and a revalidation, the commonest call
 * of an open dashboard, writes a header block a third as long. The read cache's answers carry the same
 * list, written with them (http/read-cache.ts).
 */
export function registerSecurityHeaders(app: FastifyInstance, headers: FixedHeaders): void {
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (reply.statusCode !== 304) {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    }
    done(null, payload);
  });
}

/** The headers helmet sets with our policy, in the order it sets them. */
export function securityHeaders(publicUrl: string | undefined): [string, string][] {
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
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  let failure: unknown;
  apply({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}
