// Bundles the server and the workspace packages (TypeScript source) into dist/server.js;
// npm dependencies stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
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
