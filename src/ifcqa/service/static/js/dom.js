// Small DOM helpers: build elements without innerHTML (model text is never parsed as HTML).

export function h(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') node.className = value;
    else if (key === 'text') node.textContent = value;
    else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
    else if (key === 'dataset') Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children.flat()) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

export function $(selector) {
  return document.querySelector(selector);
}

export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** A value from the API as short text: references {id, class} as `#id Class`, lists joined, numbers trimmed. */
export function show(value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(+value.toPrecision(8));
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return value.map(show).join(', ');
  if (typeof value === 'object') {
    if ('value' in value) return show(value.value) + (value.unit ? ` ${value.unit}` : '');
    if ('id' in value && 'class' in value) return `#${value.id} ${value.class}${value.name ? ` ${value.name}` : ''}`;
    if ('name' in value && Object.keys(value).length <= 3) return String(value.name);
    return JSON.stringify(value);
  }
  return String(value);
}

/** A two-column table of an object's entries. */
export function table(entries, label) {
  return h('table', { class: 'kv', 'aria-label': label },
    h('tbody', {}, Object.entries(entries).map(([key, value]) => h('tr', {},
      h('th', { scope: 'row', text: key }), h('td', { text: show(value) })))));
}
