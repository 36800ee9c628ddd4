// The Benchmarks page: generated IFC-MCQ benchmarks, their items filtered by subtype/category, one item with
// its options, key and provenance.

import { getJson, postJson } from './api.js';
import { $, clear, h } from './dom.js';

const PAGE = 50;
const POLL_MS = 400;

export class BenchPage {
  constructor({ report }) {
    this.report = report;
    this.bench = null;
    this.offset = 0;
    this.total = 0;
    this.subtypes = new Set();
    $('#bench-filter').addEventListener('submit', (event) => {
      event.preventDefault();
      this.offset = 0;
      this.items();
    });
    $('#bench-prev').addEventListener('click', () => this.page(-PAGE));
    $('#bench-next').addEventListener('click', () => this.page(PAGE));
    this.job = null;
    $('#job-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.generate();
    });
    $('#job-cancel').addEventListener('click', () => this.cancel());
  }

  /** Start an MCQ generation job for the chosen model and follow its progress until it ends. */
  async generate() {
    const model = $('#job-model').value;
    if (!model || this.job) return;
    try {
      const { job } = await postJson(`api/models/${encodeURIComponent(model)}/mcq`, { cap: Number($('#job-cap').value) || 5 });
      this.job = job;
      window.ifcqaUI.job = { id: job, progress: [], state: 'queued' };
      $('#job-start').disabled = true;
      $('#job-cancel').hidden = false;
      $('#job-progress').hidden = false;
      await this.follow(job);
    } catch (error) {
      this.report(error.message);
    } finally {
      this.job = null;
      $('#job-start').disabled = false;
      $('#job-cancel').hidden = true;
    }
  }

  async follow(job) {
    for (;;) {
      const status = await getJson(`api/jobs/${job}`);
      const seen = window.ifcqaUI.job;
      seen.state = status.state;
      if (!seen.progress.length || seen.progress[seen.progress.length - 1] !== status.progress) seen.progress.push(status.progress);
      $('#job-progress').value = status.progress;
      const percent = Math.round(status.progress * 100);
      const ended = ['done', 'failed', 'cancelled'].includes(status.state);
      const detail = status.state === 'done' ? `${status.result.items} items in ${status.result.benchmark}`
        : status.state === 'failed' ? (status.error?.message || 'failed') : `${status.stage} · ${percent}%`;
      $('#job-status').textContent = `${status.state}: ${detail}`;
      if (ended) {
        if (status.state === 'done') await this.show();
        return status;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async cancel() {
    if (!this.job) return;
    try {
      await postJson(`api/jobs/${this.job}/cancel`, {});
    } catch (error) {
      this.report(error.message);
    }
  }

  async fillModels() {
    const { models } = await getJson('api/models');
    const select = clear($('#job-model'));
    for (const model of models) select.append(h('option', { value: model.id, text: model.name || model.id }));
  }

  async show() {
    try {
      await this.fillModels();
      const { benchmarks } = await getJson('api/benchmarks');
      const list = clear($('#bench-list'));
      if (!benchmarks.length) list.append(h('li', { class: 'muted', text: 'No benchmarks yet (ifcqa mcq generate).' }));
      for (const bench of benchmarks) {
        list.append(h('li', {}, h('button', {
          type: 'button', class: 'entry', dataset: { bench: bench.id }, onclick: () => this.choose(bench.id),
        }, h('strong', { text: bench.id }), h('span', { class: 'muted', text: ` ${bench.items} items · ${bench.model || ''}` }))));
      }
      if (!this.bench && benchmarks.length) await this.choose(benchmarks[0].id);
    } catch (error) {
      this.report(error.message);
    }
  }

  async choose(id) {
    this.bench = id;
    this.offset = 0;
    this.subtypes.clear();
    for (const button of document.querySelectorAll('#bench-list button')) {
      button.setAttribute('aria-pressed', button.dataset.bench === id ? 'true' : 'false');
    }
    await this.items();
  }

  page(step) {
    const next = this.offset + step;
    if (next < 0 || next >= this.total) return;
    this.offset = next;
    this.items();
  }

  async items() {
    if (!this.bench) return;
    const query = new URLSearchParams({ offset: String(this.offset), limit: String(PAGE) });
    const subtype = $('#bench-subtype').value.trim();
    const category = $('#bench-category').value.trim();
    if (subtype) query.set('subtype', subtype);
    if (category) query.set('category', category);
    try {
      const { total, items } = await getJson(`api/benchmarks/${encodeURIComponent(this.bench)}/items?${query}`);
      this.total = total;
      const body = clear($('#bench-items'));
      for (const item of items) {
        this.subtypes.add(item.subtype);
        body.append(h('tr', {},
          h('td', {}, h('button', { type: 'button', class: 'link', text: item.id, onclick: () => this.item(item) })),
          h('td', { text: item.subtype }),
          h('td', { text: item.question })));
      }
      const datalist = clear($('#bench-subtypes'));
      for (const code of [...this.subtypes].sort()) datalist.append(h('option', { value: code }));
      const last = Math.min(this.offset + items.length, total);
      $('#bench-count').textContent = total ? `${this.offset + 1}–${last} of ${total}` : 'no items match';
      $('#bench-prev').disabled = this.offset === 0;
      $('#bench-next').disabled = last >= total;
    } catch (error) {
      this.report(error.message);
    }
  }

  item(item) {
    const key = new Set(item.answer || []);
    const panel = clear($('#bench-item'));
    panel.append(
      h('h2', { text: item.id }),
      h('p', {}, h('span', { class: 'badge', text: item.subtype }), ' ', item.question_type || ''),
      h('p', { class: 'question', text: item.question }),
      h('ul', { class: 'options', 'aria-label': 'Options' }, (item.options || []).map((option) => h('li', {
        class: key.has(option.label) ? 'correct' : '',
      }, h('strong', { text: `${option.label}. ` }), option.text, key.has(option.label) ? ' ✓ (key)' : ''))),
      h('h3', { text: 'Provenance' }),
      h('pre', { class: 'json', text: JSON.stringify(item.provenance || {}, null, 2) }),
      h('h3', { text: 'Source' }),
      h('p', {}, h('code', { text: item.source_file || '' })),
      item.generator ? h('pre', { class: 'json', text: JSON.stringify(item.generator, null, 2) }) : null,
    );
  }
}
