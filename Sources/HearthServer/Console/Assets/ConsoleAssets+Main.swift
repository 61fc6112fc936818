// The console's `main.js`, kept as a Swift string so it is compiled into the binary.
extension ConsoleAssets {
    /// `main.js`: routing by the URL hash.
    static let mainJS = #"""
// The console's entry: reads the hash (#/data/<project>/<database>/<path…>, #/query/…, …),
// shows the tab it names, and keeps the project/database picker in step.
import * as api from './api.js';
import { h, fill } from './dom.js';
import * as browser from './browser.js';
import * as query from './query.js';
import * as panels from './panels.js';
import * as auth from './auth.js';
import * as triggers from './triggers.js';

const view = document.getElementById('view');
const picker = document.getElementById('db-picker');
let known = [];
let current = { project: null, database: '(default)' };

function parseHash() {
  const parts = location.hash.replace(/^#\/?/, '').split('/').filter((p) => p !== '').map(decodeURIComponent);
  return { tab: parts[0] || 'data', project: parts[1], database: parts[2], path: parts.slice(3).join('/') };
}

function drawPicker(tab) {
  const select = h('select', { id: 'database-select', 'aria-label': 'database' },
    known.map((d) => h('option', { value: `${d.project}/${d.database}` },
      `${d.project} / ${d.database}${d.edition === 'enterprise' ? ' · Enterprise' : ''}`)));
  if (current.project && !known.some((d) => d.project === current.project && d.database === current.database)) {
    select.append(h('option', { value: `${current.project}/${current.database}` }, `${current.project} / ${current.database}`));
  }
  select.value = `${current.project}/${current.database}`;
  select.addEventListener('change', () => {
    const [project, database] = select.value.split('/');
    location.hash = `#/${tab}/${encodeURIComponent(project)}/${encodeURIComponent(database)}`;
  });
  const other = h('input', { id: 'project-input', placeholder: 'other project', size: 12 });
  other.addEventListener('change', () => {
    if (other.value.trim()) location.hash = `#/${tab}/${encodeURIComponent(other.value.trim())}/(default)`;
  });
  fill(picker, select, ' ', other);
}

async function route() {
  panels.stopPolling();
  triggers.stop();
  const { tab, project, database, path } = parseHash();
  if (tab !== 'data') browser.stopLive();
  if (project) current = { project, database: database || '(default)' };
  for (const link of document.querySelectorAll('#tabs a')) {
    link.classList.toggle('active', link.dataset.tab === tab);
    const scoped = ['data', 'query', 'rules', 'auth'].includes(link.dataset.tab) && current.project;
    link.href = scoped ? `#/${link.dataset.tab}/${encodeURIComponent(current.project)}/${encodeURIComponent(current.database)}` : `#/${link.dataset.tab}`;
  }
  drawPicker(tab);
  if (!current.project && ['data', 'query', 'rules', 'auth'].includes(tab)) {
    fill(view, h('div', { class: 'panel' }, 'No database in the data directory yet. Type a project id above, or write something with a client.'));
    return;
  }
  try {
    switch (tab) {
      case 'data': await browser.show(view, current.project, current.database, path); break;
      case 'query': query.show(view, current.project, current.database); break;
      case 'requests': panels.showRequests(view); break;
      case 'rules': await panels.showRules(view, current.project); break;
      case 'usage': await panels.showUsage(view); break;
      case 'auth': await auth.show(view, current.project); break;
      case 'triggers': await triggers.show(view); break;
      default: fill(view, h('div', { class: 'error' }, `No tab named ${tab}.`));
    }
  } catch (error) {
    fill(view, h('div', { class: 'error' }, error.message));
  }
  document.body.dataset.ready = tab;
}

async function start() {
  const listing = Promise.all([api.databases(), api.info()]);
  window.addEventListener('hashchange', route);
  if (parseHash().project) {
    // A deep link names its database: show it at once, side by side with the database list
    // (which only the picker needs) instead of after it — one round trip less before the first page.
    const shown = route();
    try {
      known = (await listing)[0];
      drawPicker(parseHash().tab);
    } catch (error) {
      fill(picker, h('span', { class: 'error' }, error.message));
    }
    await shown;
    window.consolePrefetch = null;  // a prefetched page is only for the first route
    return;
  }
  try {
    const [databases, info] = await listing;
    known = databases;
    if (!parseHash().project) {
      const first = known.find((d) => d.project === info.project) || known[0];
      if (first) current = { project: first.project, database: first.database };
      else if (info.project) current = { project: info.project, database: '(default)' };
    }
  } catch (error) {
    fill(view, h('div', { class: 'error' }, error.message));
  }
  await route();
}

start();
"""#
}
