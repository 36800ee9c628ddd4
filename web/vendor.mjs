// Rebuild the vendored browser files of the ifcqa web UI from the versions pinned in package-lock.json.
//   cd web && npm ci && node vendor.mjs
// Writes src/ifcqa/service/static/vendor/three.bundle.min.js (three + GLTFLoader + OrbitControls as one minified
// ES module) and three.LICENSE. The output is committed, so installing ifcqa needs neither npm nor a build step.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, '..', 'src', 'ifcqa', 'service', 'static', 'vendor');
const three = JSON.parse(readFileSync(join(here, 'node_modules', 'three', 'package.json'), 'utf8'));
mkdirSync(out, { recursive: true });

const target = join(out, 'three.bundle.min.js');
await build({
  entryPoints: [join(here, 'three-entry.js')],
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2020',
  legalComments: 'inline',
  banner: { js: `/* three.js ${three.version} (MIT, see three.LICENSE) + GLTFLoader + OrbitControls, bundled by web/vendor.mjs */` },
  outfile: target,
  logLevel: 'warning',
});
copyFileSync(join(here, 'node_modules', 'three', 'LICENSE'), join(out, 'three.LICENSE'));
console.log(`${target}: ${(statSync(target).size / 1024).toFixed(0)} KiB (three ${three.version})`);
