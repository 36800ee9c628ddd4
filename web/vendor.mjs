// Rebuild the vendored browser files of the ifcqa web UI from the versions pinned in package-lock.json.
//   cd web && npm ci && node vendor.mjs
// Writes src/ifcqa/service/static/vendor/three.bundle.min.js (three + GLTFLoader + OrbitControls as one minified
// ES module) and three.LICENSE; web-ifc-api.slim.min.js (web-ifc's browser ES module without its schema classes
// and multi-threaded module, see web-ifc-slim.mjs, minified; the page's worker js/ifc-worker.js tessellates a
// model with it while the server's cached scene builds), web-ifc.wasm (its single-threaded WASM, unmodified) and
// web-ifc.LICENSE (MPL-2.0; web-ifc's source is at https://github.com/ThatOpen/engine_web-ifc, the parts left out
// are listed in web-ifc-slim.mjs); and sets the content hashes in ifc-worker.js's WEB_IFC_JS / WEB_IFC_WASM.
// The output is committed, so installing ifcqa needs neither npm nor a build step.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { slimEntry, slimPlugin } from './web-ifc-slim.mjs';

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
const webIfcTarget = join(out, 'web-ifc-api.slim.min.js');
await build({
  stdin: { contents: await slimEntry(webIfcDir), resolveDir: here, sourcefile: 'web-ifc-slim-entry.js' },
  plugins: [slimPlugin(webIfcDir)],
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2020',
  legalComments: 'inline',
  banner: { js: `/* web-ifc ${webIfc.version} (MPL-2.0, see web-ifc.LICENSE; source: https://github.com/ThatOpen/engine_web-ifc): its browser module without the schema classes and the multi-threaded module (web/web-ifc-slim.mjs), minified by web/vendor.mjs */` },
  outfile: webIfcTarget,
  logLevel: 'error',
});
copyFileSync(join(webIfcDir, 'web-ifc.wasm'), join(out, 'web-ifc.wasm'));
copyFileSync(join(webIfcDir, 'LICENSE.md'), join(out, 'web-ifc.LICENSE'));
// the worker asks for both files with ?v=<content hash> (served as immutable): a rebuild changes the URLs
const hashes = {};
for (const name of ['web-ifc-api.slim.min.js', 'web-ifc.wasm']) {
  const bytes = readFileSync(join(out, name));
  hashes[name] = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  console.log(`${join(out, name)}: ${(bytes.length / 1024).toFixed(0)} KiB (web-ifc ${webIfc.version}, ${hashes[name]})`);
}
const worker = join(here, '..', 'src', 'ifcqa', 'service', 'static', 'js', 'ifc-worker.js');
const source = readFileSync(worker, 'utf8');
const updated = source
  .replace(/const WEB_IFC_JS = '[^']*';/, `const WEB_IFC_JS = '../vendor/web-ifc-api.slim.min.js?v=${hashes['web-ifc-api.slim.min.js']}';`)
  .replace(/const WEB_IFC_WASM = '[^']*';/, `const WEB_IFC_WASM = '../vendor/web-ifc.wasm?v=${hashes['web-ifc.wasm']}';`);
if (!updated.includes(hashes['web-ifc.wasm']) || !updated.includes(hashes['web-ifc-api.slim.min.js'])) {
  throw new Error(`${worker}: its WEB_IFC_JS / WEB_IFC_WASM constants were not found`);
}
writeFileSync(worker, updated);
console.log(`${worker}: WEB_IFC_JS and WEB_IFC_WASM point at these versions`);
