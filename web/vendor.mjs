// Rebuild the vendored browser files of the ifcqa web UI from the versions pinned in package-lock.json.
//   cd web && npm ci && node vendor.mjs
// Writes src/ifcqa/service/static/vendor/three.bundle.min.js (three + GLTFLoader + OrbitControls as one minified
// ES module) and three.LICENSE; web-ifc.min.js (web-ifc's browser ES module, minified; the page's worker
// js/ifc-worker.js tessellates a model with it while the server's cached scene builds), web-ifc.wasm (its
// single-threaded WASM) and web-ifc.LICENSE (MPL-2.0: the files are web-ifc's own, unmodified apart from the
// minification; its source is at https://github.com/ThatOpen/engine_web-ifc). The output is committed, so
// installing ifcqa needs neither npm nor a build step.
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

const webIfcDir = join(here, 'node_modules', 'web-ifc');
const webIfc = JSON.parse(readFileSync(join(webIfcDir, 'package.json'), 'utf8'));
const webIfcTarget = join(out, 'web-ifc.min.js');
await build({
  entryPoints: [join(webIfcDir, 'web-ifc-api.js')],
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2020',
  legalComments: 'inline',
  banner: { js: `/* web-ifc ${webIfc.version} (MPL-2.0, see web-ifc.LICENSE; source: https://github.com/ThatOpen/engine_web-ifc), minified by web/vendor.mjs */` },
  outfile: webIfcTarget,
  logLevel: 'error',
});
copyFileSync(join(webIfcDir, 'web-ifc.wasm'), join(out, 'web-ifc.wasm'));
copyFileSync(join(webIfcDir, 'LICENSE.md'), join(out, 'web-ifc.LICENSE'));
for (const name of ['web-ifc.min.js', 'web-ifc.wasm']) {
  console.log(`${join(out, name)}: ${(statSync(join(out, name)).size / 1024).toFixed(0)} KiB (web-ifc ${webIfc.version})`);
}
