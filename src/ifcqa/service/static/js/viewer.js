// The 3D view: the models' scenes (one node per element, named by GlobalId) drawn with three.js as they stream in.
// Several models share one view (a project), each placed by its scene's offset and toggleable. Elements can be
// hidden one by one (the tree), by class, or by storey; answers are highlighted and the rest ghosted with an
// adjustable opacity (edges kept for context); a section plane cuts the view; two clicks measure a distance.
// Test hook: window.ifcqaScene (see exposeHooks) reports what is loaded, highlighted, ghosted, visible and selected.

import {
  AmbientLight, Box3, BufferAttribute, BufferGeometry, Color, DirectionalLight, EdgesGeometry, Float32BufferAttribute,
  GLTFLoader, Group, Line, LineBasicMaterial, LinearSRGBColorSpace, LineSegments, Mesh, MeshLambertMaterial,
  MeshStandardMaterial,
  OrbitControls, PerspectiveCamera, Plane, Points, PointsMaterial, Raycaster, Scene, Sphere, Vector2, Vector3,
  WebGLRenderer,
} from '../vendor/three.bundle.min.js';

/** WebGL renderers that rasterise on the CPU (Chromium's SwiftShader, Mesa's llvmpipe and softpipe, Windows' and Apple's). */
const SOFTWARE_RENDERERS = /SwiftShader|llvmpipe|softpipe|Software Rasterizer|Basic Render Driver|Apple Software Renderer/i;

/**
 * Whether this browser draws WebGL without a GPU: it refuses a context that asks for no major performance caveat,
 * or its renderer is a software rasteriser (headless Chromium with --disable-gpu does not refuse). Such a browser
 * rasterises every frame on the CPU, and the page waits for it (the compositor reads the pixels back): the view
 * then draws without multisampling and with Lambert surfaces instead of PBR ones (same colours, flat shaded; no
 * roughness or metalness, which the view does not use). Measured on AC11-FZK-Haus under SwiftShader
 * (bench/ui_first_view.py's Chromium, 5 reloads each): the longest task of a warm first view 778 ms with both,
 * 316 ms without multisampling, 188 ms with Lambert as well. With a GPU nothing changes.
 */
function softwareGl() {
  try {
    const context = (options) => document.createElement('canvas').getContext('webgl2', options);
    const release = (gl) => gl?.getExtension('WEBGL_lose_context')?.loseContext();
    const gl = context({ failIfMajorPerformanceCaveat: true });
    if (!gl) {
      const plain = context({});
      release(plain);
      return Boolean(plain); // no WebGL at all is another matter
    }
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    release(gl);
    return SOFTWARE_RENDERERS.test(renderer);
  } catch {
    return false;
  }
}

export const SOFTWARE_GL = softwareGl();

/** A surface material: PBR (roughness, metalness) on a GPU, Lambert under software WebGL (see softwareGl). */
function surface(parameters) {
  if (!SOFTWARE_GL) return new MeshStandardMaterial(parameters);
  const { roughness, metalness, ...lambert } = parameters;
  return new MeshLambertMaterial(lambert);
}

const HIGHLIGHT = surface({
  color: 0xff7a1a, emissive: 0x662200, roughness: 0.6, metalness: 0, side: 2, flatShading: true,
});
const SELECTED = surface({
  color: 0x1e6bff, emissive: 0x0a2a80, roughness: 0.5, metalness: 0, side: 2, flatShading: true,
});
const GHOST = surface({
  color: 0xb8c0cc, transparent: true, opacity: 0.15, depthWrite: false, roughness: 1, metalness: 0, side: 2,
  flatShading: true,
});
const EDGES = new LineBasicMaterial({ color: 0x5b6575, transparent: true, opacity: 0.35, depthWrite: false });
const MEASURE_LINE = new LineBasicMaterial({ color: 0xd11f6b, depthTest: false, transparent: true });
const MEASURE_POINTS = new PointsMaterial({ color: 0xd11f6b, size: 9, sizeAttenuation: false, depthTest: false });
export const DEFAULT_GHOST = 0.15;

/** IFC axes (metres) -> the scenes' glTF axes (Y up). */
function gltfOf([x, y, z]) {
  return new Vector3(x, z, -y);
}

/** A mesh material of an RGBA colour as the scenes give it (linear, as glTF's baseColorFactor); flat shaded. */
function sceneMaterial([r, g, b, a]) {
  return surface({
    color: new Color().setRGB(r, g, b, LinearSRGBColorSpace), transparent: a < 1, opacity: a, depthWrite: a >= 1,
    roughness: 0.9, metalness: 0, side: 2, flatShading: true,
  });
}

const GLB_MAGIC = 0x46546c67;
const BIN_CHUNK = 0x004e4942;

/**
 * A scene GLB of ifcqa.service.scene read directly (its fixed layout: one node per element named by its GlobalId
 * with extras {id, class}, one mesh, primitives of POSITION + indices into two buffer views, materials of a
 * colour): typed-array views on the buffer, boxes from the accessors' min/max, no promise per accessor.
 * Returns {root, about, names} like GLTFLoader would give them, or null for any other layout (then GLTFLoader).
 */
export function readSceneGlb(buffer) {
  const view = new DataView(buffer);
  if (buffer.byteLength < 20 || view.getUint32(0, true) !== GLB_MAGIC) return null;
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 20, jsonLength)));
  const about = json.asset?.extras?.ifcqa;
  if (!about) return null;
  const root = new Group();
  const nodes = json.nodes || [];
  if (!nodes.length) return { root, about };
  const binAt = 20 + jsonLength;
  if (buffer.byteLength < binAt + 8 || view.getUint32(binAt + 4, true) !== BIN_CHUNK) return null;
  const bin = binAt + 8;
  const views = json.bufferViews || [];
  const accessors = json.accessors || [];
  const materials = (json.materials || []).map((m) => sceneMaterial(m.pbrMetallicRoughness?.baseColorFactor || [1, 1, 1, 1]));
  const array = (index) => {
    const accessor = accessors[index];
    const at = bin + (views[accessor.bufferView].byteOffset || 0) + (accessor.byteOffset || 0);
    if (accessor.type === 'VEC3' && accessor.componentType === 5126) return new Float32Array(buffer, at, accessor.count * 3);
    if (accessor.type === 'SCALAR' && accessor.componentType === 5123) return new Uint16Array(buffer, at, accessor.count);
    if (accessor.type === 'SCALAR' && accessor.componentType === 5125) return new Uint32Array(buffer, at, accessor.count);
    return null;
  };
  for (const node of nodes) {
    const group = new Group();
    group.name = node.name;
    group.userData = { ...(node.extras || {}) };
    for (const primitive of json.meshes?.[node.mesh]?.primitives || []) {
      const keys = Object.keys(primitive.attributes || {});
      if (keys.length !== 1 || keys[0] !== 'POSITION' || primitive.indices === undefined) return null;
      const positions = array(primitive.attributes.POSITION);
      const indices = array(primitive.indices);
      if (!positions || !indices || (views[accessors[primitive.attributes.POSITION].bufferView].byteStride || 12) !== 12) {
        return null;
      }
      const geometry = new BufferGeometry();
      geometry.setAttribute('position', new BufferAttribute(positions, 3));
      geometry.setIndex(new BufferAttribute(indices, 1));
      const { min, max } = accessors[primitive.attributes.POSITION];
      if (min && max) {
        geometry.boundingBox = new Box3(new Vector3(...min), new Vector3(...max));
        geometry.boundingSphere = geometry.boundingBox.getBoundingSphere(new Sphere());
      }
      group.add(new Mesh(geometry, materials[primitive.material] || materials[0] || sceneMaterial([0.78, 0.78, 0.78, 1])));
    }
    root.add(group);
  }
  return { root, about };
}

/** Frames of a scene stream (ifcqa.service.scene_stream): u32 header length, JSON, u32 payload length, payload. */
async function* readFrames(response) {
  const reader = response.body.getReader();
  try {
    yield* frameLoop(reader);
  } finally {
    reader.cancel().catch(() => {}); // after the end frame: the page need not wait for the body to close
  }
}

async function* frameLoop(reader) {
  const decoder = new TextDecoder();
  let chunks = [];
  let size = 0;
  const flatten = () => {
    if (chunks.length === 1) return chunks[0];
    const all = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) { all.set(chunk, at); at += chunk.length; }
    chunks = [all];
    return all;
  };
  let need = 4;
  for (;;) {
    const { value, done } = await reader.read();
    if (value && value.length) { chunks.push(value); size += value.length; }
    while (size >= need) {
      const data = flatten();
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
      const headerLength = view.getUint32(0, true);
      if (size < 8 + headerLength) { need = 8 + headerLength; break; }
      const payloadLength = view.getUint32(4 + headerLength, true);
      const end = 8 + headerLength + payloadLength;
      if (size < end) { need = end; break; }
      const header = JSON.parse(decoder.decode(data.subarray(4, 4 + headerLength)));
      const payload = data.slice(8 + headerLength, end).buffer;
      chunks = size > end ? [data.subarray(end)] : [];
      size -= end;
      need = 4;
      yield { header, payload };
    }
    if (done) break;
  }
}

export class Viewer {
  constructor(container, { onPick, onMeasure } = {}) {
    this.container = container;
    this.onPick = onPick || (() => {});
    this.onMeasure = onMeasure || (() => {});
    this.renderer = new WebGLRenderer({ antialias: !SOFTWARE_GL, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.renderer.setClearColor(new Color(0xf4f6f9));
    container.appendChild(this.renderer.domElement);
    this.scene = new Scene();
    this.camera = new PerspectiveCamera(45, 1, 0.05, 5000);
    this.camera.position.set(20, 15, 20);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.addEventListener('change', () => this.render());
    this.controls.addEventListener('start', () => { this.userMoved = true; });
    this.controls.listenToKeyEvents(container); // arrow keys pan while the view has the focus
    this.scene.add(new AmbientLight(0xffffff, 1.6));
    const sun = new DirectionalLight(0xffffff, 1.8);
    sun.position.set(0.6, 1, 0.4);
    this.scene.add(sun);
    const fill = new DirectionalLight(0xffffff, 0.6);
    fill.position.set(-0.5, 0.3, -0.8);
    this.scene.add(fill);
    this.model = new Group(); // every model's group
    this.scene.add(this.model);
    this.overlay = new Group(); // the measurement
    this.scene.add(this.overlay);
    this.label = document.createElement('div');
    this.label.className = 'measure-label';
    this.label.hidden = true;
    container.appendChild(this.label);
    this.section = { axis: null, fraction: 0.5, plane: new Plane(new Vector3(0, -1, 0), 0) };
    this.ghostOpacity = DEFAULT_GHOST;
    this.measuring = false;
    this.raycaster = new Raycaster();
    this.pointer = new Vector2();
    this.down = null;
    this.reset();
    const canvas = this.renderer.domElement;
    canvas.addEventListener('pointerdown', (event) => { this.down = [event.clientX, event.clientY]; });
    canvas.addEventListener('pointerup', (event) => this.click(event));
    new ResizeObserver(() => this.resize()).observe(container);
    this.resize();
    this.exposeHooks();
  }

  reset() {
    this.models = new Map(); // modelId -> { id, name, group, visible, keys: Map(guid -> key), parts, untessellated }
    this.elements = new Map(); // key (the GlobalId; `modelId:GlobalId` for a repeated one) -> element
    this.reference = null; // the IFC offset (metres) the view's origin stands for: the first part's
    this.highlighted = new Set();
    this.hidden = new Set(); // keys hidden in the tree
    this.hiddenClasses = new Set();
    this.isolated = null; // Set of keys of the isolated storey, or null
    this.showSpaces = true;
    this.selected = null;
    this.userMoved = false;
    this.measure = { points: [], distance: null };
    this.edgesBuilt = false;
    this.partCount = 0;
    this.profile = { parseMs: 0, drawMs: 0, draws: 0, resizes: 0, loaderParts: 0 }; // loaderParts: read by GLTFLoader
    this.state = { loaded: false, modelId: null, error: null, loadMs: null, firstPartMs: null, done: 0, total: 0 };
  }

  resize() {
    const { clientWidth: width, clientHeight: height } = this.container;
    if (!width || !height) return;
    if (this.profile && this.size && (this.size[0] !== width || this.size[1] !== height)) this.profile.resizes += 1;
    this.size = [width, height];
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.render();
  }

  /** Draw with the next animation frame (calls before it share it); resolves once drawn. */
  render() {
    if (!this.pending) {
      const held = this.held || Promise.resolve();
      this.pending = held.then(() => new Promise((resolve) => requestAnimationFrame(() => {
        this.pending = null;
        this.draw();
        resolve();
      })));
    }
    return this.pending;
  }

  /**
   * Draw nothing until `promise` settles, at most `maxMs`: the page's other parts of a view are shown in the same
   * frame (ask.js, for a cached scene). Under software WebGL the page waits for each frame's pixels (100-400 ms
   * here), and work queued behind that frame, such as the spatial tree arriving 20-60 ms after the scene, waits too.
   */
  holdDraws(promise, maxMs) {
    const held = Promise.race([promise, new Promise((resolve) => setTimeout(resolve, maxMs))]).catch(() => {});
    this.held = held;
    held.then(() => { if (this.held === held) this.held = null; });
  }

  draw() {
    const drawing = performance.now();
    this.renderer.render(this.scene, this.camera);
    this.profile.drawMs += performance.now() - drawing;
    this.profile.draws += 1;
    this.placeLabel();
    this.frames = (this.frames || 0) + 1;
  }

  clear() {
    if (this.webIfc) { // models being read by web-ifc: the read ends, the queued ones do not start
      const { worker, reject } = this.webIfc;
      this.webIfc.closed = true;
      this.webIfc = null;
      if (reject) {
        worker.terminate();
        reject(new Error('the view was cleared'));
      } else if (worker) { // an idle (or prepared) worker serves the next view
        this.sharedWebIfc().worker = worker;
      }
    }
    const had = this.model.children.length > 0;
    this.model.traverse((object) => {
      if (object.geometry) object.geometry.dispose();
    });
    this.model.clear();
    this.overlay.clear();
    this.label.hidden = true;
    this.reset();
    this.section.axis = null;
    this.renderer.clippingPlanes = [];
    if (had) this.render();
  }

  /** Load a model's scene stream (a fetch Response of scene.stream); onProgress({done, total}) per frame. */
  async loadStream(response, modelId, { name = modelId, onProgress = () => {}, onPart = () => {} } = {}) {
    const started = performance.now();
    const entry = this.models.get(modelId) || this.addModel(modelId, name);
    const progress = { done: 0, total: 0 };
    for await (const { header, payload } of readFrames(response)) {
      if (header.kind === 'error') throw new Error(header.message);
      if (header.kind === 'progress' || header.kind === 'part') {
        progress.done = header.done;
        progress.total = header.total;
      }
      if (header.kind === 'part') {
        const first = this.partCount === 0;
        await this.addPart(entry, payload);
        this.afterPart();
        if (first) await this.drawn(); // the first triangles on screen; later parts are drawn with the next frame
        onPart(entry);
      }
      if (header.kind === 'end') {
        entry.parts = header.parts || {};
        entry.untessellated = header.untessellated || {};
        progress.done = progress.total = Math.max(progress.total, header.elements || 0);
        onProgress(progress);
        break;
      }
      onProgress(progress);
    }
    entry.complete = true;
    if (this.pending) await this.pending; // the last part's frame (each part was styled and framed when added)
    this.state = { ...this.state, loaded: [...this.models.values()].every((m) => m.complete), modelId: this.state.modelId || modelId,
      loadMs: Math.round(performance.now() - started) };
    return this.state;
  }

  /**
   * Tessellate a model file in the page with web-ifc (js/ifc-worker.js) and draw its elements as they come,
   * laid out as the server's scene (one group per element named by its GlobalId, its IFC class, the aggregates'
   * parts), so highlighting, picking, the tree, classes, section and measuring work the same. Rejects when
   * web-ifc cannot read the file (nothing of it is kept: the caller falls back to the server's scene).
   */
  async loadWebIfc(url, headers, modelId, { name = modelId, onProgress = () => {}, onPart = () => {} } = {}) {
    const started = performance.now();
    const entry = this.models.get(modelId) || this.addModel(modelId, name);
    const shared = this.sharedWebIfc();
    const materials = new Map();
    const materialOf = (colour) => { // as the server's scene materials (colours read as linear, like glTF's)
      const key = colour.map((c) => c.toFixed(3)).join(',');
      if (!materials.has(key)) materials.set(key, sceneMaterial(colour.map((c) => Number(c.toFixed(4)))));
      return materials.get(key);
    };
    let root = null;
    const read = () => new Promise((resolve, reject) => {
      if (shared.closed) throw new Error('the view was cleared');
      const worker = this.webIfcWorker(shared);
      shared.reject = reject;
      let chain = Promise.resolve(); // batches are drawn one after the other
      worker.onerror = (event) => { // the worker itself failed (its module, its WASM): the next read starts another
        event.preventDefault();
        worker.terminate();
        if (shared.worker === worker) shared.worker = null;
        reject(new Error(event.message || 'the web-ifc worker failed'));
      };
      worker.onmessage = ({ data }) => {
        chain = chain.then(async () => {
          if (data.kind === 'error') throw new Error(data.message);
          if (data.kind === 'started') entry.workerStartedMs = Math.round(performance.now() - started); // module loaded
          if (data.kind === 'batch') {
            if (!root) root = this.placeRoot(entry, data.offset);
            const parsing = performance.now();
            this.addElements(entry, root, data.elements, materialOf);
            this.profile.parseMs += performance.now() - parsing;
            const first = this.partCount === 0;
            this.partCount += 1;
            if (this.state.firstPartMs === null) this.state.firstPartMs = performance.now();
            this.afterPart();
            if (first) await this.drawn();
            onPart(entry);
            onProgress({ done: data.done, total: Math.max(data.total, data.done) });
          }
          if (data.kind === 'end') {
            entry.parts = data.parts || {};
            entry.untessellated = {};
            entry.source = 'web-ifc';
            entry.webIfcMs = data.ms;
            entry.webIfcSteps = { ...data.steps, workerStarted: entry.workerStartedMs,
              end: Math.round(performance.now() - started) }; // the last two: since loadWebIfc was called
            onProgress({ done: data.elements, total: data.elements });
            resolve();
          }
        }).catch(reject);
      };
      worker.postMessage({ url: new URL(url, document.baseURI).href, headers }); // the worker's base is its own URL
    });
    const turn = shared.queue.then(read);
    shared.queue = turn.catch(() => {});
    try {
      await turn;
    } catch (error) {
      // nothing of a model web-ifc failed on stays in the view: the server's scene replaces it (a view cleared
      // meanwhile is another view: nothing of it is touched)
      if (this.models.get(entry.id) === entry) {
        if (root) entry.group.remove(root);
        for (const key of entry.keys.values()) this.elements.delete(key);
        entry.keys.clear();
      }
      throw error;
    } finally {
      if (shared.worker) shared.worker.onmessage = null;
      shared.reject = null;
    }
    entry.complete = true;
    if (this.pending) await this.pending;
    this.state = { ...this.state, loaded: [...this.models.values()].every((m) => m.complete), modelId: this.state.modelId || modelId,
      loadMs: Math.round(performance.now() - started) };
    return this.state;
  }

  /** The page's web-ifc state: one worker (web-ifc's module and WASM load once), models read one after the other. */
  sharedWebIfc() {
    if (!this.webIfc) this.webIfc = { worker: null, queue: Promise.resolve(), reject: null, closed: false };
    return this.webIfc;
  }

  webIfcWorker(shared) {
    if (!shared.worker) {
      shared.worker = new Worker(new URL('./ifc-worker.js', import.meta.url), { type: 'module' });
      this.webIfcWorkers = (this.webIfcWorkers || 0) + 1; // workers this page started (tests)
    }
    return shared.worker;
  }

  /** Start the web-ifc worker and its WASM now, for a model without a cached scene the user may open next. */
  prepareWebIfc() {
    this.webIfcWorker(this.sharedWebIfc()).postMessage({ prepare: true });
  }

  /** A model's root group placed by its offset (IFC axes, metres) from the view's reference. */
  placeRoot(entry, offset) {
    if (!this.reference) this.reference = offset;
    const root = new Group();
    root.position.copy(gltfOf(offset.map((v, i) => v - this.reference[i])));
    entry.group.add(root);
    return root;
  }

  /** Elements tessellated by the web-ifc worker: [{id, guid, cls, meshes: [{color, positions, indices}]}]. */
  addElements(entry, root, elements, materialOf) {
    for (const { id, guid, cls, meshes: parts } of elements) {
      if (entry.keys.has(guid)) continue;
      const key = this.elements.has(guid) ? `${entry.id}:${guid}` : guid;
      entry.keys.set(guid, key);
      const node = new Group();
      node.name = guid;
      node.userData = { id, class: cls };
      const meshes = [];
      for (const { color, positions, indices } of parts) {
        const geometry = new BufferGeometry();
        geometry.setAttribute('position', new BufferAttribute(positions, 3));
        geometry.setIndex(new BufferAttribute(indices, 1));
        const material = materialOf(color);
        const mesh = new Mesh(geometry, material);
        mesh.userData.guid = key;
        node.add(mesh);
        meshes.push({ mesh, material });
      }
      root.add(node);
      this.elements.set(key, { object: node, meshes, ifcClass: cls, stepId: id, modelId: entry.id, guid });
    }
  }

  addModel(modelId, name) {
    const group = new Group();
    group.name = modelId;
    this.model.add(group);
    const entry = { id: modelId, name, group, visible: true, keys: new Map(), parts: {}, untessellated: {}, complete: false };
    this.models.set(modelId, entry);
    if (!this.state.modelId) this.state.modelId = modelId;
    return entry;
  }

  async addPart(entry, buffer) {
    const parsing = performance.now();
    let root;
    let about;
    const direct = readSceneGlb(buffer); // our own layout, read directly; else GLTFLoader
    if (direct) {
      ({ root, about } = direct);
    } else {
      this.profile.loaderParts += 1;
      const gltf = await new Promise((resolve, reject) => new GLTFLoader().parse(buffer, '', resolve, reject));
      root = gltf.scene;
      about = gltf.parser.json.asset?.extras?.ifcqa || {};
      const names = gltf.parser.json.nodes || [];
      for (const node of root.children) {
        // the GlobalId as written (three.js may rename duplicate or unusual node names)
        const index = gltf.parser.associations.get(node)?.nodes;
        if (index !== undefined && names[index]?.name) node.name = names[index].name;
      }
    }
    this.profile.parseMs += performance.now() - parsing;
    const offset = about.offset || [0, 0, 0];
    if (!this.reference) this.reference = offset;
    root.position.copy(gltfOf(offset.map((v, i) => v - this.reference[i])));
    for (const node of [...root.children]) {
      const guid = node.name;
      if (entry.keys.has(guid)) { // sent again after a rebuild: the first one stays
        root.remove(node);
        continue;
      }
      const key = this.elements.has(guid) ? `${entry.id}:${guid}` : guid;
      entry.keys.set(guid, key);
      const meshes = [];
      node.traverse((object) => {
        if (object.isMesh) {
          object.userData.guid = key;
          meshes.push({ mesh: object, material: object.material });
        }
      });
      const extras = node.userData || {};
      this.elements.set(key, { object: node, meshes, ifcClass: extras.class || '', stepId: extras.id, modelId: entry.id, guid });
    }
    entry.group.add(root);
    this.partCount = (this.partCount || 0) + 1;
    if (this.state.firstPartMs === null) this.state.firstPartMs = performance.now();
    return about;
  }

  afterPart() {
    this.applyStyles();
    if (!this.userMoved) this.fit(this.highlighted.size ? [...this.highlighted] : []);
  }

  /** Resolves once the scene as it is now was drawn. */
  drawn() {
    return this.render();
  }

  /** The key of a model's element (its GlobalId unless another model has the same one); null if not drawn. */
  keyOf(modelId, guid) {
    return this.models.get(modelId)?.keys.get(guid) ?? null;
  }

  isVisible(key, element) {
    const model = this.models.get(element.modelId);
    if (model && !model.visible) return false;
    if (this.hidden.has(key) || this.hiddenClasses.has(element.ifcClass)) return false;
    if (this.isolated && !this.isolated.has(key)) return false;
    if (!this.showSpaces && element.ifcClass === 'IfcSpace' && !this.highlighted.has(key)) return false;
    return true;
  }

  applyStyles() {
    for (const [key, element] of this.elements) element.object.visible = this.isVisible(key, element);
    // ghost the rest only while some highlighted element is on show (an isolated storey without any is drawn plainly)
    const ghosting = [...this.highlighted].some((key) => this.elements.get(key)?.object.visible);
    this.ghosting = ghosting;
    if (ghosting && !this.edgesBuilt) this.buildEdges();
    for (const [key, element] of this.elements) {
      for (const { mesh, material } of element.meshes) {
        if (key === this.selected) mesh.material = SELECTED;
        else if (this.highlighted.has(key)) mesh.material = HIGHLIGHT;
        else if (ghosting) mesh.material = GHOST;
        else mesh.material = material;
        mesh.renderOrder = mesh.material.transparent ? 1 : 0;
        if (mesh.userData.edges) mesh.userData.edges.visible = ghosting && mesh.material === GHOST;
      }
    }
    this.render();
  }

  /** Outline every element (drawn only while it is ghosted, so the context stays readable). */
  buildEdges() {
    for (const element of this.elements.values()) {
      if (element.ifcClass === 'IfcSpace') continue;
      for (const { mesh } of element.meshes) {
        if (mesh.userData.edges) continue;
        const edges = new LineSegments(new EdgesGeometry(mesh.geometry, 30), EDGES);
        edges.raycast = () => {};
        edges.visible = false;
        mesh.add(edges);
        mesh.userData.edges = edges;
      }
    }
    this.edgesBuilt = [...this.models.values()].every((m) => m.complete);
  }

  /** The opacity of ghosted elements (0..1); their edges follow. */
  setGhostOpacity(opacity) {
    this.ghostOpacity = Math.max(0, Math.min(1, opacity));
    GHOST.opacity = this.ghostOpacity;
    GHOST.depthWrite = this.ghostOpacity >= 0.99;
    EDGES.opacity = Math.min(0.85, 0.2 + this.ghostOpacity);
    this.render();
  }

  /** Highlight the elements with these GlobalIds (of the first model), ghost the rest, frame them; [] clears. */
  highlight(guids) {
    // an aggregate (a stair, a roof, a curtain wall) has no body of its own: it is shown through its parts
    this.highlighted = new Set();
    const shown = [];
    for (const guid of guids) {
      const drawn = this.drawnParts(guid, new Set());
      drawn.forEach((part) => this.highlighted.add(part));
      if (drawn.length) shown.push(guid);
    }
    this.applyStyles();
    this.fit([...this.highlighted]);
    return shown;
  }

  primary() {
    return this.models.get(this.state.modelId) || this.models.values().next().value || null;
  }

  /** The drawn elements standing for ``guid``: itself, else its parts (recursively; cycles stop). */
  drawnParts(guid, seen) {
    if (seen.has(guid)) return [];
    seen.add(guid);
    if (this.elements.has(guid)) return [guid];
    const parts = this.primary()?.parts || {};
    return (parts[guid] || []).flatMap((part) => this.drawnParts(part, seen));
  }

  /** Why an element is not drawn, when IfcOpenShell said: "could not be tessellated: ..." or its crash. */
  notDrawnReason(guid) {
    return this.primary()?.untessellated[guid]?.reason || null;
  }

  /** Show only these GlobalIds (a storey's elements), or everything with null. */
  isolate(guids) {
    this.isolated = guids ? new Set(guids) : null;
    this.applyStyles();
    const shown = [...this.elements.keys()].filter((key) => this.elements.get(key).object.visible);
    const framed = this.highlighted.size ? [...this.highlighted].filter((g) => shown.includes(g)) : [];
    this.fit(framed.length ? framed : shown);
  }

  setShowSpaces(show) {
    this.showSpaces = show;
    this.applyStyles();
  }

  /** Hide (or show) these elements of a model, by GlobalId (the tree's check boxes). */
  setHidden(modelId, guids, hidden) {
    for (const guid of guids) {
      const key = this.keyOf(modelId, guid);
      if (key === null) continue;
      if (hidden) this.hidden.add(key);
      else this.hidden.delete(key);
    }
    this.applyStyles();
  }

  setClassVisible(ifcClass, visible) {
    if (visible) this.hiddenClasses.delete(ifcClass);
    else this.hiddenClasses.add(ifcClass);
    this.applyStyles();
  }

  setModelVisible(modelId, visible) {
    const model = this.models.get(modelId);
    if (!model) return;
    model.visible = visible;
    model.group.visible = visible;
    this.applyStyles();
  }

  /** Drawn elements per IFC class, sorted by class. */
  classes() {
    const counts = new Map();
    for (const element of this.elements.values()) counts.set(element.ifcClass, (counts.get(element.ifcClass) || 0) + 1);
    return [...counts.entries()].sort((a, b) => a[0].localeCompare(b[0]));
  }

  /** The box of every element on show (else of everything), in view coordinates. */
  shownBox() {
    const box = new Box3();
    for (const element of this.elements.values()) if (element.object.visible) box.expandByObject(element.object);
    if (box.isEmpty()) box.setFromObject(this.model);
    return box;
  }

  /**
   * Cut the view with a plane across an IFC axis ('x', 'y' or 'z': height), keeping what lies below the plane;
   * ``fraction`` places it from the low (0) to the high (1) side of the models' box. null removes the cut.
   */
  setSection(axis, fraction = this.section.fraction) {
    this.section.axis = axis;
    this.section.fraction = fraction;
    if (!axis) {
      this.renderer.clippingPlanes = [];
      this.render();
      return;
    }
    const box = new Box3().setFromObject(this.model);
    if (box.isEmpty()) return;
    const plane = this.section.plane;
    if (axis === 'z') { // keep y <= h
      const at = box.min.y + fraction * (box.max.y - box.min.y);
      plane.set(new Vector3(0, -1, 0), at);
    } else if (axis === 'x') { // keep x <= h
      const at = box.min.x + fraction * (box.max.x - box.min.x);
      plane.set(new Vector3(-1, 0, 0), at);
    } else { // IFC y is view -z: keep IFC y <= h, i.e. view z >= -h
      const low = -box.max.z;
      const at = low + fraction * (-box.min.z - low);
      plane.set(new Vector3(0, 0, 1), at);
    }
    this.renderer.clippingPlanes = [plane];
    this.render();
  }

  /** Whether a point (view coordinates) is kept by the section plane. */
  unclipped(point) {
    return !this.section.axis || this.section.plane.distanceToPoint(point) >= 0;
  }

  select(guid, { frame = false } = {}) {
    this.selected = guid && this.elements.has(guid) ? guid : null;
    this.applyStyles();
    if (frame && this.selected) this.fit([this.selected]);
  }

  /** Point the camera so the elements (all visible ones when empty) fill the view. */
  fit(keys) {
    if (!this.elements.size) return;
    const box = new Box3();
    const objects = keys.length ? keys.map((g) => this.elements.get(g)?.object).filter(Boolean)
      : [...this.elements.values()].map((e) => e.object).filter((o) => o.visible);
    for (const object of objects) box.expandByObject(object);
    if (box.isEmpty()) box.setFromObject(this.model);
    if (box.isEmpty()) return;
    const sphere = box.getBoundingSphere(new Sphere());
    const radius = Math.max(sphere.radius, 0.5);
    const fov = (this.camera.fov * Math.PI) / 180;
    const distance = radius / Math.sin(Math.min(fov, fov * this.camera.aspect) / 2);
    const direction = new Vector3().subVectors(this.camera.position, this.controls.target);
    if (direction.lengthSq() < 1e-9) direction.set(1, 0.8, 1);
    direction.normalize();
    if (direction.y < 0.35) direction.y = 0.35;
    direction.normalize();
    this.controls.target.copy(sphere.center);
    this.camera.position.copy(sphere.center).addScaledVector(direction, distance * (keys.length === 1 ? 1.6 : 1.1));
    this.camera.near = Math.max(distance / 1000, 0.01);
    this.camera.far = distance * 20 + radius * 4;
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.render();
  }

  /** What is under a point of the canvas (client coordinates): the hits on shown, uncut geometry, nearest first. */
  hits(clientX, clientY) {
    const rect = this.renderer.domElement.getBoundingClientRect();
    this.pointer.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(this.pointer, this.camera);
    return this.raycaster.intersectObject(this.model, true)
      .filter((hit) => hit.object.isMesh && isShown(hit.object) && this.unclipped(hit.point));
  }

  /** The element under a point of the canvas (client coordinates), preferring solid, non-ghosted elements. */
  pick(clientX, clientY) {
    const hits = this.hits(clientX, clientY);
    const ghosting = this.ghosting;
    const rank = (hit) => {
      const key = hit.object.userData.guid;
      const element = this.elements.get(key);
      if (ghosting && !this.highlighted.has(key)) return 2;
      return element && element.ifcClass === 'IfcSpace' ? 1 : 0;
    };
    hits.sort((a, b) => rank(a) - rank(b) || a.distance - b.distance);
    return hits.length ? hits[0].object.userData.guid : null;
  }

  /** Measure mode: clicks put points on geometry (spaces skipped) and the distance of the last two is shown. */
  setMeasuring(on) {
    this.measuring = on;
    this.renderer.domElement.style.cursor = on ? 'crosshair' : '';
    if (!on) this.clearMeasure();
  }

  clearMeasure() {
    this.overlay.clear();
    this.measure = { points: [], distance: null };
    if (this.label) this.label.hidden = true;
    this.render();
  }

  /** Add a measuring point where the ray through a client point meets the geometry; returns it (view coords). */
  measureAt(clientX, clientY) {
    const hits = this.hits(clientX, clientY);
    const solid = hits.filter((hit) => this.elements.get(hit.object.userData.guid)?.ifcClass !== 'IfcSpace');
    const hit = (solid.length ? solid : hits)[0];
    if (!hit) return null;
    if (this.measure.points.length >= 2) this.clearMeasure();
    this.measure.points.push(hit.point.clone());
    const points = this.measure.points;
    this.overlay.clear();
    const geometry = new BufferGeometry().setAttribute('position', new Float32BufferAttribute(points.flatMap((p) => p.toArray()), 3));
    const dots = new Points(geometry, MEASURE_POINTS);
    dots.renderOrder = 10;
    this.overlay.add(dots);
    if (points.length === 2) {
      const line = new Line(geometry, MEASURE_LINE);
      line.renderOrder = 10;
      this.overlay.add(line);
      this.measure.distance = points[0].distanceTo(points[1]);
      this.label.textContent = formatLength(this.measure.distance);
      this.label.hidden = false;
      this.onMeasure(this.measure.distance);
    }
    this.render();
    return hit.point;
  }

  placeLabel() {
    if (!this.label || this.label.hidden || this.measure.points.length < 2) return;
    const middle = this.measure.points[0].clone().add(this.measure.points[1]).multiplyScalar(0.5).project(this.camera);
    this.label.style.left = `${((middle.x + 1) / 2) * this.container.clientWidth}px`;
    this.label.style.top = `${((1 - middle.y) / 2) * this.container.clientHeight}px`;
  }

  click(event) {
    if (!this.down) return;
    const moved = Math.hypot(event.clientX - this.down[0], event.clientY - this.down[1]);
    this.down = null;
    if (moved > 4) return; // a drag turned the view
    if (this.measuring) {
      this.measureAt(event.clientX, event.clientY);
      return;
    }
    const key = this.pick(event.clientX, event.clientY);
    if (key) this.onPick(key, this.elements.get(key));
  }

  /** Client coordinates of a point of the view (a Vector3). */
  toClient(point) {
    const projected = point.clone().project(this.camera);
    const rect = this.renderer.domElement.getBoundingClientRect();
    return { x: rect.left + ((projected.x + 1) / 2) * rect.width, y: rect.top + ((1 - projected.y) / 2) * rect.height };
  }

  /** Where an element is drawn on the page (client coordinates of its box centre), for tests and tooltips. */
  screenPoint(guid) {
    const element = this.elements.get(guid);
    if (!element) return null;
    return this.toClient(new Box3().setFromObject(element.object).getCenter(new Vector3()));
  }

  /** Client coordinates of a point given in IFC world coordinates (metres), for tests. */
  screenOfIfc(point) {
    return this.toClient(gltfOf(point.map((v, i) => v - (this.reference || [0, 0, 0])[i])));
  }

  /** How an element is drawn: `highlight`, `selected`, `ghost` or `model` (its own colours); null if unknown. */
  materialOf(guid) {
    const element = this.elements.get(guid);
    if (!element) return null;
    const material = element.meshes[0]?.mesh.material;
    if (material === HIGHLIGHT) return 'highlight';
    if (material === SELECTED) return 'selected';
    if (material === GHOST) return 'ghost';
    return 'model';
  }

  exposeHooks() {
    const viewer = this;
    window.ifcqaScene = {
      get loaded() { return viewer.state.loaded; },
      get modelId() { return viewer.state.modelId; },
      get loadMs() { return viewer.state.loadMs; },
      get error() { return viewer.state.error; },
      get nodeCount() { return viewer.elements.size; },
      get nodeNames() { return [...viewer.elements.keys()]; },
      get models() {
        return [...viewer.models.values()].map((m) => ({ id: m.id, name: m.name, visible: m.visible, complete: m.complete,
          elements: m.keys.size, source: m.source || 'server', webIfcSteps: m.webIfcSteps || null }));
      },
      get highlighted() { return [...viewer.highlighted].sort(); },
      get ghosted() {
        return [...viewer.elements.keys()].filter((g) => viewer.elements.get(g).object.visible
          && viewer.materialOf(g) === 'ghost').length;
      },
      get ghostOpacity() { return viewer.ghostOpacity; },
      get visible() { return [...viewer.elements.values()].filter((e) => e.object.visible).length; },
      get selected() { return viewer.selected; },
      get isolated() { return viewer.isolated ? viewer.isolated.size : null; },
      get section() { return { axis: viewer.section.axis, fraction: viewer.section.fraction }; },
      get measurement() { return viewer.measure.distance; },
      get measuring() { return viewer.measuring; },
      get frames() { return viewer.frames || 0; },
      get parts() { return viewer.partCount || 0; },
      get webIfcWorkers() { return viewer.webIfcWorkers || 0; },
      get softwareGl() { return SOFTWARE_GL; },
      get profile() {
        const { calls, triangles } = viewer.renderer.info.render;
        return { ...viewer.profile, calls, triangles, programs: viewer.renderer.info.programs?.length ?? null };
      },
      highlight: (guids) => viewer.highlight(guids),
      isShown: (guid) => Boolean(viewer.elements.get(guid)?.object.visible),
      materialOf: (guid) => viewer.materialOf(guid),
      screenPoint: (guid) => viewer.screenPoint(guid),
      screenOfIfc: (point) => viewer.screenOfIfc(point),
      pick: (x, y) => viewer.pick(x, y),
    };
  }
}

export function formatLength(metres) {
  if (metres < 1) return `${(metres * 1000).toFixed(0)} mm`;
  return `${metres.toFixed(3)} m`;
}

function isShown(object) {
  for (let o = object; o; o = o.parent) if (!o.visible) return false;
  return true;
}
