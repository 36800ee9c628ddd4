// The scene panel beside the 3D view: the spatial tree of each model (project > site > building > storey > space >
// elements, from GET /api/models/{id}/tree) with a check box per node, and the IFC classes drawn with one each.
// A model's root node toggles the whole model (several models of a project share the view).

import { $, clear, h } from './dom.js';

export class ScenePanel {
  constructor(viewer, { onSelect } = {}) {
    this.viewer = viewer;
    this.onSelect = onSelect || (() => {});
    this.trees = new Map(); // modelId -> { name, roots }
    for (const tab of document.querySelectorAll('#scene-panel [role="tab"]')) {
      tab.addEventListener('click', () => this.show(tab.dataset.tab));
    }
  }

  show(name) {
    for (const tab of document.querySelectorAll('#scene-panel [role="tab"]')) {
      tab.setAttribute('aria-selected', tab.dataset.tab === name ? 'true' : 'false');
    }
    $('#tree-pane').hidden = name !== 'tree';
    $('#class-pane').hidden = name !== 'classes';
    if (name === 'classes') this.renderClasses();
  }

  clear() {
    this.trees.clear();
    clear($('#tree-pane'));
    clear($('#class-pane'));
  }

  /** Add a model's tree (the /tree answer); the model's node toggles the model. */
  addTree(modelId, name, tree) {
    this.trees.set(modelId, { name, roots: tree.roots || [] });
    const box = h('input', { type: 'checkbox', checked: true, 'aria-label': `Show ${name}`,
      dataset: { model: modelId } });
    box.addEventListener('change', () => this.viewer.setModelVisible(modelId, box.checked));
    const list = h('ul', { class: 'tree', role: 'group' });
    const item = h('li', { class: 'tree-model', dataset: { model: modelId } },
      h('div', { class: 'tree-row' }, box, h('strong', { text: name })), list);
    for (const root of tree.roots || []) list.append(this.node(modelId, root, 0));
    $('#tree-pane').append(h('ul', { class: 'tree', role: 'tree', 'aria-label': `Spatial tree of ${name}` }, item));
  }

  node(modelId, node, depth) {
    const box = h('input', { type: 'checkbox', 'aria-label': `Show ${label(node)}`, dataset: { guid: node.guid } });
    box.checked = !this.allHidden(modelId, node);
    box.addEventListener('change', () => this.toggle(modelId, node, box));
    const children = node.children || [];
    const item = h('li', { role: 'treeitem', dataset: { guid: node.guid, class: node.class } });
    const name = h('button', { type: 'button', class: 'tree-name', title: node.guid || '' },
      node.class ? h('span', { class: 'badge', text: short(node.class) }) : null, ' ', node.name || node.guid || '—');
    name.addEventListener('click', () => { if (node.guid) this.onSelect(modelId, node.guid); });
    if (!children.length) {
      item.append(h('div', { class: 'tree-row leaf' }, box, name));
      return item;
    }
    const open = depth < 4 && children.length <= 80; // project > site > building > storey opened
    const details = h('details', { open });
    const list = h('ul', { class: 'tree', role: 'group' });
    const fill = () => {
      if (list.childElementCount) return;
      for (const child of children) list.append(this.node(modelId, child, depth + 1));
    };
    if (open) fill();
    details.addEventListener('toggle', () => { if (details.open) fill(); });
    details.append(h('summary', {}, h('div', { class: 'tree-row' }, box, name,
      h('span', { class: 'muted count', text: ` ${count(node)}` }))), list);
    item.append(details);
    return item;
  }

  allHidden(modelId, node) {
    if (!this.viewer.hidden.size) return false; // nothing hidden (a model just opened): no walk below each node
    const guids = descendants(node);
    return guids.length > 0 && guids.every((guid) => {
      const key = this.viewer.keyOf(modelId, guid);
      return key !== null && this.viewer.hidden.has(key);
    });
  }

  toggle(modelId, node, box) {
    this.viewer.setHidden(modelId, descendants(node), !box.checked);
    // the rendered boxes below follow
    const item = box.closest('li');
    for (const inner of item.querySelectorAll('input[type="checkbox"]')) inner.checked = box.checked;
    window.ifcqaUI.treeToggles = (window.ifcqaUI.treeToggles || 0) + 1;
  }

  renderClasses() {
    const pane = clear($('#class-pane'));
    const rows = this.viewer.classes();
    if (!rows.length) {
      pane.append(h('p', { class: 'muted', text: 'No model is shown yet.' }));
      return;
    }
    const list = h('ul', { class: 'plain classes', 'aria-label': 'Visibility by IFC class' });
    for (const [ifcClass, n] of rows) {
      const box = h('input', { type: 'checkbox', checked: !this.viewer.hiddenClasses.has(ifcClass),
        dataset: { class: ifcClass }, id: `class-${ifcClass}` });
      box.addEventListener('change', () => this.viewer.setClassVisible(ifcClass, box.checked));
      list.append(h('li', {}, h('label', { class: 'check', for: `class-${ifcClass}` }, box, ` ${ifcClass} `,
        h('span', { class: 'muted', text: String(n) }))));
    }
    pane.append(list);
  }
}

function descendants(node) {
  const guids = [];
  const walk = (n) => {
    if (n.guid) guids.push(n.guid);
    for (const child of n.children || []) walk(child);
  };
  walk(node);
  return guids;
}

function count(node) {
  let n = 0;
  const walk = (x) => { for (const c of x.children || []) { n += 1; walk(c); } };
  walk(node);
  return n;
}

function short(ifcClass) {
  return ifcClass.replace(/^Ifc/, '');
}

function label(node) {
  return `${node.name || node.guid || 'node'} (${node.class || 'group'})`;
}
