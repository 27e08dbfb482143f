import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
// By path: Vite loads its config with Node, which runs no TypeScript from node_modules.
import { appPage, type Meta } from '../../packages/contract/src/meta';

const API = 'http://127.0.0.1:3000';
// Not html: the server serves index.html from memory, with or without the sandbox notice.
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;

/**
 * Writes a Brotli and a gzip copy beside every text file of the build, so the server sends them
 * (@fastify/static `preCompressed`) without compressing on each request: the landing page's script is
 * 3.5 times smaller over the wire.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'warrantly-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        const file = path.join(entry.parentPath, entry.name);
        if (!entry.isFile() || !COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * `npm run dev`: the page keeps its sandbox notice only when the API server says sign-in is the sandbox,
 * as the server itself does when it serves the build.
 */
function sandboxNotice(): Plugin {
  return {
    name: 'warrantly-sandbox-notice',
    apply: 'serve',
    async transformIndexHtml(html) {
      const meta = await fetch(`${API}/api/v1/meta/`)
        .then((res) => (res.ok ? (res.json() as Promise<Meta>) : null))
        .catch(() => null);
      return appPage(html, { sandbox: meta?.sandbox === true });
    },
  };
}

const STORE_LIBRARIES =
  /[\\/]node_modules[\\/](@reduxjs|redux|react-redux|redux-persist|redux-thunk|immer|reselect|@standard-schema|use-sync-external-store)[\\/]/;

// The app's store and its layout go with Redux: the layout of every signed-in page loads the `store` chunk
// first, and the pages' `app` chunk runs in a later task, two shorter tasks instead of one long one.
const STORE_MODULES =
  /[\\/]src[\\/]app[\\/](StoreLayout|app-store|store|api|client|auth-slice|token-refresh|persist-storage)\.tsx?$/;

// The pages a visitor opens before signing in; the success pages after sign-in are the app's.
const PUBLIC_PAGES = /[\\/]src[\\/]features[\\/](legal|auth)[\\/](?!SuccessPage)[^\\/]+$/;
const MAIN = fileURLToPath(new URL('./src/main.tsx', import.meta.url));

/**
 * Which chunk a module goes to. The landing page's code, the public pages and what they use stay as the
 * bundler splits them; the rest of the signed-in app's own code goes to one `app` chunk, and Redux with
 * its helpers and the app's store to one `store` chunk, so that a link into the dashboard loads four files
 * rather than nineteen, each with its own request, preload tag, compilation and evaluation task: on a phone
 * that made the dashboard's start-up a third longer (Lighthouse's main-thread time, 660 ms against 400 ms).
 */
function chunkOf(id: string, ctx: ChunkingContext): string | null {
  if (STORE_LIBRARIES.test(id)) return 'store';
  if (!id.includes(`${path.sep}src${path.sep}`) || publicModules(ctx).has(id)) return null;
  return STORE_MODULES.test(id) ? 'store' : 'app';
}

let publicSet: Set<string> | undefined;
/** The modules the entry or a public page imports statically, directly or not. */
function publicModules(ctx: ChunkingContext): Set<string> {
  if (publicSet) return publicSet;
  const found = new Set<string>();
  const pending = [MAIN];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (found.has(id)) continue;
    found.add(id);
    const info = ctx.getModuleInfo(id);
    pending.push(...(info?.importedIds ?? []));
    // The public pages are loaded on demand: follow the entry's dynamic imports to them only.
    pending.push(...(info?.dynamicallyImportedIds ?? []).filter((next) => PUBLIC_PAGES.test(next)));
  }
  publicSet = found;
  return found;
}

export default defineConfig({
  plugins: [react(), tailwindcss(), sandboxNotice(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    proxy: {
      '/api': API,
      '/google-auth': API,
      '/microsoft-auth': API,
      '/healthz': API,
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Not following a grouped module's imports: they would drag React and the landing page's code,
        // which the entry needs at once, into the `app` chunk.
        codeSplitting: { groups: [{ name: chunkOf, includeDependenciesRecursively: false }] },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
  },
});
