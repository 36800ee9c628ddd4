// The Reports page: evaluation runs, and for one run the tables (report.html) and the plot (plot.png) of
// `ifcqa report`. Both are fetched with the token, so they work with authentication on.

import { getJson, request } from './api.js';
import { $, clear, h } from './dom.js';

export class ReportsPage {
  constructor({ report }) {
    this.report = report;
    this.plotUrl = null;
  }

  async show() {
    try {
      const { runs } = await getJson('api/runs');
      const body = clear($('#run-list'));
      if (!runs.length) body.append(h('tr', {}, h('td', { colspan: 4, class: 'muted', text: 'No runs yet (ifcqa eval).' })));
      for (const run of runs) {
        const accuracy = typeof run.accuracy === 'number' ? `${(run.accuracy * 100).toFixed(1)} %` : '—';
        body.append(h('tr', {},
          h('td', {}, h('button', { type: 'button', class: 'link', text: run.id, onclick: () => this.open(run.id) })),
          h('td', { text: run.agent ?? '' }), h('td', { text: run.n ?? '' }), h('td', { text: accuracy })));
      }
    } catch (error) {
      this.report(error.message);
    }
  }

  async open(id) {
    const base = `api/runs/${encodeURIComponent(id)}`;
    const status = $('#report-status');
    status.textContent = `Loading the report of ${id}…`;
    try {
      const [html, plot] = await Promise.all([
        request(`${base}/report.html`).then((r) => r.text()),
        request(`${base}/plot.png`).then((r) => r.blob()).catch(() => null),
      ]);
      const frame = $('#report-frame');
      frame.srcdoc = html; // sandboxed: no scripts, no same-origin access
      frame.hidden = false;
      if (this.plotUrl) URL.revokeObjectURL(this.plotUrl);
      this.plotUrl = plot ? URL.createObjectURL(plot) : null;
      $('#report-figure').hidden = !plot;
      if (plot) $('#report-plot').src = this.plotUrl;
      status.textContent = `Report of ${id}`;
    } catch (error) {
      status.textContent = '';
      this.report(error.message);
    }
  }
}
