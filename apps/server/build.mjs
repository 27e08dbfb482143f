// Bundles the server and the workspace packages (TypeScript source) into dist/server.js;
// npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  // The extraction launcher and readers are child processes started by path, so each is its own entry.
  entryPoints: {
    server: 'src/server.ts',
    'extraction-launcher': 'src/modules/receipts/reader/extraction-launcher.ts',
    'extraction-worker': 'src/modules/receipts/reader/extraction-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  // Separate chunks keep dynamically imported parts (the e-mail parser, the sandbox) out of start-up.
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@warrantly/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
});
