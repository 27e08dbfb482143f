// Bundles the server and the workspace packages (TypeScript source) into dist/.
//
// The server's own entry also carries its pure-JavaScript npm dependencies (fastify, kysely, zod...):
// one file of whitespace-minified source instead of some hundred modules keeps about 6 MB of module source
// and module records out of the idle process (issue #22: idle RSS <= 80 MB). Packages that load native
// code, read files beside themselves or are only reached at run time stay external and load from
// node_modules. The readers (child processes started by path) keep every dependency external: they load
// pdf.js, tesseract and sharp, which find their workers, fonts and data files relative to themselves.
import { build } from 'esbuild';

const LOADED_FROM_NODE_MODULES = [
  'better-sqlite3', // native
  'pg', // optional native binding, loaded only for DATABASE_URL
  '@fastify/swagger-ui', // serves its static files from its own folder
  'pino', // may start worker-thread transports by file path
  // CommonJS reached only through import() at run time: bundled into a chunk of its own, esbuild exports
  // its module.exports as the default alone, and `const { S3Client } = await import(...)` found nothing.
  '@aws-sdk/client-s3',
  'ioredis',
];

const common = {
  outdir: 'dist',
  bundle: true,
  // Separate chunks keep dynamically imported parts (the e-mail parser, the sandbox) out of start-up.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
};

/** Resolves workspace packages (bundled) and leaves the npm packages `external(path)` names to node_modules. */
const dependencies = (external) => ({
  name: 'npm-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      !args.path.startsWith('@warrantly/') && external(args.path)
        ? { path: args.path, external: true }
        : undefined,
    );
  },
});

const packageName = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

await build({
  ...common,
  entryPoints: { server: 'src/server.ts' },
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  // Whitespace and syntax only: names stay, so stack traces and logs read as the source does.
  minifyWhitespace: true,
  minifySyntax: true,
  plugins: [
    dependencies((path) => path.startsWith('node:') || LOADED_FROM_NODE_MODULES.includes(packageName(path))),
  ],
});

await build({
  ...common,
  // The extraction launcher and readers are child processes started by path, so each is its own entry.
  entryPoints: {
    'extraction-launcher': 'src/modules/receipts/reader/extraction-launcher.ts',
    'extraction-worker': 'src/modules/receipts/reader/extraction-worker.ts',
  },
  plugins: [dependencies(() => true)],
});
