// The 3D view: the model's GLB (one node per element, named by GlobalId) drawn with three.js.
// Answer elements are highlighted and framed, the rest ghosted; storeys can be isolated; a click picks an element.
// Test hook: window.ifcqaScene (see exposeHooks) reports what is loaded, highlighted, ghosted, visible and selected.

import {
  AmbientLight, Box3, Color, DirectionalLight, GLTFLoader, MeshStandardMaterial, OrbitControls,
  PerspectiveCamera, Raycaster, Scene, Sphere, Vector2, Vector3, WebGLRenderer,
} from '../vendor/three.bundle.min.js';

const HIGHLIGHT = new MeshStandardMaterial({
  color: 0xff7a1a, emissive: 0x662200, roughness: 0.6, metalness: 0, side: 2, flatShading: true,
});
const SELECTED = new MeshStandardMaterial({
  color: 0x1e6bff, emissive: 0x0a2a80, roughness: 0.5, metalness: 0, side: 2, flatShading: true,
});
const GHOST = new MeshStandardMaterial({
  color: 0xb8c0cc, transparent: true, opacity: 0.07, depthWrite: false, roughness: 1, metalness: 0, side: 2,
  flatShading: true,
});

export class Viewer {
  constructor(container, { onPick } = {}) {
    this.container = container;
    this.onPick = onPick || (() => {});
    this.renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    this.renderer.setClearColor(new Color(0xf4f6f9));
    container.appendChild(this.renderer.domElement);
    this.scene = new Scene();
    this.camera = new PerspectiveCamera(45, 1, 0.05, 5000);
    this.camera.position.set(20, 15, 20);
    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.addEventListener('change', () => this.render());
    this.controls.listenToKeyEvents(container); // arrow keys pan while the view has the focus
    this.scene.add(new AmbientLight(0xffffff, 1.6));
    const sun = new DirectionalLight(0xffffff, 1.8);
    sun.position.set(0.6, 1, 0.4);
    this.scene.add(sun);
    const fill = new DirectionalLight(0xffffff, 0.6);
    fill.position.set(-0.5, 0.3, -0.8);
    this.scene.add(fill);
    this.model = null;
    this.elements = new Map(); // GlobalId -> { object, meshes: [{mesh, material}], ifcClass }
    this.highlighted = new Set();
    this.isolated = null; // Set of GlobalIds of the isolated storey, or null
    this.showSpaces = true;
    this.selected = null;
    this.state = { loaded: false, modelId: null, error: null, loadMs: null };
    this.raycaster = new Raycaster();
    this.pointer = new Vector2();
    this.down = null;
    const canvas = this.renderer.domElement;
    canvas.addEventListener('pointerdown', (event) => { this.down = [event.clientX, event.clientY]; });
    canvas.addEventListener('pointerup', (event) => this.click(event));
    new ResizeObserver(() => this.resize()).observe(container);
    this.resize();
    this.exposeHooks();
  }

  resize() {
    const { clientWidth: width, clientHeight: height } = this.container;
    if (!width || !height) return;
    this.renderer.setSize(width, height, false);
    this.camera.aspect = width / height;
    this.camera.updateProjectionMatrix();
    this.render();
  }

  render() {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.renderer.render(this.scene, this.camera);
    });
  }

  clear() {
    if (this.model) {
      this.scene.remove(this.model);
      this.model.traverse((object) => {
        if (object.geometry) object.geometry.dispose();
      });
    }
    this.model = null;
    this.elements.clear();
    this.highlighted.clear();
    this.parts = {};
    this.untessellated = {};
    this.isolated = null;
    this.selected = null;
    this.state = { loaded: false, modelId: null, error: null, loadMs: null };
    this.render();
  }

  /** Load a GLB given as an ArrayBuffer (fetched with the token by the caller). */
  async load(buffer, modelId) {
    const started = performance.now();
    this.clear();
    const gltf = await new Promise((resolve, reject) => new GLTFLoader().parse(buffer, '', resolve, reject));
    const root = gltf.scene;
    const names = gltf.parser.json.nodes || [];
    const about = gltf.parser.json.asset?.extras?.ifcqa || {};
    this.parts = about.parts || {}; // aggregate GlobalId -> its parts' GlobalIds
    this.untessellated = about.untessellated || {}; // GlobalId -> { id, class, reason } IfcOpenShell gave
    for (const node of root.children) {
      // the GlobalId as written (three.js may rename duplicate or unusual node names)
      const index = gltf.parser.associations.get(node)?.nodes;
      if (index !== undefined && names[index]?.name) node.name = names[index].name;
      const meshes = [];
      node.traverse((object) => {
        if (object.isMesh) {
          object.userData.guid = node.name;
          meshes.push({ mesh: object, material: object.material });
        }
      });
      const extras = node.userData || {};
      this.elements.set(node.name, { object: node, meshes, ifcClass: extras.class || '', stepId: extras.id });
    }
    this.model = root;
    this.scene.add(root);
    this.applyStyles();
    this.fit([]);
    await new Promise((resolve) => requestAnimationFrame(() => {
      this.renderer.render(this.scene, this.camera);
      resolve();
    }));
    this.state = { loaded: true, modelId, error: null, loadMs: Math.round(performance.now() - started) };
    return this.state;
  }

  isVisible(guid, element) {
    if (this.isolated && !this.isolated.has(guid)) return false;
    if (!this.showSpaces && element.ifcClass === 'IfcSpace' && !this.highlighted.has(guid)) return false;
    return true;
  }

  applyStyles() {
    for (const [guid, element] of this.elements) element.object.visible = this.isVisible(guid, element);
    // ghost the rest only while some highlighted element is on show (an isolated storey without any is drawn plainly)
    const ghosting = [...this.highlighted].some((guid) => this.elements.get(guid).object.visible);
    this.ghosting = ghosting;
    for (const [guid, element] of this.elements) {
      for (const { mesh, material } of element.meshes) {
        if (guid === this.selected) mesh.material = SELECTED;
        else if (this.highlighted.has(guid)) mesh.material = HIGHLIGHT;
        else if (ghosting) mesh.material = GHOST;
        else mesh.material = material;
        mesh.renderOrder = mesh.material.transparent ? 1 : 0;
      }
    }
    this.render();
  }

  /** Highlight the elements with these GlobalIds, ghost the rest and frame them; an empty list clears. */
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

  /** The drawn elements standing for ``guid``: itself, else its parts (recursively; cycles stop). */
  drawnParts(guid, seen) {
    if (seen.has(guid)) return [];
    seen.add(guid);
    if (this.elements.has(guid)) return [guid];
    return (this.parts[guid] || []).flatMap((part) => this.drawnParts(part, seen));
  }

  /** Why an element is not drawn, when IfcOpenShell said: "could not be tessellated: ..." or its crash. */
  notDrawnReason(guid) {
    return this.untessellated[guid]?.reason || null;
  }

  /** Show only these GlobalIds (a storey's elements), or everything with null. */
  isolate(guids) {
    this.isolated = guids ? new Set(guids) : null;
    this.applyStyles();
    const shown = [...this.elements.keys()].filter((guid) => this.elements.get(guid).object.visible);
    const framed = this.highlighted.size ? [...this.highlighted].filter((g) => shown.includes(g)) : [];
    this.fit(framed.length ? framed : shown);
  }

  setShowSpaces(show) {
    this.showSpaces = show;
    this.applyStyles();
  }

  select(guid, { frame = false } = {}) {
    this.selected = guid && this.elements.has(guid) ? guid : null;
    this.applyStyles();
    if (frame && this.selected) this.fit([this.selected]);
  }

  /** Point the camera so the elements (all visible ones when empty) fill the view. */
  fit(guids) {
    if (!this.model) return;
    const box = new Box3();
    const objects = guids.length ? guids.map((g) => this.elements.get(g)?.object).filter(Boolean)
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
    this.camera.position.copy(sphere.center).addScaledVector(direction, distance * (guids.length === 1 ? 1.6 : 1.1));
    this.camera.near = Math.max(distance / 1000, 0.01);
    this.camera.far = distance * 20 + radius * 4;
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.render();
  }

  /** The GlobalId under a point of the canvas (client coordinates), preferring solid, non-ghosted elements. */
  pick(clientX, clientY) {
    if (!this.model) return null;
    const rect = this.renderer.domElement.getBoundingClientRect();
    this.pointer.set(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1);
    this.raycaster.setFromCamera(this.pointer, this.camera);
    const hits = this.raycaster.intersectObject(this.model, true).filter((hit) => isShown(hit.object));
    const ghosting = this.ghosting;
    const rank = (hit) => {
      const guid = hit.object.userData.guid;
      const element = this.elements.get(guid);
      if (ghosting && !this.highlighted.has(guid)) return 2;
      return element && element.ifcClass === 'IfcSpace' ? 1 : 0;
    };
    hits.sort((a, b) => rank(a) - rank(b) || a.distance - b.distance);
    return hits.length ? hits[0].object.userData.guid : null;
  }

  click(event) {
    if (!this.down) return;
    const moved = Math.hypot(event.clientX - this.down[0], event.clientY - this.down[1]);
    this.down = null;
    if (moved > 4) return; // a drag turned the view
    const guid = this.pick(event.clientX, event.clientY);
    if (guid) this.onPick(guid);
  }

  /** Where an element is drawn on the page (client coordinates of its box centre), for tests and tooltips. */
  screenPoint(guid) {
    const element = this.elements.get(guid);
    if (!element) return null;
    const centre = new Box3().setFromObject(element.object).getCenter(new Vector3()).project(this.camera);
    const rect = this.renderer.domElement.getBoundingClientRect();
    return { x: rect.left + ((centre.x + 1) / 2) * rect.width, y: rect.top + ((1 - centre.y) / 2) * rect.height };
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
      get highlighted() { return [...viewer.highlighted].sort(); },
      get ghosted() {
        return [...viewer.elements.keys()].filter((g) => viewer.elements.get(g).object.visible
          && viewer.materialOf(g) === 'ghost').length;
      },
      get visible() { return [...viewer.elements.values()].filter((e) => e.object.visible).length; },
      get selected() { return viewer.selected; },
      get isolated() { return viewer.isolated ? viewer.isolated.size : null; },
      materialOf: (guid) => viewer.materialOf(guid),
      screenPoint: (guid) => viewer.screenPoint(guid),
      pick: (x, y) => viewer.pick(x, y),
    };
  }
}

function isShown(object) {
  for (let o = object; o; o = o.parent) if (!o.visible) return false;
  return true;
}
