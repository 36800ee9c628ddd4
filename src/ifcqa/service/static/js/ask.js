// The Ask page: pick or upload a model, ask questions with the pipeline's stages streamed as they arrive,
// the answer's elements listed, highlighted and framed in 3D; storeys isolated; any element's properties.

import { authHeaders, getJson, postJson, postStream, request, uploadModel } from './api.js';
import { $, clear, h } from './dom.js';
import { showElement } from './info.js';
import { ScenePanel } from './panel.js';
import { formatLength, Viewer } from './viewer.js';

const STAGES = ['plan', 'route', 'retrieval', 'answer', 'check', 'final'];

export class AskPage {
  constructor({ report }) {
    this.report = report; // shows an error to the user
    this.modelId = null;
    this.project = null; // {id, models: Map(file -> model id)} while a project is open
    this.storeys = [];
    this.asking = null;
    this.viewer = new Viewer($('#viewport'), {
      onPick: (key, element) => this.inspect(key, { frame: false, element }),
      onMeasure: (metres) => { $('#measure-result').textContent = formatLength(metres); },
    });
    this.panel = new ScenePanel(this.viewer, {
      onSelect: (modelId, guid) => {
        const key = this.viewer.keyOf(modelId, guid);
        if (key) this.inspect(key, { frame: true, element: this.viewer.elements.get(key) });
        else showElement($('#info'), modelId, guid);
      },
    });
    window.ifcqaUI = { state: 'idle', answers: 0, lastAnswer: null, infoGuid: null, percents: [], sources: {}, fallbacks: [] };
    $('#model-select').addEventListener('change', (event) => this.open(event.target.value));
    $('#project-select').addEventListener('change', (event) => this.openProject(event.target.value));
    $('#ghost-range').addEventListener('input', (event) => this.viewer.setGhostOpacity(event.target.value / 100));
    const section = () => {
      const axis = $('#section-axis').value || null;
      $('#section-range').disabled = !axis;
      this.viewer.setSection(axis, $('#section-range').value / 100);
    };
    $('#section-axis').addEventListener('change', section);
    $('#section-range').addEventListener('input', section);
    $('#measure-button').addEventListener('click', () => {
      const on = !this.viewer.measuring;
      this.viewer.setMeasuring(on);
      $('#measure-button').setAttribute('aria-pressed', on ? 'true' : 'false');
      $('#measure-result').textContent = on ? 'click two points' : '';
    });
    $('#model-upload').addEventListener('change', (event) => this.upload(event.target.files[0]));
    $('#ask-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.ask($('#question').value.trim());
    });
    $('#question').addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        $('#ask-form').requestSubmit();
      }
    });
    $('#storey-select').addEventListener('change', (event) => this.isolate(event.target.value));
    $('#show-spaces').addEventListener('change', (event) => this.viewer.setShowSpaces(event.target.checked));
    $('#fit-button').addEventListener('click', () => this.viewer.fit([...this.viewer.highlighted]));
    $('#clear-button').addEventListener('click', () => {
      this.viewer.highlight([]);
      this.viewer.select(null);
    });
  }

  async refreshModels(selectId) {
    const projectsAsked = getJson('api/projects').catch(() => ({ projects: [] })); // an older server: no projects
    const { models } = await getJson('api/models');
    this.modelRows = new Map(models.map((m) => [m.id, m]));
    this.modelRowsAt = performance.now();
    const select = $('#model-select');
    clear(select).append(h('option', { value: '', text: models.length ? '(choose a model)' : '(no models yet)' }));
    for (const model of models) {
      const size = `${(model.size / 1048576).toFixed(1)} MB`;
      select.append(h('option', { value: model.id, text: `${model.name} (${model.schema}, ${size})` }));
    }
    this.modelNames = new Map(models.map((m) => [m.id, m.name]));
    const projects = (await projectsAsked).projects || [];
    this.projects = projects;
    const projectSelect = $('#project-select');
    clear(projectSelect).append(h('option', { value: '', text: '(choose a project)' }));
    for (const project of projects) {
      projectSelect.append(h('option', { value: project.id, text: `${project.name} (${project.models.length} models)` }));
    }
    projectSelect.hidden = $('.project-label').hidden = projects.length === 0;
    const wanted = selectId || this.modelId || (models.length === 1 ? models[0].id : '');
    // a model without a cached scene is drawn by web-ifc: its worker starts loading now, unless the model opened
    // next has a cached scene (its view is not to share the cores with that)
    if (models.some((m) => m.scene_cached === false) && !this.modelRows.get(wanted)?.scene_cached) {
      this.viewer.prepareWebIfc();
    }
    if (wanted && models.some((m) => m.id === wanted)) {
      select.value = wanted;
      if (wanted !== this.modelId) this.open(wanted); // not awaited: a first tessellation can take a while
    }
    return models;
  }

  /**
   * Open every model of a project in one view. Questions go to the project (every file, the first file's rooms);
   * storeys and the properties panel are about its first model (the reference).
   */
  async openProject(projectId) {
    const project = (this.projects || []).find((p) => p.id === projectId);
    if (!project) return this.open('');
    $('#model-select').value = '';
    const models = project.models.filter((m) => m.id).map((m) => ({ id: m.id, name: m.file }));
    this.project = { id: project.id, models: new Map(project.models.filter((m) => m.id).map((m) => [m.file, m.id])) };
    const missing = project.models.filter((m) => !m.id).map((m) => m.file);
    if (missing.length) this.report(`Project ${project.name}: ${missing.join(', ')} not found, left out of the view.`);
    return this.openModels(models, project.name);
  }

  async upload(file) {
    if (!file) return;
    const status = $('#model-status');
    status.textContent = `Uploading ${file.name}…`;
    try {
      const model = await uploadModel(file);
      status.textContent = `Uploaded ${model.name}.`;
      $('#model-upload').value = '';
      await this.refreshModels(model.id);
    } catch (error) {
      status.textContent = '';
      this.report(`Upload failed: ${error.message}`);
    }
  }

  async open(modelId) {
    $('#project-select').value = '';
    this.project = null;
    return this.openModels(modelId ? [{ id: modelId, name: this.modelNames?.get(modelId) || modelId }] : []);
  }

  /**
   * Show these models ({id, name}) in the view, streamed as they are tessellated with a percentage; the first is
   * the one questions, storeys and the properties panel are about.
   */
  async openModels(models, projectName = null) {
    const modelId = models.length ? models[0].id : null;
    const opening = Symbol('opening');
    this.opening = opening;
    this.modelId = modelId;
    window.ifcqaUI.state = 'opening';
    window.ifcqaUI.firstTrianglesMs = null;
    window.ifcqaUI.firstViewMs = null;
    window.ifcqaUI.shownMs = null;
    window.ifcqaUI.percents = [];
    window.ifcqaUI.sources = {};
    window.ifcqaUI.fallbacks = [];
    $('#ask-button').disabled = !this.modelId;
    clear($('#chat'));
    clear($('#info')).append(h('p', { class: 'muted', text: 'Click an element in the view or in an answer to see its properties.' }));
    this.viewer.clear();
    this.panel.clear();
    const storeySelect = $('#storey-select');
    clear(storeySelect).append(h('option', { value: '', text: 'All storeys' }));
    storeySelect.disabled = true;
    $('#section-axis').value = '';
    $('#section-range').disabled = true;
    if (!this.modelId) {
      $('#scene-progress').hidden = true;
      window.ifcqaUI.state = 'idle';
      return;
    }
    const status = $('#scene-status');
    status.textContent = '';
    const started = performance.now();
    const progress = new Map(models.map((m) => [m.id, { done: 0, total: 0 }]));
    const showProgress = () => {
      let done = 0;
      let total = 0;
      for (const p of progress.values()) { done += p.done; total += p.total; }
      const percent = total ? Math.min(100, Math.floor((100 * done) / total)) : 0;
      if (this.opening !== opening) return;
      $('#scene-progress').hidden = false;
      $('#scene-progress-bar').value = percent;
      $('#scene-progress-text').textContent = total
        ? `Loading the 3D view: ${percent}% (${done} of ${total} elements shaped)` : 'Loading the 3D view…';
      const seen = window.ifcqaUI.percents;
      if (seen[seen.length - 1] !== percent) seen.push(percent);
    };
    showProgress();
    // a server stream that tessellates (the fallback, or ?scene=server) has the tree, storeys and summary asked
    // for once its first triangles are drawn: the server (and its GIL) serves the scene first; a cached scene or
    // web-ifc's leaves the server idle, so they are asked for at once, in parallel with the scene
    let firstDrawn;
    const drawnOnce = new Promise((resolve) => { firstDrawn = resolve; });
    const firstPart = () => {
      if (window.ifcqaUI.firstTrianglesMs === null) window.ifcqaUI.firstTrianglesMs = Math.round(performance.now() - started);
      firstDrawn();
    };
    for (const model of models) this.viewer.addModel(model.id, model.name); // in the project's order
    try {
      const timings = window.ifcqaUI.timings = {};
      const notes = [];
      let freeServer;
      const serverFree = new Promise((resolve) => { freeServer = resolve; });
      let choosing = models.length;
      let building = false;
      const told = new Set();
      const chosen = (modelId, source) => { // once per model (a fallback after web-ifc does not count again)
        if (told.has(modelId)) return;
        told.add(modelId);
        building = building || source === 'server-build';
        choosing -= 1;
        if (choosing === 0) (building ? drawnOnce : Promise.resolve()).then(freeServer);
      };
      const scenes = models.map((model) => this.loadScene(model, opening, {
        onProgress: (p) => { progress.set(model.id, { ...p }); showProgress(); },
        onPart: firstPart,
        chosen,
        notes,
      }).then(() => { timings.sceneMs = Math.round(performance.now() - started); }));
      Promise.allSettled(scenes).then(() => { firstDrawn(); freeServer(); }); // a scene without parts, or a failed one
      // every scene cached: its one part, the tree, storeys and summary arrive within tens of ms; they are shown in
      // one frame, not the scene first with the rest queued behind its frame (see viewer.holdDraws)
      let shownAll;
      const allShown = new Promise((resolve) => { shownAll = resolve; });
      if (models.every((m) => window.ifcqaUI.sources[m.id] === 'cached')) this.viewer.holdDraws(allShown, HOLD_MS);
      await serverFree;
      const trees = models.map((model) => getJson(`api/models/${encodeURIComponent(model.id)}/tree`)
        .then((tree) => {
          timings.treeMs = Math.round(performance.now() - started);
          if (this.opening === opening) this.panel.addTree(model.id, model.name, tree);
        })
        .catch((error) => this.report(`The tree of ${model.name} could not be read: ${error.message}`)));
      const id = encodeURIComponent(this.modelId);
      const [storeys, summary] = await Promise.all([
        getJson(`api/models/${id}/storeys`),
        getJson(`api/models/${id}/summary`).catch(() => null),
      ]);
      if (this.opening !== opening) return; // another model was chosen meanwhile
      timings.storeysMs = Math.round(performance.now() - started);
      this.storeys = storeys.storeys || [];
      const unit = summary && summary.units && summary.units.length ? ` ${summary.units.length}` : '';
      for (const storey of this.storeys) {
        const elevation = typeof storey.elevation === 'number' ? ` (elevation ${storey.elevation}${unit})` : '';
        storeySelect.append(h('option', { value: storey.guid, text: `${storey.name || storey.guid}${elevation}` }));
      }
      storeySelect.disabled = this.storeys.length === 0;
      if (summary) $('#model-status').textContent = (projectName ? `Project ${projectName} · ` : '') + describe(summary);
      Promise.all(trees).then(shownAll);
      await Promise.all(scenes);
      if (this.opening !== opening) return;
      await Promise.all(trees);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const what = models.length > 1 ? ` from ${models.length} models` : '';
      const by = [...new Set(Object.values(window.ifcqaUI.sources))].map((source) => SOURCES[source] || source).join(' and ');
      status.textContent = `${this.viewer.elements.size} elements${what}, shown in ${seconds} s (${by})`
        + (notes.length ? `. ${notes.join('. ')}` : '');
      $('#scene-progress').hidden = true;
      window.ifcqaUI.firstViewMs = Math.round(performance.now() - started);
      window.ifcqaUI.readyAt = Math.round(performance.now()); // since the page's navigation started
      // the complete view's frame on screen: a frame later (under software WebGL the page waits for its pixels)
      requestAnimationFrame(() => requestAnimationFrame(() => {
        if (this.opening === opening) window.ifcqaUI.shownMs = Math.round(performance.now() - started);
      }));
      this.report('');
      window.ifcqaUI.state = 'ready';
    } catch (error) {
      if (this.opening !== opening) return;
      status.textContent = '';
      $('#scene-progress').hidden = true;
      this.viewer.state.error = error.message;
      window.ifcqaUI.state = 'error';
      this.report(`Could not open the model: ${error.message}`);
    }
  }

  /**
   * Draw one model's scene: the server's cached one (one GLB part) when there is one; else web-ifc tessellates the
   * file in the page, then the server builds its cached scene for the next view; if web-ifc cannot read the file,
   * the server's scene streamed as it is tessellated. `?scene=server` or `?scene=web-ifc` in the page URL forces
   * a path (tests, benches). Tells `chosen(modelId, source)` which: cached, web-ifc or server-build.
   */
  async loadScene(model, opening, { onProgress, onPart, chosen, notes }) {
    const id = encodeURIComponent(model.id);
    const forced = new URLSearchParams(window.location.search).get('scene');
    const sources = window.ifcqaUI.sources;
    const stream = (source) => {
      sources[model.id] = source;
      chosen(model.id, source);
      return request(`api/models/${id}/scene.stream`).then((response) => this.viewer.loadStream(response, model.id, {
        name: model.name, onProgress, onPart,
      }));
    };
    if (forced === 'server') return stream('server-build');
    if (forced !== 'web-ifc') {
      let row = this.modelRows?.get(model.id);
      const stale = performance.now() - (this.modelRowsAt || 0) > 5000; // built since the listing?
      if (!row || (!row.scene_cached && stale)) row = await getJson(`api/models/${id}`).catch(() => null);
      if (this.opening !== opening) {
        chosen(model.id, 'cached');
        return null;
      }
      if (!row || !('scene_cached' in row)) return stream('server-build'); // an older server: its stream
      if (row.scene_cached) {
        this.modelRows?.set(model.id, row);
        return stream('cached');
      }
    }
    sources[model.id] = 'web-ifc';
    chosen(model.id, 'web-ifc');
    try {
      const state = await this.viewer.loadWebIfc(`api/models/${id}/file`, authHeaders(), model.id, {
        name: model.name, onProgress, onPart,
      });
      // the server builds its cached scene once web-ifc's view is complete (not alongside: they would share the
      // cores), so the next view of the model is the cached one
      postJson(`api/models/${id}/scene.build`, {}).catch(() => {});
      return state;
    } catch (error) {
      if (this.opening !== opening) throw error;
      const note = `web-ifc could not read ${model.name} (${error.message}): the server's scene is drawn instead`;
      notes.push(note);
      window.ifcqaUI.fallbacks.push({ model: model.id, reason: error.message });
      $('#scene-status').textContent = `${note}…`;
      onProgress({ done: 0, total: 0 });
      return stream('server-build');
    }
  }

  isolate(storeyGuid) {
    const storey = this.storeys.find((s) => s.guid === storeyGuid);
    this.viewer.isolate(storey ? storey.elements : null);
  }

  async ask(question) {
    if (!question || !this.modelId) return;
    if (this.asking) this.asking.abort();
    const controller = new AbortController();
    this.asking = controller;
    window.ifcqaUI.state = 'asking';
    const chat = $('#chat');
    const stages = h('ol', { class: 'stages', 'aria-label': 'Pipeline stages' });
    const body = h('div', { class: 'answer-body' });
    const turn = h('article', { class: 'turn' },
      h('p', { class: 'question' }, h('span', { class: 'who', text: 'You' }), question), stages, body);
    chat.append(turn);
    turn.scrollIntoView({ block: 'end' });
    $('#question').value = '';
    const modelId = this.modelId;
    try {
      const url = this.project ? `api/projects/${encodeURIComponent(this.project.id)}/ask`
        : `api/models/${encodeURIComponent(modelId)}/ask`;
      await postStream(url, { question }, (name, data) => {
        if (!STAGES.includes(name)) return;
        stages.append(h('li', { class: `stage stage-${name}`, dataset: { stage: name } },
          h('span', { class: 'stage-name', text: name }), h('span', { class: 'stage-text', text: stageText(name, data) })));
        if (name === 'final') this.answered(data, body, modelId);
        turn.scrollIntoView({ block: 'end' });
      }, controller.signal);
    } catch (error) {
      if (error.name === 'AbortError') return;
      body.append(h('p', { class: 'error', role: 'alert', text: error.message }));
      window.ifcqaUI.state = 'error';
    } finally {
      if (this.asking === controller) this.asking = null;
    }
  }

  answered(answer, body, modelId) {
    if (modelId !== this.modelId) return;
    const elements = (answer.elements || []).map((row) => ({ ...row, ref: this.refOf(row) }));
    body.append(h('p', { class: 'answer-text' }, h('span', { class: 'who', text: 'ifcqa' }), answer.answer));
    if (elements.length) {
      const list = h('ul', { class: 'elements', 'aria-label': `${elements.length} elements of the answer` });
      for (const row of elements) {
        list.append(h('li', {}, h('button', {
          type: 'button', class: 'element', dataset: { guid: row.ref.key },
          onclick: () => this.inspect(row.ref.key, { frame: true, element: row.ref }),
        }, h('span', { class: 'badge', text: row.class }), ' ', row.name || row.guid,
        row.file ? h('span', { class: 'muted', text: ` · ${row.file}` }) : null,
        row.storey ? h('span', { class: 'muted', text: ` · ${row.storey}` }) : null)));
      }
      body.append(list);
      const show = h('button', { type: 'button', class: 'link', text: 'Highlight these in 3D' });
      show.addEventListener('click', () => this.viewer.highlight(elements.map((e) => e.ref.key)));
      body.append(show);
    }
    const shown = new Set(this.viewer.highlight(elements.map((e) => e.ref.key)));
    const hidden = elements.filter((e) => !shown.has(e.ref.key));
    const failed = hidden.filter((e) => this.viewer.notDrawnReason(e.ref.key));
    for (const row of failed) {
      const reason = this.viewer.notDrawnReason(row.ref.key);
      body.append(h('p', { class: 'muted untessellated', text: `${row.name || row.guid} is not drawn: ${reason}` }));
    }
    const missing = hidden.length - failed.length;
    if (missing > 0) {
      body.append(h('p', { class: 'muted', text: `${missing} of these have no body geometry, so they are not drawn.` }));
    }
    window.ifcqaUI.answers += 1;
    window.ifcqaUI.lastAnswer = answer;
    window.ifcqaUI.state = 'answered';
  }

  /** Where an answer's element is drawn: a project's `FILE#GlobalId` in its file's model, else the open model. */
  refOf(row) {
    const modelId = row.file && this.project ? this.project.models.get(row.file) : null;
    if (!modelId) return { key: row.guid, modelId: this.modelId, guid: row.guid };
    const guid = row.guid.slice(row.guid.indexOf('#') + 1);
    return { key: this.viewer.keyOf(modelId, guid) ?? guid, modelId, guid };
  }

  async inspect(key, { frame, element = null }) {
    this.viewer.select(key, { frame });
    for (const button of document.querySelectorAll('button.element')) {
      button.setAttribute('aria-pressed', button.dataset.guid === key ? 'true' : 'false');
    }
    const modelId = element ? element.modelId : this.modelId;
    const guid = element ? element.guid : key;
    const info = await showElement($('#info'), modelId, guid);
    window.ifcqaUI.infoGuid = info ? info.guid : null;
  }
}

// the longest a cached scene's first frame waits for the tree, storeys and summary (ask.js openModels)
const HOLD_MS = 300;

const SOURCES = { cached: "the server's cached scene", 'web-ifc': 'web-ifc in this page', 'server-build': "the server's tessellation" };

function describe(summary) {
  const parts = [];
  if (summary.schema) parts.push(summary.schema);
  const project = summary.project && (summary.project.name || summary.project.long_name);
  if (project) parts.push(project);
  if (summary.storeys) parts.push(`${summary.storeys.length} storeys`);
  if (summary.counts) {
    const total = Object.values(summary.counts).reduce((sum, n) => sum + n, 0);
    parts.push(`${total} products`);
  }
  return parts.join(' · ');
}

/** One line per streamed stage. */
export function stageText(name, data) {
  if (!data || typeof data !== 'object') return String(data ?? '');
  switch (name) {
    case 'plan': {
      const classes = (data.classes || []).map((c) => c.label || c.key).join(', ') || 'any element';
      const storeys = (data.storey_names || []).join(', ') || 'every storey';
      return `${data.intent || 'list'}: ${classes} on ${storeys}${data.parser ? ` (${data.parser})` : ''}`;
    }
    case 'route':
      return `${data.route}: ${data.why || ''}`;
    case 'retrieval': {
      const storeys = Object.entries(data.storeys || {}).map(([k, v]) => `${k} ${v}`).join(', ');
      return `${data.count ?? 0} found (${data.source})${storeys ? `: ${storeys}` : ''}`;
    }
    case 'answer':
      return `${data.elements ?? 0} elements cited (${data.writer || 'template'})`;
    case 'check':
      return data.note || (data.passed ? 'passed' : 'failed');
    case 'final':
      return `route ${data.route}, ${(data.elements || []).length} elements, ${data.timings_ms?.total ?? '?'} ms`;
    default:
      return JSON.stringify(data);
  }
}
