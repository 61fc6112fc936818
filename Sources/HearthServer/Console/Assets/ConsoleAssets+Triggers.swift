// The console's `triggers.js`, kept as a Swift string so it is compiled into the binary.
extension ConsoleAssets {
    /// `triggers.js`: the Triggers tab (registered triggers, dead letters, TTL policies).
    static let triggersJS = #"""
// The Triggers tab: each registered trigger (pattern, cursor, deliveries, retries, last error),
// the dead-letter list with Replay and Dismiss, and the TTL policies with what they deleted.
import { call } from './api.js';
import { h, fill, toast } from './dom.js';

const api = (endpoint, params) =>
  `/console/api/${endpoint}` + (params ? '?' + new URLSearchParams(params).toString() : '');

let timer = null;

export function stop() { if (timer) clearInterval(timer); timer = null; }

export async function show(view) {
  stop();
  async function draw() {
    let data;
    try { data = await call('GET', api('triggers')); } catch (error) { fill(view, h('div', { class: 'error' }, error.message)); return; }
    const act = (verb, letter) => async () => {
      try {
        await call('POST', api(`triggers/${verb}`, { trigger: letter.trigger, id: letter.id }));
        toast(verb === 'replay' ? `Delivered ${letter.id} again` : `Dismissed ${letter.id}`);
      } catch (error) { toast(error.message); }
      await draw();
    };
    const triggers = h('div', { class: 'panel' }, h('h3', {}, 'Triggers'),
      data.triggers.length === 0 ? h('div', { class: 'meta' }, 'No trigger is registered (hearth serve --triggers FILE).') :
      h('table', { class: 'grid triggers-table' },
        h('tr', {}, ['Name', 'Event', 'Document', 'Done up to', 'Delivered', 'Retries', 'Dead letters', 'Last error'].map((t) => h('th', {}, t))),
        data.triggers.map((t) => h('tr', { 'data-trigger': t.name },
          h('td', { class: 'mono' }, t.name), h('td', {}, t.kind), h('td', { class: 'mono' }, t.pattern),
          h('td', { class: 'mono' }, t.cursor), h('td', { class: 'delivered' }, String(t.delivered)),
          h('td', {}, String(t.retries)), h('td', {}, String(t.deadLettered)), h('td', { class: 'error-text' }, t.lastError || '')))));
    const letters = h('div', { class: 'panel' }, h('h3', {}, 'Dead letters'),
      data.deadLetters.length === 0 ? h('div', { class: 'meta' }, 'None: every event was delivered.') :
      h('table', { class: 'grid dead-letters' },
        h('tr', {}, ['Trigger', 'Event', 'Document', 'Attempts', 'Error', 'Failed at', ''].map((t) => h('th', {}, t))),
        data.deadLetters.map((l) => h('tr', { 'data-letter': l.id },
          h('td', { class: 'mono' }, l.trigger), h('td', { class: 'mono' }, l.id), h('td', { class: 'mono' }, l.document),
          h('td', {}, String(l.attempts)), h('td', { class: 'error-text' }, l.error), h('td', { class: 'mono' }, l.failedAt),
          h('td', {},
            h('button', { class: 'replay', disabled: !l.registered, title: l.registered ? '' : 'the trigger is not registered', onclick: act('replay', l) }, 'Replay'),
            h('button', { class: 'dismiss', onclick: act('dismiss', l) }, 'Dismiss'))))));
    const sweep = h('button', { id: 'ttl-sweep', onclick: async () => {
      try { const result = await call('POST', api('ttl/sweep')); toast(`Deleted ${result.deleted} expired document(s)`); } catch (error) { toast(error.message); }
      await draw();
    } }, 'Sweep now');
    const ttl = h('div', { class: 'panel' }, h('h3', {}, 'TTL policies'),
      data.ttl.length === 0 ? h('div', { class: 'meta' }, 'No TTL policy (a fieldOverrides entry with "ttl": true in --indexes).') :
      [h('table', { class: 'grid ttl-table' },
        h('tr', {}, ['Collection group', 'Field', 'Deleted', 'Last sweep', 'Recently deleted', 'Last error'].map((t) => h('th', {}, t))),
        data.ttl.map((p) => h('tr', { 'data-policy': `${p.collectionGroup}.${p.fieldPath}` },
          h('td', { class: 'mono' }, p.collectionGroup), h('td', { class: 'mono' }, p.fieldPath), h('td', { class: 'deleted' }, String(p.deleted)),
          h('td', { class: 'mono' }, p.lastSweep || 'not yet'), h('td', { class: 'mono' }, p.recent.slice(-5).join(', ')),
          h('td', { class: 'error-text' }, p.lastError || '')))), sweep]);
    fill(view, triggers, letters, ttl);
  }
  await draw();
  timer = setInterval(draw, 2000);
}
"""#
}
