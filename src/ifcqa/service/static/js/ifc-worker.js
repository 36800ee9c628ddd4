// A module Web Worker that reads an IFC file with web-ifc (WASM) and sends its tessellated elements to the page
// (viewer.js `loadWebIfc`), so a model whose server scene is not cached yet is drawn complete in about the time
// web-ifc takes, while the server builds its cached scene for the next view.
//
// In:  {url, headers}: the model file to fetch (the server's /api/models/{id}/file).
// Out: {kind: 'progress', done, total}
//      {kind: 'batch', offset, elements: [{id, guid, cls, meshes: [{color: [r, g, b, a], positions, indices}]}]}
//           positions: Float32Array in metres, glTF axes (Y up), relative to `offset` (IFC axes, metres), like the
//           server's GLB parts; indices: Uint32Array. The arrays are transferred.
//      {kind: 'end', elements, parts: {aggregate GlobalId: [part GlobalIds]}, schema, offset, ms}
//      {kind: 'error', message}: web-ifc cannot read the file (the page then falls back to the server's scene).

import * as WebIFC from '../vendor/web-ifc.min.js';

const BATCH_MS = 120; // a batch at most this often (the first element goes at once: first triangles first)
const SPACE = [0.55, 0.75, 0.95, 0.18]; // as the server draws spaces: see-through (ifcqa.service.scene)

/** web-ifc's upper-case type names (IFCWALLSTANDARDCASE) -> the schema's (IfcWallStandardCase). */
function classNames() {
  const names = new Map();
  for (const schema of [WebIFC.IFC2X3, WebIFC.IFC4, WebIFC.IFC4X3]) {
    for (const name of Object.keys(schema || {})) if (name.startsWith('Ifc')) names.set(name.toUpperCase(), name);
  }
  return names;
}

let api = null;

async function ready() {
  if (!api) {
    api = new WebIFC.IfcAPI();
    api.SetWasmPath(new URL('../vendor/', import.meta.url).href, true);
    await api.Init(undefined, true); // single-threaded: the page is not cross-origin isolated
    api.SetLogLevel(WebIFC.LogLevel?.LOG_LEVEL_OFF ?? 6);
  }
  return api;
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

function guidOf(ifc, model, id) {
  const line = ifc.GetLine(model, id, false);
  return line && line.GlobalId ? line.GlobalId.value : null;
}

/** Aggregate GlobalId -> its parts' GlobalIds (IfcRelAggregates), as the server's scene extras say. */
function aggregateParts(ifc, model, guids) {
  const parts = {};
  const guid = (id) => guids.get(id) ?? guidOf(ifc, model, id);
  const relations = ifc.GetLineIDsWithType(model, WebIFC.IFCRELAGGREGATES);
  for (let i = 0; i < relations.size(); i++) {
    const relation = ifc.GetLine(model, relations.get(i), false);
    const whole = relation.RelatingObject && guid(relation.RelatingObject.value);
    if (!whole) continue;
    const list = (relation.RelatedObjects || []).map((handle) => guid(handle.value)).filter(Boolean);
    if (list.length) parts[whole] = (parts[whole] || []).concat(list);
  }
  return parts;
}

async function run({ url, headers }) {
  const started = performance.now();
  const [ifc, data] = await Promise.all([ready(), fetchModel(url, headers)]);
  const refused = refuse(data);
  if (refused) throw new Error(`the file is ${refused}`);
  const model = ifc.OpenModel(data, { COORDINATE_TO_ORIGIN: false });
  if (model < 0) throw new Error('web-ifc could not open the file (its schema is not one web-ifc reads, or the header is invalid)');
  try {
    const schema = ifc.GetModelSchema(model);
    const names = classNames();
    const total = ifc.GetLineIDsWithType(model, WebIFC.IFCPRODUCTDEFINITIONSHAPE).size();
    const guids = new Map();
    let offset = null; // glTF axes
    let batch = [];
    let transfer = [];
    let done = 0;
    let last = 0;
    const flush = () => {
      if (!batch.length) return;
      postMessage({ kind: 'batch', offset: [offset[0], -offset[2], offset[1]], elements: batch, done, total }, transfer);
      batch = [];
      transfer = [];
      last = performance.now();
    };
    const take = (mesh, space) => {
      const id = mesh.expressID;
      if (guids.has(id)) return;
      const guid = guidOf(ifc, model, id);
      if (!guid) return;
      guids.set(id, guid);
      const type = ifc.GetNameFromTypeCode(ifc.GetLineType(model, id));
      const cls = names.get(type) || type;
      const meshes = [];
      const placed = mesh.geometries;
      for (let i = 0; i < placed.size(); i++) {
        const part = placed.get(i);
        const geometry = ifc.GetGeometry(model, part.geometryExpressID);
        const vertices = ifc.GetVertexArray(geometry.GetVertexData(), geometry.GetVertexDataSize());
        const indices = ifc.GetIndexArray(geometry.GetIndexData(), geometry.GetIndexDataSize());
        const m = part.flatTransformation;
        if (!offset) offset = [Math.round(m[12]), Math.round(m[13]), Math.round(m[14])];
        const count = vertices.length / 6;
        const positions = new Float32Array(count * 3);
        for (let v = 0; v < count; v++) {
          const x = vertices[6 * v];
          const y = vertices[6 * v + 1];
          const z = vertices[6 * v + 2];
          positions[3 * v] = m[0] * x + m[4] * y + m[8] * z + m[12] - offset[0];
          positions[3 * v + 1] = m[1] * x + m[5] * y + m[9] * z + m[13] - offset[1];
          positions[3 * v + 2] = m[2] * x + m[6] * y + m[10] * z + m[14] - offset[2];
        }
        const copy = new Uint32Array(indices); // the WASM heap's view is not ours to transfer
        geometry.delete();
        if (!copy.length) continue;
        const c = part.color;
        meshes.push({ color: space ? SPACE : [c.x, c.y, c.z, c.w], positions, indices: copy });
        transfer.push(positions.buffer, copy.buffer);
      }
      done += 1;
      if (!meshes.length) return;
      batch.push({ id, guid, cls, meshes });
      if (done === 1 || performance.now() - last > BATCH_MS) flush();
    };
    ifc.StreamAllMeshes(model, (mesh) => take(mesh, false));
    // web-ifc leaves spaces out of StreamAllMeshes; the server's scene draws them (see-through)
    ifc.StreamAllMeshesWithTypes(model, [WebIFC.IFCSPACE], (mesh) => take(mesh, true));
    if (!offset) offset = [0, 0, 0];
    flush();
    const parts = aggregateParts(ifc, model, guids);
    postMessage({ kind: 'end', elements: guids.size, parts, schema, offset: [offset[0], -offset[2], offset[1]],
      ms: Math.round(performance.now() - started) });
  } finally {
    ifc.CloseModel(model);
  }
}

self.onmessage = (event) => {
  run(event.data).catch((error) => postMessage({ kind: 'error', message: error?.message || String(error) }));
};
