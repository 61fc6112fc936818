// The console's `query.js`, kept as a Swift string so it is compiled into the binary.
extension ConsoleAssets {
    /// `query.js`: the query panel with its plan.
    static let queryJS = #"""
// The query panel: filters (every operator), order, limit, collection groups; runs the query
// under Query Explain and shows the results with the plan and statistics.
import * as api from './api.js';
import { h, fill, toast } from './dom.js';
import { render, fromPlain, dataLink } from './values.js';

const OPERATORS = {
  '==': 'EQUAL', '!=': 'NOT_EQUAL', '<': 'LESS_THAN', '<=': 'LESS_THAN_OR_EQUAL', '>': 'GREATER_THAN',
  '>=': 'GREATER_THAN_OR_EQUAL', 'array-contains': 'ARRAY_CONTAINS', 'array-contains-any': 'ARRAY_CONTAINS_ANY',
  'in': 'IN', 'not-in': 'NOT_IN', 'is null': 'IS_NULL', 'is not null': 'IS_NOT_NULL', 'is NaN': 'IS_NAN', 'is not NaN': 'IS_NOT_NAN',
};
const UNARY = new Set(['IS_NULL', 'IS_NOT_NULL', 'IS_NAN', 'IS_NOT_NAN']);

export function show(view, project, database) {
  const db = `projects/${project}/databases/${database}`;
  const collection = h('input', { id: 'q-collection', placeholder: 'collection path, e.g. users or users/alice/posts' });
  const group = h('input', { type: 'checkbox', id: 'q-group' });
  const filters = h('div', { id: 'q-filters' });
  const orders = h('div', { id: 'q-orders' });
  const limit = h('input', { id: 'q-limit', type: 'number', min: 0, placeholder: 'limit', style: 'width:80px' });
  const results = h('div', { id: 'q-results' });
  const plan = h('div', { id: 'q-plan' });

  const addFilter = () => {
    const field = h('input', { class: 'f-field', placeholder: 'field' });
    const op = h('select', { class: 'f-op' }, Object.keys(OPERATORS).map((o) => h('option', { value: o }, o)));
    const value = h('input', { class: 'f-value', placeholder: 'JSON value: 5, "text", true, [1,2]' });
    const row = h('div', { class: 'row filter' }, field, op, value, h('button', { onclick: () => row.remove() }, '✕'));
    filters.append(row);
  };
  const addOrder = () => {
    const field = h('input', { class: 'o-field', placeholder: 'field' });
    const direction = h('select', { class: 'o-dir' }, h('option', { value: 'ASCENDING' }, 'ascending'), h('option', { value: 'DESCENDING' }, 'descending'));
    const row = h('div', { class: 'row order' }, field, direction, h('button', { onclick: () => row.remove() }, '✕'));
    orders.append(row);
  };

  function build() {
    const path = collection.value.trim().replace(/^\/+|\/+$/g, '');
    const segments = path.split('/');
    if (!path || segments.length % 2 !== 1) throw new Error('Name a collection: an odd number of path segments.');
    const query = { from: [{ collectionId: segments.pop(), allDescendants: group.checked }] };
    const parent = segments.join('/');
    const conditions = [];
    for (const row of filters.querySelectorAll('.filter')) {
      const field = row.querySelector('.f-field').value.trim();
      if (!field) continue;
      const op = OPERATORS[row.querySelector('.f-op').value];
      if (UNARY.has(op)) { conditions.push({ unaryFilter: { field: { fieldPath: field }, op } }); continue; }
      let plain;
      try { plain = JSON.parse(row.querySelector('.f-value').value); } catch { throw new Error(`The value for ${field} is not JSON (strings need quotes).`); }
      conditions.push({ fieldFilter: { field: { fieldPath: field }, op, value: fromPlain(plain) } });
    }
    if (conditions.length === 1) query.where = conditions[0];
    if (conditions.length > 1) query.where = { compositeFilter: { op: 'AND', filters: conditions } };
    const orderBy = [...orders.querySelectorAll('.order')]
      .filter((row) => row.querySelector('.o-field').value.trim())
      .map((row) => ({ field: { fieldPath: row.querySelector('.o-field').value.trim() }, direction: row.querySelector('.o-dir').value }));
    if (orderBy.length) query.orderBy = orderBy;
    if (limit.value) query.limit = Number(limit.value);
    return { parent, query };
  }

  async function run() {
    fill(results); fill(plan);
    let built;
    try { built = build(); } catch (error) { fill(results, h('div', { class: 'error' }, error.message)); return; }
    try {
      const responses = await api.runQuery(db, built.parent, built.query);
      const documents = responses.filter((r) => r.document).map((r) => r.document);
      const metrics = (responses.find((r) => r.explainMetrics) || {}).explainMetrics;
      showResults(documents);
      showPlan(metrics);
    } catch (error) {
      showRefusal(error);
    }
  }

  function showResults(documents) {
    const table = h('table', { class: 'grid', id: 'q-result-table' }, h('tr', {}, h('th', {}, 'Document'), h('th', {}, 'Fields')));
    for (const document of documents) {
      const path = document.name.split('/documents/')[1];
      const fields = document.fields || {};
      table.append(h('tr', {}, h('td', { class: 'mono' }, h('a', { href: dataLink(project, database, path) }, path)),
        h('td', {}, Object.keys(fields).sort().map((name) => h('div', {}, h('span', { class: 'mono' }, name + ': '), render(fields[name]))))));
    }
    fill(results, h('h3', {}, `${documents.length} result${documents.length === 1 ? '' : 's'}`), table);
  }

  function showPlan(metrics) {
    if (!metrics) { fill(plan, h('div', { class: 'meta' }, 'No plan returned.')); return; }
    const indexes = ((metrics.planSummary || {}).indexesUsed) || [];
    const stats = metrics.executionStats || {};
    fill(plan, h('h3', {}, 'Plan'),
      h('div', { id: 'q-indexes' }, h('strong', {}, 'Indexes used: '),
        indexes.length ? indexes.map((index) => h('pre', { class: 'mono' }, JSON.stringify(index, null, 1))) : 'none'),
      h('table', { class: 'grid', id: 'q-stats' },
        h('tr', {}, h('th', {}, 'Results returned'), h('td', {}, stats.resultsReturned ?? '0')),
        h('tr', {}, h('th', {}, 'Read operations'), h('td', {}, stats.readOperations ?? '0')),
        h('tr', {}, h('th', {}, 'Execution time'), h('td', {}, stats.executionDuration ?? '?')),
        Object.entries(stats.debugStats || {}).map(([key, value]) => h('tr', {}, h('th', {}, key), h('td', { class: 'mono' }, JSON.stringify(value))))));
  }

  function showRefusal(error) {
    const marker = 'firestore.indexes.json under ';
    const at = error.message.indexOf(marker);
    if (error.code === 'FAILED_PRECONDITION' && at >= 0) {
      const rest = error.message.slice(at + marker.length);
      const colon = rest.indexOf(': ');
      const section = rest.slice(0, colon);
      const json = rest.slice(colon + 2).trim();
      let pretty = json;
      try { pretty = JSON.stringify(JSON.parse(json), null, 2); } catch { /* shown as sent */ }
      const copy = h('button', { id: 'q-copy-index', onclick: async () => {
        try { await navigator.clipboard.writeText(pretty); toast('Copied'); } catch { toast('Copy failed: select the text instead'); }
      } }, 'Copy');
      fill(results, h('div', { class: 'error' }, 'This query needs an index (the server runs with --require-indexes).'),
        h('div', {}, `Add this under ${section} in firestore.indexes.json:`), h('pre', { id: 'q-index-json' }, pretty), copy);
      return;
    }
    fill(results, h('div', { class: 'error', id: 'q-error' }, `${error.code || error.status}: ${error.message}`));
  }

  fill(view, h('div', { class: 'panel' },
    h('div', { class: 'row' }, h('label', {}, 'Collection '), collection, h('label', {}, group, ' collection group (every collection with this id)')),
    h('div', { class: 'row' }, h('strong', {}, 'Filters'), h('button', { id: 'q-add-filter', onclick: addFilter }, '+ filter')), filters,
    h('div', { class: 'row' }, h('strong', {}, 'Order'), h('button', { id: 'q-add-order', onclick: addOrder }, '+ order')), orders,
    h('div', { class: 'row' }, limit, h('button', { class: 'primary', id: 'q-run', onclick: () => run().catch((e) => toast(e.message)) }, 'Run with explain'))),
    h('div', { class: 'panel' }, results), h('div', { class: 'panel' }, plan));
}
"""#
}
