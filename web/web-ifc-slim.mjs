// The web-ifc build of the page's worker (js/ifc-worker.js): web-ifc's own browser module with what the worker
// never runs left out, so the worker loads ~0.1 MB of JS instead of 3.4 MB before it can start.
//
// Left out of web-ifc-api.js (0.0.78), each a whole top-level statement found by its first line:
// - the multi-threaded Emscripten module (`dist/web-ifc-mt.js`): the page is not cross-origin isolated, and the
//   worker asks for the single-threaded one (`Init(_, true)`); asking for it throws;
// - the IFC schema's classes and tables (`FromRawLineData[n]`, `InheritanceDef[n]`, `InversePropertyDef[n]`,
//   `Constructors[n]`, `ToRawLineData[n]`, `TypeInitialisers[n]` and the `IFC2X3`/`IFC4`/`IFC4X3` namespaces,
//   97% of the file): the worker reads raw lines (`GetRawLineData`), never schema objects, so `GetLine`,
//   `CreateIfcEntity`, `GetLineIDsWithType(.., includeInherited)` and the properties helper are not usable in
//   this build. `SchemaNames` (which schemas OpenModel accepts) is kept.
// What the worker needs of the schema, a product class's name and its supertype (for the class colours), is
// read from the full module at build time into PRODUCT_CLASSES: {IFC2X3|IFC4|IFC4X3: {IfcClass: IfcSuperClass}}
// for IfcProduct and every class below it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const DROPPED = /^(FromRawLineData|InheritanceDef|InversePropertyDef|Constructors|ToRawLineData|TypeInitialisers)\[\d+\] = \{$|^\(\((IFC2X32|IFC42|IFC4X32)\) => \{$/;
const SCHEMAS = ['IFC2X3', 'IFC4', 'IFC4X3'];

/** web-ifc-api.js without the multi-threaded module and the schema classes (see above); throws if its layout changed. */
export function slimSource(source) {
  const mtStart = source.indexOf('// dist/web-ifc-mt.js\n');
  const stStart = source.indexOf('// dist/web-ifc.js\n');
  const schemaStart = source.indexOf('// dist/ifc-schema.ts\n');
  const schemaEnd = source.indexOf('// dist/helpers/properties.ts\n');
  if (mtStart < 0 || stStart < mtStart || schemaStart < stStart || schemaEnd < schemaStart) {
    throw new Error('web-ifc-api.js does not have the layout web-ifc-slim.mjs knows (0.0.78): update the script');
  }
  const mt = 'var require_web_ifc_mt = () => { throw new Error("this web-ifc build has no multi-threaded module"); };\n';
  const kept = [];
  let dropping = false;
  let dropped = 0;
  for (const line of source.slice(schemaStart, schemaEnd).split('\n')) {
    const topLevel = line.length > 0 && line[0] !== ' ' && line[0] !== '}';
    if (topLevel) dropping = DROPPED.test(line);
    if (dropping) {
      dropped += 1;
      continue;
    }
    const namespace = /^var (IFC2X3|IFC4|IFC4X3);$/.exec(line);
    kept.push(namespace ? `var ${namespace[1]} = {};` : line);
  }
  if (dropped < 50000) throw new Error(`only ${dropped} schema lines left out of web-ifc-api.js: its layout changed`);
  return source.slice(0, mtStart) + mt + source.slice(stStart, schemaStart) + kept.join('\n') + source.slice(schemaEnd);
}

/** {schema: {IfcClass: IfcSuperClass}} for IfcProduct and its subclasses, from the full module's classes. */
export async function productClasses(webIfcDir) {
  const full = await import(pathToFileURL(join(webIfcDir, 'web-ifc-api.js')).href);
  const result = {};
  for (const name of SCHEMAS) {
    const schema = full[name];
    const product = schema.IfcProduct;
    const classes = {};
    for (const [key, value] of Object.entries(schema)) {
      if (!key.startsWith('Ifc') || typeof value !== 'function') continue;
      if (value !== product && !(value.prototype instanceof product)) continue;
      const parent = Object.getPrototypeOf(value);
      const parentName = Object.entries(schema).find(([, v]) => v === parent)?.[0];
      classes[key] = value === product ? null : parentName;
    }
    result[name] = classes;
  }
  return result;
}

/** The entry esbuild bundles: what the worker imports, and the product classes. */
export async function slimEntry(webIfcDir) {
  const classes = await productClasses(webIfcDir);
  return [
    "export { IfcAPI, LogLevel, IFCPRODUCTDEFINITIONSHAPE, IFCRELAGGREGATES, IFCSPACE } from 'web-ifc-api-slim';",
    `export const PRODUCT_CLASSES = ${JSON.stringify(classes)};`,
  ].join('\n');
}

/** esbuild plugin: `web-ifc-api-slim` is web-ifc-api.js through slimSource. */
export function slimPlugin(webIfcDir) {
  return {
    name: 'web-ifc-slim',
    setup(build) {
      build.onResolve({ filter: /^web-ifc-api-slim$/ }, () => ({ path: join(webIfcDir, 'web-ifc-api.js'), namespace: 'web-ifc-slim' }));
      build.onLoad({ filter: /.*/, namespace: 'web-ifc-slim' }, (args) => ({
        contents: slimSource(readFileSync(args.path, 'utf8')), loader: 'js', resolveDir: webIfcDir,
      }));
    },
  };
}
