// The console's `panels.js`, kept as a Swift string so it is compiled into the binary.
extension ConsoleAssets {
    /// `panels.js`: the Requests, Rules and Usage tabs.
    static let panelsJS = #"""
// The Requests, Rules and Usage tabs.
import * as api from './api.js';
import { h, fill, toast } from './dom.js';

let timer = null;
export function stopPolling() { if (timer) { clearInterval(timer); timer = null; } }

// Requests: the server's ring of recent requests, polled once a second, newest first.
export function showRequests(view) {
  const records = [];
  let after = 0;
  const status = h('select', { id: 'r-status' }, h('option', { value: '' }, 'any status'), h('option', { value: 'ok' }, 'OK'),
    h('option', { value: 'error' }, 'errors'), h('option', { value: 'denied' }, 'denied by rules'));
  const prefix = h('input', { id: 'r-path', placeholder: 'path prefix' });
  const principal = h('input', { id: 'r-principal', placeholder: 'principal (admin, uid:…, anonymous)' });
  const paused = h('input', { type: 'checkbox', id: 'r-pause' });
  const table = h('table', { class: 'grid', id: 'r-table' });
  const meta = h('span', { class: 'meta' });
  for (const input of [status, prefix, principal]) input.addEventListener('input', draw);

  function matches(record) {
    if (status.value === 'ok' && record.status !== 'OK') return false;
    if (status.value === 'error' && record.status === 'OK') return false;
    if (status.value === 'denied' && record.rules !== 'denied') return false;
    const path = prefix.value.trim();
    if (path && !record.path.includes(path)) return false;
    const who = principal.value.trim();
    if (who && !record.principal.startsWith(who)) return false;
    return true;
  }

  function draw() {
    const rows = records.filter(matches).slice(-500).reverse();
    fill(table, h('tr', {}, ['Time', 'Method', 'Path', 'Principal', 'Status', 'ms', 'Rules'].map((t) => h('th', {}, t))),
      rows.map((r) => {
        const verdicts = r.verdicts || [];
        const single = verdicts.length === 1 && !(r.writes || []).length ? ruleSummary(verdicts[0]) : '';
        const summary = single.startsWith('allowed by') ? single : '';
        const row = h('tr', { class: r.rules === 'denied' ? 'denied' : '', 'data-seq': r.sequence },
          h('td', { class: 'mono' }, new Date(r.time).toLocaleTimeString()), h('td', {}, r.method),
          h('td', { class: 'mono' }, r.path || '-'), h('td', {}, r.principal), h('td', {}, r.status),
          h('td', {}, r.durationMs.toFixed(1)), h('td', {}, summary ? `${r.rules} (${summary})` : r.rules));
        const out = [row];
        if (r.detail) out.push(h('tr', { class: 'detail' + (r.rules === 'denied' ? ' denied' : '') }, h('td', { colspan: 7 }, h('pre', { class: 'verdict' }, r.detail))));
        out.push(...subRows(r, verdicts));
        return out;
      }));
  }

  // One row per write of a commit or batch (each with its verdict), then the verdicts of the
  // request's other checks (reads, queries, listen targets).
  function subRows(r, verdicts) {
    const rows = [];
    const unused = verdicts.slice();
    for (const w of r.writes || []) {
      const at = unused.findIndex((v) => v.path === w.path && ['create', 'update', 'delete'].includes(v.method));
      const v = at >= 0 ? unused.splice(at, 1)[0] : null;
      rows.push(h('tr', { class: 'write' + (v && !v.allowed ? ' denied' : ''), 'data-seq': r.sequence },
        h('td', {}, ''), h('td', {}, '↳ ' + w.operation + (v && v.method !== w.operation ? ` (${v.method})` : '')), h('td', { class: 'mono' }, w.path),
        h('td', {}, ''), h('td', {}, w.status), h('td', {}, ''), h('td', {}, v ? ruleSummary(v) : r.rules)));
      if (v) rows.push(verdictRow(v));
    }
    if (r.writesDropped) rows.push(h('tr', { class: 'write' }, h('td', { colspan: 7, class: 'meta' }, `${r.writesDropped} more writes not shown`)));
    for (const v of unused) {
      if (unused.length > 1 || (r.writes || []).length) {
        rows.push(h('tr', { class: 'check' + (v.allowed ? '' : ' denied'), 'data-seq': r.sequence },
          h('td', {}, ''), h('td', {}, '↳ ' + v.method), h('td', { class: 'mono' }, v.path), h('td', {}, ''),
          h('td', {}, ''), h('td', {}, ''), h('td', {}, ruleSummary(v))));
      }
      rows.push(verdictRow(v));
    }
    if (r.verdictsDropped) rows.push(h('tr', { class: 'check' }, h('td', { colspan: 7, class: 'meta' }, `${r.verdictsDropped} more rules checks not shown`)));
    return rows;
  }

  // `allowed by L6` or `denied`, short, for the Rules column.
  function ruleSummary(v) {
    const granted = v.statements.find((s) => s.outcome === 'granted');
    return granted ? `allowed by L${granted.line}` : 'denied';
  }

  // The verdict told in full: the statement that allowed (or each candidate and why it denied),
  // each with the evaluation trace of its condition. Text only.
  function verdictRow(v) {
    const lines = [];
    const granted = v.statements.find((s) => s.outcome === 'granted');
    if (granted) {
      lines.push(h('span', { class: 'head' }, `allowed by allow ${granted.methods.join(', ')} @ L${granted.line}:${granted.column} in match ${granted.match}\n`));
    } else {
      lines.push(h('span', { class: 'head' }, `denied ${v.method} ${v.path}` + (v.note ? `: ${v.note}` : '') + '\n'));
    }
    for (const s of v.statements) {
      const mark = s.outcome === 'granted' ? '✓' : '✗';
      const why = s.outcome === 'granted' ? 'granted' : s.message;
      lines.push(h('span', { class: 'stmt ' + s.outcome }, `${mark} allow ${s.methods.join(', ')} @ L${s.line}:${s.column} — ${why}\n`));
      for (const step of s.trace) {
        const indent = '    ' + '  '.repeat(step.depth);
        const text = step.state === 'skipped' ? `${step.expression}  — not evaluated`
          : step.state === 'error' ? `${step.expression}  ✗ ${step.value}` : `${step.expression}  →  ${step.value}`;
        lines.push(h('span', { class: 'step s-' + step.state }, indent + text + '\n'));
      }
      if (s.traceTruncated) lines.push(h('span', { class: 'meta' }, '    … trace cut at its bound\n'));
    }
    return h('tr', { class: 'verdict' + (v.allowed ? ' allowed' : ' denied') },
      h('td', { colspan: 7 }, h('pre', { class: 'trace' }, lines)));
  }

  async function poll() {
    if (paused.checked) return;
    try {
      const page = await api.requests(after);
      if (page.records.length) {
        records.push(...page.records);
        after = page.records[page.records.length - 1].sequence;
        if (records.length > page.capacity) records.splice(0, records.length - page.capacity);
        draw();
      }
      meta.textContent = `keeping the last ${page.capacity} requests (--request-log-size)`;
    } catch (error) { meta.textContent = error.message; }
  }

  fill(view, h('div', { class: 'panel row' }, status, prefix, principal, h('label', {}, paused, ' pause'), meta), table);
  draw();
  poll();
  timer = setInterval(poll, 1000);
}

// Rules: the rules in force with per-line coverage (hits, allow/deny) and reload errors.
export async function showRules(view, project) {
  async function draw() {
    let data;
    try { data = await api.rules(project); } catch (error) { fill(view, h('div', { class: 'error' }, error.message)); return; }
    const parts = [];
    if (data.loadError) parts.push(h('div', { class: 'panel error', id: 'rules-error' }, 'Reload failed (previous rules still in force): ' + data.loadError));
    if (!data.loaded) {
      parts.push(h('div', { class: 'panel', id: 'rules-none' }, `No rules are loaded for project ${project}: every request is allowed.`));
      fill(view, parts);
      return;
    }
    const file = data.coverage.rules.files[0];
    const lines = file.content.split('\n');
    const perLine = new Map();
    const visit = (entry) => {
      const line = entry.sourcePosition.line;
      const counts = perLine.get(line) || { trues: 0, falses: 0, errors: 0, evaluated: false };
      for (const value of entry.values || []) {
        const outcome = value.value || {};
        counts.evaluated = true;
        if (outcome.boolValue === true) counts.trues += value.count;
        else if (outcome.boolValue === false) counts.falses += value.count;
        else if ('error' in outcome) counts.errors += value.count;
      }
      if (entry.values || !perLine.has(line)) perLine.set(line, counts);
      for (const child of entry.children || []) visit(child);
    };
    for (const entry of data.coverage.report || []) visit(entry);
    const source = h('div', { class: 'rules-source', id: 'rules-source' }, lines.map((text, index) => {
      const counts = perLine.get(index + 1);
      let cls = 'line', mark = '';
      if (counts) {
        if (counts.evaluated) {
          cls += counts.falses || counts.errors ? ' denyhit' : ' hit';
          mark = `✓ ${counts.trues}  ✗ ${counts.falses}` + (counts.errors ? `  ⚠ ${counts.errors}` : '');
        } else { cls += ' unhit'; mark = 'not evaluated'; }
      }
      return h('div', { class: cls, 'data-line': index + 1 }, h('span', { class: 'no' }, index + 1), h('span', { class: 'text' }, text), h('span', { class: 'marks' }, mark));
    }));
    parts.push(h('div', { class: 'panel' }, h('strong', {}, file.name), ' — per line: how often its boolean expressions were ✓ true, ✗ false or ⚠ an error (refreshed every 2 s)', source));
    fill(view, parts);
  }
  await draw();
  timer = setInterval(draw, 2000);
}

// Usage: reads, writes and deletes per database and collection since start or reset.
export async function showUsage(view) {
  async function draw() {
    let data;
    try { data = await api.usage(); } catch (error) { fill(view, h('div', { class: 'error' }, error.message)); return; }
    const reset = h('button', { id: 'usage-reset', onclick: async () => {
      if (!confirm('Reset every counter to zero?')) return;
      try { await api.resetUsage(); await draw(); } catch (error) { toast(error.message); }
    } }, 'Reset');
    const row = (label, c, cls) => h('tr', { class: cls }, h('td', { class: 'mono' }, label), h('td', {}, c.reads), h('td', {}, c.writes), h('td', {}, c.deletes));
    const tables = data.databases.map((database) => h('div', { class: 'panel' }, h('h3', {}, database.database),
      h('table', { class: 'grid usage-table', 'data-database': database.database },
        h('tr', {}, ['', 'Reads', 'Writes', 'Deletes'].map((t) => h('th', {}, t))),
        row('total', database.total, 'total'),
        Object.keys(database.collections).sort().map((name) => row(name, database.collections[name], 'collection')))));
    fill(view, h('div', { class: 'panel row' }, `Counting since ${new Date(data.since).toLocaleString()}`, reset),
      tables.length ? tables : h('div', { class: 'meta' }, 'Nothing counted yet.'));
  }
  await draw();
  timer = setInterval(draw, 2000);
}
"""#
}
