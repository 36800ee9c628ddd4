// What the web UI imports from three.js: the WebGL core plus the two addons it uses.
// `node vendor.mjs` bundles this file into static/vendor/three.bundle.min.js (ES module, minified).
export * from 'three';
export { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
export { OrbitControls } from 'three/addons/controls/OrbitControls.js';
