import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { appPage } from '@warrantly/contract/meta';
import type { FastifyInstance } from 'fastify';
import { contentEtag, isFresh } from './etag';

/**
 * Serves the built web app: hashed assets cached for a year, every other path gets the app's page so the
 * client router (and its own 404 page) takes over. Unknown /api/ paths answer JSON 404 instead. The page
 * is `index.html` read once, with the sandbox notice kept only when sign-in is the sandbox.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | null,
  { sandbox }: { sandbox: boolean },
): Promise<void> {
  const hasApp = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  const page = hasApp ? appPage(readFileSync(path.join(distDir, 'index.html'), 'utf8'), { sandbox }) : '';
  const pageTag = contentEtag(page);
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
    reply.header('cache-control', 'no-cache').header('etag', pageTag);
    if (isFresh(req, pageTag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(page);
  });
}
