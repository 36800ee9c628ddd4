// The web UI's entry point: token handling, page routing (#/ask, #/benchmarks, #/reports), error banner.

import { ApiError, getJson, readToken, setToken } from './api.js';
import { $ } from './dom.js';
import { AskPage } from './ask.js';
import { BenchPage } from './bench.js';
import { ReportsPage } from './reports.js';

const PAGES = ['ask', 'benchmarks', 'reports'];

function report(message) {
  const alert = $('#alert');
  alert.textContent = message;
  alert.hidden = !message;
  if (message && /token|unauthori[sz]ed|401/i.test(message)) $('#token-form').hidden = false;
}

function onError(error) {
  if (error instanceof ApiError && error.status === 401) {
    $('#token-form').hidden = false;
    report(`This server needs an access token: ${error.message}`);
  } else {
    report(error.message || String(error));
  }
}

const ask = new AskPage({ report });
const bench = new BenchPage({ report });
const reports = new ReportsPage({ report });

function route() {
  const name = (window.location.hash.replace(/^#\/?/, '') || 'ask').split('?')[0];
  const page = PAGES.includes(name) ? name : 'ask';
  for (const other of PAGES) $(`#page-${other}`).hidden = other !== page;
  for (const link of document.querySelectorAll('nav a')) {
    if (link.dataset.page === page) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
  if (page === 'benchmarks') bench.show();
  if (page === 'reports') reports.show();
  if (page === 'ask') ask.viewer.resize();
}

async function start() {
  readToken();
  $('#token-form').addEventListener('submit', (event) => {
    event.preventDefault();
    setToken($('#token-input').value.trim());
    $('#token-form').hidden = true;
    report('');
    ask.refreshModels().catch(onError);
    route();
  });
  window.addEventListener('hashchange', route);
  route();
  getJson('api/health').then((health) => { $('#version').textContent = `v${health.version}`; })
    .catch(() => {}); // the version label is decoration: the models are not kept waiting for it
  try {
    await ask.refreshModels();
  } catch (error) {
    onError(error);
  }
  window.ifcqaUI.started = true;
}

start();
