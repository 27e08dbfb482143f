import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app: hashed assets cached for a year, every other path gets index.html so the
 * client router (and its own 404 page) takes over. Unknown /api/ paths answer JSON 404 instead.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | null): Promise<void> {
  const hasApp = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      serve: false,
      preCompressed: true,
      etag: true,
      lastModified: true,
    });
  }
  app.setNotFoundHandler(async (req, reply) => {
    const pathname = req.url.split('?')[0] ?? '/';
    const isApi = /^\/(api|google-auth|microsoft-auth)(\/|$)/.test(pathname);
    if (isApi || !hasApp || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: `No route for ${req.method} ${pathname}`, code: 'not_found' });
    }
    const file = path.normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
    if (file.startsWith('/assets/') && existsSync(path.join(distDir as string, file))) {
      return reply.sendFile(file, { maxAge: 31_536_000_000, immutable: true });
    }
    if (file !== '/' && !file.endsWith('.html') && existsSync(path.join(distDir as string, file))) {
      return reply.sendFile(file, { maxAge: 3_600_000 });
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile('index.html', { cacheControl: false });
  });
}
