// Bundles the API (and the domain package's TS source) into dist/main.js; npm dependencies stay external.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const domainPkg = JSON.parse(readFileSync(path.join(root, '..', 'domain', 'package.json'), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), ...Object.keys(domainPkg.dependencies ?? {})].filter((d) => !d.startsWith('@summit/'));

rmSync(path.join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: { main: path.join(root, 'src/main.ts'), 'cli/seed-demo': path.join(root, 'src/cli/seed-demo.ts'), 'cli/create-admin': path.join(root, 'src/cli/create-admin.ts'), 'cli/migrate': path.join(root, 'src/cli/migrate.ts') },
  outdir: path.join(root, 'dist'),
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((d) => [d, `${d}/*`]),
  logLevel: 'warning',
});
cpSync(path.join(root, 'src/db/migrations'), path.join(root, 'dist/migrations'), { recursive: true });
// The offer letter's font travels with the bundle, so a copied dist/ (the browser suite runs one) still finds it.
cpSync(path.join(root, 'assets/fonts'), path.join(root, 'dist/assets/fonts'), { recursive: true });
// The common-password list (decision 035) likewise: the server and the create-admin CLI read it.
cpSync(path.join(root, 'assets/common-passwords.txt'), path.join(root, 'dist/assets/common-passwords.txt'));
console.log('api built to dist/');
