// The element panel: everything `ifcqa info` knows about one element (GET api/models/{id}/elements/{ref}).

import { getJson } from './api.js';
import { clear, h, show, table } from './dom.js';

export async function showElement(panel, modelId, ref) {
  clear(panel).append(h('p', { class: 'muted', text: `Loading ${ref}…` }));
  panel.setAttribute('aria-busy', 'true');
  try {
    const info = await getJson(`api/models/${encodeURIComponent(modelId)}/elements/${encodeURIComponent(ref)}?bbox=false`);
    render(panel, info);
    return info;
  } catch (error) {
    clear(panel).append(h('p', { class: 'error', role: 'alert', text: error.message }));
    return null;
  } finally {
    panel.removeAttribute('aria-busy');
  }
}

function render(panel, info) {
  clear(panel);
  panel.dataset.guid = info.guid || '';
  panel.append(
    h('h2', { class: 'info-title' }, h('span', { class: 'badge', text: info.class }), ' ', info.name || '(no name)'),
    h('p', { class: 'guid' }, h('code', { text: info.guid || `#${info.id}` })),
    table({
      'Step id': `#${info.id}`,
      Storey: info.storey ? info.storey.name : null,
      Container: info.container ? `${info.container.class} ${info.container.name || ''}` : null,
      Type: info.type ? `${info.type.class || ''} ${info.type.name || ''}`.trim() : null,
      Materials: info.materials && info.materials.length ? info.materials : null,
      ...(info.derived || {}),
    }, 'Summary'),
  );
  panel.append(section('Attributes', info.attributes, 'attributes'));
  panel.append(sets('Property sets', info.psets, 'psets'));
  panel.append(sets('Quantities', info.qtos, 'qtos'));
  if (info.bbox) {
    panel.append(section('Bounding box', { min: info.bbox.min, max: info.bbox.max }, 'bbox'));
  }
}

function section(title, entries, name) {
  const count = entries ? Object.keys(entries).length : 0;
  return h('details', { class: `section ${name}`, open: name === 'attributes' },
    h('summary', {}, `${title} (${count})`),
    count ? table(entries, title) : h('p', { class: 'muted', text: 'none' }));
}

function sets(title, groups, name) {
  const names = groups ? Object.keys(groups) : [];
  return h('details', { class: `section ${name}`, open: true },
    h('summary', {}, `${title} (${names.length})`),
    names.length ? names.map((set) => h('div', { class: 'set', dataset: { set } },
      h('h3', { text: set }), table(groups[set], set))) : h('p', { class: 'muted', text: 'none' }));
}

export { show };
