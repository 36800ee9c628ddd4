// The HTTP API of `ifcqa serve` (its OpenAPI schema is at /openapi.json), sent with the bearer token when one is set.
// Token: `?token=` in the page URL (then kept in localStorage and removed from the address bar), else localStorage.

const TOKEN_KEY = 'ifcqa.token';

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export function readToken() {
  const params = new URLSearchParams(window.location.search);
  const fromUrl = params.get('token');
  if (fromUrl) {
    localStorage.setItem(TOKEN_KEY, fromUrl);
    params.delete('token');
    const query = params.toString();
    history.replaceState(null, '', window.location.pathname + (query ? `?${query}` : '') + window.location.hash);
  }
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token) {
  if (token) localStorage.setItem(TOKEN_KEY, token);
  else localStorage.removeItem(TOKEN_KEY);
}

export function authHeaders(extra = {}) {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? { ...extra, Authorization: `Bearer ${token}` } : { ...extra };
}

async function failure(response) {
  let code = `http_${response.status}`;
  let message = `${response.status} ${response.statusText}`;
  try {
    const body = await response.json();
    if (body && body.error) {
      code = body.error.code || code;
      message = body.error.message || message;
    }
  } catch {
    // not the error shape: keep the status line
  }
  return new ApiError(response.status, code, message);
}

/** Fetch `path` (relative to the page, e.g. `api/models`) with the token; throws ApiError on 4xx/5xx. */
export async function request(path, options = {}) {
  const response = await fetch(path, { ...options, headers: authHeaders(options.headers || {}) });
  if (!response.ok) throw await failure(response);
  return response;
}

export async function getJson(path) {
  return (await request(path)).json();
}

export async function postJson(path, body) {
  const response = await request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

export async function uploadModel(file) {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await request('api/models', { method: 'POST', body: form });
  return response.json();
}

/**
 * POST a JSON body and read the Server-Sent Events of the response as they arrive.
 * `onEvent(name, data)` is called per event (data parsed as JSON when it is JSON). An `error` event throws.
 */
export async function postStream(path, body, onEvent, signal) {
  const response = await request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal,
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += decoder.decode(value, { stream: true });
    buffer = buffer.replace(/\r\n/g, '\n');
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      dispatch(block, onEvent);
    }
    if (done) break;
  }
  if (buffer.trim()) dispatch(buffer, onEvent);
}

function dispatch(block, onEvent) {
  let name = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }
  if (!data.length && name === 'message') return;
  const text = data.join('\n');
  let parsed = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // plain text data
  }
  if (name === 'error') {
    const error = (parsed && parsed.error) || { code: 'stream_error', message: String(text) };
    throw new ApiError(0, error.code, error.message);
  }
  onEvent(name, parsed);
}
