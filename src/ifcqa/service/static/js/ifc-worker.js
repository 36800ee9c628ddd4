// A module Web Worker that reads an IFC file with web-ifc (WASM) and sends its tessellated elements to the page
// (viewer.js `loadWebIfc`), so a model whose server scene is not cached yet is drawn complete in about the time
// web-ifc takes, while the server builds its cached scene for the next view.
//
// In:  {url, headers}: the model file to fetch (the server's /api/models/{id}/file); {prepare: true}: load web-ifc.
// Out: {kind: 'progress', done, total}
//      {kind: 'batch', offset, elements: [{id, guid, cls, meshes: [{color: [r, g, b, a], positions, indices}]}]}
//           positions: Float32Array in metres, glTF axes (Y up), relative to `offset` (IFC axes, metres), like the
//           server's GLB parts; indices: Uint32Array. The arrays are transferred.
//      {kind: 'end', elements, parts: {aggregate GlobalId: [part GlobalIds]}, schema, offset, ms, steps: {name: ms}}
//      {kind: 'error', message}: web-ifc cannot read the file (the page then falls back to the server's scene).

// web-ifc's module without its schema classes (web/web-ifc-slim.mjs: 0.1 MB of JS where the whole module is
// 3.4 MB) and its WASM, each asked for by its content hash, which web/vendor.mjs sets here: the server serves such
// URLs as immutable, so a later visit takes both from the browser's cache, the WASM compiled. The module is
// imported when web-ifc is first needed (not by this module), so a model's fetch starts while it loads.
const WEB_IFC_JS = '../vendor/web-ifc-api.slim.min.js?v=f95261f5769d';
const WEB_IFC_WASM = '../vendor/web-ifc.wasm?v=1fbd30bd5515';
let WebIFC = null; // the module, once imported (ready())

// the first element goes at once (first triangles first), the next batch after BATCH_MS, each wait 1.5 times the
// last (at most BATCH_MAX_MS): every batch is drawn by the page, on the cores web-ifc uses
const BATCH_MS = 300;
const BATCH_MAX_MS = 800;
// an element without a surface style (web-ifc gives it plain white) is coloured by its class, the nearest ancestor
// listed first, as the server's scene does (ifcqa.service.scene.CLASS_COLOURS)
const CLASS_COLOURS = new Map([
  ['IfcSpace', [0.55, 0.75, 0.95, 0.18]], ['IfcWindow', [0.62, 0.80, 0.92, 0.45]], ['IfcPlate', [0.62, 0.80, 0.92, 0.45]],
  ['IfcDoor', [0.62, 0.45, 0.30, 1]], ['IfcWall', [0.90, 0.88, 0.82, 1]], ['IfcCurtainWall', [0.70, 0.82, 0.90, 0.6]],
  ['IfcSlab', [0.66, 0.66, 0.66, 1]], ['IfcRoof', [0.65, 0.32, 0.25, 1]], ['IfcCovering', [0.80, 0.78, 0.74, 1]],
  ['IfcColumn', [0.60, 0.60, 0.64, 1]], ['IfcBeam', [0.58, 0.58, 0.62, 1]], ['IfcMember', [0.58, 0.58, 0.62, 1]],
  ['IfcStair', [0.72, 0.68, 0.60, 1]], ['IfcStairFlight', [0.72, 0.68, 0.60, 1]], ['IfcRamp', [0.72, 0.68, 0.60, 1]],
  ['IfcRailing', [0.40, 0.40, 0.44, 1]], ['IfcFurnishingElement', [0.80, 0.62, 0.38, 1]],
  ['IfcDistributionElement', [0.95, 0.60, 0.20, 1]], ['IfcSite', [0.55, 0.68, 0.45, 1]],
  ['IfcBuildingElementProxy', [0.70, 0.70, 0.60, 1]],
]);
const PRODUCT = [0.78, 0.78, 0.78, 1];

/**
 * The model's schema's product classes: upper-case name (IFCWALLSTANDARDCASE) -> name, and a class's colour (its
 * own or its nearest listed supertype's), from the schema's IfcProduct classes and their supertypes
 * (WebIFC.PRODUCT_CLASSES, read from web-ifc's schema classes when the module was built).
 */
function schemaOf(schemaName) {
  const name = String(schemaName || '').toUpperCase();
  const parents = WebIFC.PRODUCT_CLASSES[name.startsWith('IFC2X3') ? 'IFC2X3' : name.startsWith('IFC4X3') ? 'IFC4X3' : 'IFC4'];
  const names = new Map(Object.keys(parents).map((cls) => [cls.toUpperCase(), cls]));
  const colours = new Map();
  const colourOf = (cls) => {
    if (!colours.has(cls)) {
      let colour = PRODUCT;
      for (let type = cls; type; type = parents[type]) {
        const found = CLASS_COLOURS.get(type);
        if (found) { colour = found; break; }
      }
      colours.set(cls, colour);
    }
    return colours.get(cls);
  };
  return { names, colourOf };
}

let loading = null; // the IfcAPI once its WASM is ready (one load, however many callers; a failure is retried)

function ready() {
  if (!loading) {
    loading = (async () => {
      const module = await import(WEB_IFC_JS);
      const api = new module.IfcAPI();
      // single-threaded (the page is not cross-origin isolated); the WASM compiled as it streams in
      await api.Init(() => new URL(WEB_IFC_WASM, import.meta.url).href, true);
      api.SetLogLevel(module.LogLevel?.LOG_LEVEL_OFF ?? 6);
      WebIFC = module;
      return api;
    })();
    loading.catch(() => { loading = null; });
  }
  return loading;
}

async function fetchModel(url, headers) {
  const response = await fetch(url, { headers });
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      message = (await response.json()).error.message || message;
    } catch {
      // not the API's error shape
    }
    throw new Error(`the model file could not be fetched: ${message}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

function refuse(data) {
  if (data.length >= 2 && data[0] === 0x50 && data[1] === 0x4b) return 'an ifczip archive, which web-ifc does not open';
  const head = new TextDecoder().decode(data.subarray(0, 64)).trimStart();
  if (head.startsWith('<')) return 'IFC-XML, which web-ifc does not open';
  if (!head.startsWith('ISO-10303-21')) return 'not an IFC-SPF text file';
  return null;
}

/** An IfcRoot's GlobalId and type code from its raw line (no schema object built: GetLine costs more). */
function rootOf(ifc, model, id) {
  const raw = ifc.GetRawLineData(model, id);
  const guid = raw && raw.arguments && raw.arguments[0];
  return { guid: guid && typeof guid.value === 'string' ? guid.value : null, type: raw ? raw.type : 0, raw };
}

/** Aggregate GlobalId -> its parts' GlobalIds (IfcRelAggregates), as the server's scene extras say. */
function aggregateParts(ifc, model, guids) {
  const parts = {};
  const guid = (id) => guids.get(id) ?? rootOf(ifc, model, id).guid;
  const relations = ifc.GetLineIDsWithType(model, WebIFC.IFCRELAGGREGATES);
  for (let i = 0; i < relations.size(); i++) {
    // IfcRelAggregates: GlobalId, OwnerHistory, Name, Description, RelatingObject, RelatedObjects
    const [, , , , relating, related] = rootOf(ifc, model, relations.get(i)).raw.arguments;
    const whole = relating && guid(relating.value);
    if (!whole) continue;
    const list = (Array.isArray(related) ? related : []).map((handle) => guid(handle.value)).filter(Boolean);
    if (list.length) parts[whole] = (parts[whole] || []).concat(list);
  }
  return parts;
}

/** Positions (x y z of each interleaved x y z nx ny nz vertex) transformed by the column-major 4x4 `m`, less `offset`. */
function transformed(vertices, m, offset) {
  const count = vertices.length / 6;
  const positions = new Float32Array(count * 3);
  const [m0, m1, m2, , m4, m5, m6, , m8, m9, m10, , m12, m13, m14] = m;
  const tx = m12 - offset[0];
  const ty = m13 - offset[1];
  const tz = m14 - offset[2];
  for (let v = 0, i = 0, o = 0; v < count; v++, i += 6, o += 3) {
    const x = vertices[i];
    const y = vertices[i + 1];
    const z = vertices[i + 2];
    positions[o] = m0 * x + m4 * y + m8 * z + tx;
    positions[o + 1] = m1 * x + m5 * y + m9 * z + ty;
    positions[o + 2] = m2 * x + m6 * y + m10 * z + tz;
  }
  return positions;
}

async function run({ url, headers }) {
  const started = performance.now();
  postMessage({ kind: 'started' });
  const steps = {}; // ms since the worker was asked, per step (window.ifcqaScene.models[].webIfcSteps)
  const step = (name) => { steps[name] = Math.round(performance.now() - started); };
  const [ifc, data] = await Promise.all([ready().then((value) => { step('init'); return value; }),
    fetchModel(url, headers).then((value) => { step('fetch'); return value; })]);
  const refused = refuse(data);
  if (refused) throw new Error(`the file is ${refused}`);
  const model = ifc.OpenModel(data, { COORDINATE_TO_ORIGIN: false });
  const heap = () => ifc.wasmModule.HEAPF32; // read anew: the WASM memory may grow (a new buffer) while meshes stream
  if (model < 0) throw new Error('web-ifc could not open the file (its schema is not one web-ifc reads, or the header is invalid)');
  step('open');
  try {
    const schema = ifc.GetModelSchema(model);
    const { names, colourOf } = schemaOf(schema);
    const total = ifc.GetLineIDsWithType(model, WebIFC.IFCPRODUCTDEFINITIONSHAPE).size();
    const guids = new Map(); // expressID -> GlobalId of the elements sent
    const seen = new Set(); // expressIDs streamed (web-ifc may stream an element twice: spaces)
    const classes = new Map(); // type code -> class name
    const classOf = (id) => {
      const code = ifc.GetLineType(model, id);
      if (!classes.has(code)) {
        const type = ifc.GetNameFromTypeCode(code);
        classes.set(code, names.get(type) || type);
      }
      return classes.get(code);
    };
    let offset = null; // glTF axes
    let batch = [];
    let transfer = [];
    let done = 0;
    let shaped = 0; // elements with triangles
    let last = 0;
    let wait = BATCH_MS / 1.5;
    const flush = () => {
      if (!batch.length) return;
      // the batch's GlobalIds from their raw lines, in one call (one per element cost twice as much)
      const lines = ifc.GetRawLinesData(model, batch.map((element) => element.id));
      batch = batch.filter((element, i) => {
        const guid = lines[i]?.arguments?.[0];
        element.guid = guid && typeof guid.value === 'string' ? guid.value : null;
        if (element.guid) guids.set(element.id, element.guid);
        return element.guid !== null; // not an IfcRoot (web-ifc streams products only): nothing to key it by
      });
      if (!batch.length) return;
      postMessage({ kind: 'batch', offset: [offset[0], -offset[2], offset[1]], elements: batch, done, total }, transfer);
      batch = [];
      transfer = [];
      last = performance.now();
      wait = Math.min(BATCH_MAX_MS, wait * 1.5);
    };
    const take = (mesh, space) => { // space: web-ifc's colour of a space is replaced by the server's see-through one
      const id = mesh.expressID;
      if (seen.has(id)) return;
      seen.add(id);
      const cls = classOf(id);
      const meshes = [];
      const placed = mesh.geometries;
      for (let i = 0; i < placed.size(); i++) {
        const part = placed.get(i);
        const geometry = ifc.GetGeometry(model, part.geometryExpressID);
        // the interleaved vertices (x y z nx ny nz) read in place on the WASM heap, not copied out first
        const vertices = heap().subarray(geometry.GetVertexData() / 4,
          geometry.GetVertexData() / 4 + geometry.GetVertexDataSize());
        const indices = ifc.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize()); // a copy: ours
        const m = part.flatTransformation;
        if (!offset) offset = [Math.round(m[12]), Math.round(m[13]), Math.round(m[14])];
        const positions = transformed(vertices, m, offset);
        geometry.delete();
        const copy = indices;
        if (!copy.length) continue;
        const c = part.color;
        const unstyled = c.x === 1 && c.y === 1 && c.z === 1 && c.w === 1;
        meshes.push({ color: space || unstyled ? colourOf(cls) : [c.x, c.y, c.z, c.w], positions, indices: copy });
        transfer.push(positions.buffer, copy.buffer);
      }
      done += 1;
      if (!meshes.length) return;
      shaped += 1;
      batch.push({ id, guid: null, cls, meshes }); // guid: read when the batch is sent
      if (done === 1) step('first');
      if (done === 1 || performance.now() - last > wait) flush();
    };
    ifc.StreamAllMeshes(model, (mesh) => take(mesh, false));
    // web-ifc leaves spaces out of StreamAllMeshes; the server's scene draws them (see-through)
    ifc.StreamAllMeshesWithTypes(model, [WebIFC.IFCSPACE], (mesh) => take(mesh, true));
    if (!shaped && total) throw new Error(`web-ifc shaped none of the file's ${total} product shapes`);
    if (!offset) offset = [0, 0, 0];
    flush();
    step('meshes');
    const parts = aggregateParts(ifc, model, guids);
    step('parts');
    postMessage({ kind: 'end', elements: seen.size, parts, schema, offset: [offset[0], -offset[2], offset[1]],
      ms: Math.round(performance.now() - started), steps });
  } finally {
    ifc.CloseModel(model);
  }
}

self.onmessage = (event) => {
  if (event.data.prepare) { // load web-ifc's WASM before a model is asked for (viewer.js prepareWebIfc)
    ready().catch(() => {}); // a failure shows on the model's read
    return;
  }
  run(event.data).catch((error) => postMessage({ kind: 'error', message: error?.message || String(error) }));
};
