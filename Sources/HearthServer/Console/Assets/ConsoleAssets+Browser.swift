// The console's `browser.js`, kept as a Swift string so it is compiled into the binary.
extension ConsoleAssets {
    /// `browser.js`: the three-pane data browser with live changes.
    static let browserJS = #"""
// The data browser: collections | documents | fields, with breadcrumbs, deep links (the hash
// names the path), cursor paging and live changes over Server-Sent Events.
import * as api from './api.js';
import { h, fill, toast } from './dom.js';
import { render, editor, dataLink, typeOf } from './values.js';

const PAGE = 50;
let live = null;  // the open EventSource
let open = null;  // the collection on screen: { db, collection, view, documentsPane, fieldsPane, selected }

export function stopLive() {
  if (live) { live.close(); live = null; }
  open = null;
}

export async function show(view, project, database, path) {
  const db = `projects/${project}/databases/${database}`;
  const segments = path ? path.split('/') : [];
  const isDocument = segments.length > 0 && segments.length % 2 === 0;
  const collection = segments.length === 0 ? null : segments.slice(0, isDocument ? -1 : undefined).join('/');
  const parentDocument = collection && collection.includes('/') ? collection.split('/').slice(0, -1).join('/') : null;
  const documentPath = isDocument ? path : null;

  const crumbs = () => h('div', { class: 'crumbs' },
    h('a', { href: dataLink(project, database, '') }, `${project} / ${database}`),
    segments.map((segment, i) => [' / ', h('a', { href: dataLink(project, database, segments.slice(0, i + 1).join('/')) }, segment)]));
  if (open && open.db === db && open.collection === collection && collection && view.contains(open.documentsPane)) {
    // Same collection: keep its loaded pages, scroll position and live stream; show the document.
    open.selected = documentPath;
    view.querySelector('.crumbs').replaceWith(crumbs());
    for (const li of open.documentsPane.querySelectorAll('#document-list li[data-id]')) {
      li.classList.toggle('selected', `${collection}/${li.dataset.id}` === documentPath);
    }
    if (documentPath) await showDocument(open.fieldsPane, { project, database, db, path: documentPath });
    else fill(open.fieldsPane, h('h2', {}, h('span', { class: 'title' }, 'Fields')), h('div', { class: 'meta' }, 'Pick a document.'));
    return;
  }
  stopLive();
  const collectionsPane = h('section', { class: 'pane', id: 'pane-collections' });
  const documentsPane = h('section', { class: 'pane', id: 'pane-documents' });
  const fieldsPane = h('section', { class: 'pane', id: 'pane-fields' });
  fill(view, crumbs(), h('div', { class: 'panes' }, collectionsPane, documentsPane, fieldsPane));
  if (collection) open = { db, collection, documentsPane, fieldsPane, selected: documentPath };

  // The three panes load side by side, not one after another.
  await Promise.all([
    showCollections(collectionsPane, { project, database, db, parentDocument, selected: collection }),
    collection
      ? showDocuments(documentsPane, { project, database, db, collection, fieldsPane })
      : fill(documentsPane, h('h2', {}, h('span', { class: 'title' }, 'Documents')), h('div', { class: 'meta' }, 'Pick a collection.')),
    documentPath
      ? showDocument(fieldsPane, { project, database, db, path: documentPath })
      : fill(fieldsPane, h('h2', {}, h('span', { class: 'title' }, 'Fields')), h('div', { class: 'meta' }, 'Pick a document.')),
  ]);
}

async function showCollections(pane, { project, database, db, parentDocument, selected }) {
  const list = h('ul', { id: 'collection-list' });
  const add = h('button', { id: 'add-collection', title: 'Start a collection (with a first document)', onclick: async () => {
    const id = prompt('Collection id');
    if (!id) return;
    const path = parentDocument ? `${parentDocument}/${id}` : id;
    try {
      const created = await api.createDocument(db, path, '');
      location.hash = dataLink(project, database, created.name.split('/documents/')[1]);
    } catch (error) { toast(error.message); }
  } }, '+');
  fill(pane, h('h2', {}, h('span', { class: 'title' }, parentDocument ? `Collections of ${parentDocument}` : 'Root collections'), add),
    h('div', { class: 'scroll' }, list));
  try {
    const ids = await api.listCollections(db, parentDocument);
    if (ids.length === 0) list.append(h('li', { class: 'meta' }, 'No collections yet.'));
    for (const id of ids) {
      const path = parentDocument ? `${parentDocument}/${id}` : id;
      list.append(h('li', { class: path === selected ? 'selected' : '' }, h('a', { href: dataLink(project, database, path), 'data-id': id }, id)));
    }
  } catch (error) {
    list.append(h('li', { class: 'error' }, error.message));
  }
}

async function showDocuments(pane, { project, database, db, collection, fieldsPane }) {
  const state = open;
  const selectedPath = () => state && state.selected;
  const list = h('ul', { id: 'document-list' });
  const scroller = h('div', { class: 'scroll' });
  const more = h('button', { id: 'load-more', style: 'margin:6px 8px;display:none' }, 'Load more');
  let unseen = 0;
  const unseenButton = h('button', { class: 'unseen', id: 'unseen-changes', style: 'display:none', onclick: () => {
    unseen = 0; unseenButton.style.display = 'none'; scroller.scrollTop = 0;
  } });
  const items = new Map();  // id -> li
  let lastLoaded = null;
  let complete = false;

  const item = (id, exists) => {
    const li = h('li', { class: (exists ? '' : 'missing ') + (`${collection}/${id}` === selectedPath() ? 'selected' : ''), 'data-id': id },
      h('a', { href: dataLink(project, database, `${collection}/${id}`) }, id));
    return li;
  };
  const idOf = (name) => name.split('/').pop();

  async function loadPage(token) {
    const started = performance.now();
    const page = await api.listDocuments(db, collection, token, PAGE);
    for (const document of page.documents || []) {
      const id = idOf(document.name);
      const li = item(id, !!document.fields || !!document.createTime);
      items.set(id, li);
      list.append(li);
      lastLoaded = id;
    }
    complete = !page.nextPageToken;
    more.style.display = complete ? 'none' : '';
    more.onclick = () => loadPage(page.nextPageToken).catch((error) => toast(error.message));
    if (items.size === 0) list.replaceChildren(h('li', { class: 'meta', id: 'no-documents' }, 'No documents.'));
    pane.dataset.firstPageMs = String(Math.round(performance.now() - started));
  }

  const addDocument = h('button', { id: 'add-document', onclick: async () => {
    const id = prompt('Document id (empty for an automatic id)', '');
    if (id === null) return;
    try {
      const created = await api.createDocument(db, collection, id.trim());
      location.hash = dataLink(project, database, created.name.split('/documents/')[1]);
    } catch (error) { toast(error.message); }
  } }, '+ Document');
  const deleteCollection = h('button', { class: 'danger', id: 'delete-collection', onclick: async () => {
    try {
      const { documents } = await api.countDocuments(db, collection);
      if (!confirm(`Delete collection ${collection} and everything below it: ${documents} document${documents === 1 ? '' : 's'}?`)) return;
      const { deleted } = await api.deleteCollection(db, collection);
      toast(`Deleted ${deleted} documents`);
      location.hash = dataLink(project, database, collection.split('/').slice(0, -2).join('/'));
    } catch (error) { toast(error.message); }
  } }, 'Delete…');
  fill(pane, h('h2', {}, h('span', { class: 'title' }, collection), addDocument, deleteCollection),
    h('div', { class: 'meta' }, h('span', { id: 'live-state' }, 'connecting…')), scroller);
  scroller.append(unseenButton, list, more);
  await loadPage(null);

  // Live: every change of this collection arrives here, whatever page is loaded.
  live = new EventSource(api.watchURL(db, collection));
  live.addEventListener('open', () => { document.getElementById('live-state').textContent = 'live'; });
  live.addEventListener('error', () => { const s = document.getElementById('live-state'); if (s) s.textContent = 'reconnecting…'; });
  live.addEventListener('change', (event) => {
    const change = JSON.parse(event.data);
    const id = idOf(change.name);
    let li = items.get(id);
    if (!change.exists) {
      if (li) { li.remove(); items.delete(id); }
    } else if (!li && (complete || (lastLoaded !== null && id < lastLoaded))) {
      li = item(id, true);
      const after = [...items.keys()].filter((other) => other > id).sort()[0];
      if (after) list.insertBefore(li, items.get(after)); else list.append(li);
      items.set(id, li);
      document.getElementById('no-documents')?.remove();
    }
    let visible = false;
    if (li) {
      li.classList.remove('flash'); void li.offsetWidth; li.classList.add('flash');
      const box = li.getBoundingClientRect(), view = scroller.getBoundingClientRect();
      visible = box.bottom > view.top && box.top < view.bottom;
    }
    if (!visible) {
      unseen += 1;
      unseenButton.textContent = `${unseen} change${unseen === 1 ? '' : 's'} not in view`;
      unseenButton.style.display = '';
    }
    const selected = selectedPath();
    if (selected && `${collection}/${id}` === selected) {
      showDocument(fieldsPane, { project, database, db, path: selected, document: change.exists ? change.document : null });
    }
  });
}

async function showDocument(pane, { project, database, db, path, document }) {
  // Renders are built off-screen and swapped in at the end; only the latest request's render is
  // shown, and a live update never replaces an editor the user has open.
  const editing = () => pane.querySelector('.editor') && document !== undefined;
  const changedWhileEditing = () => {
    const note = pane.querySelector('#changed-note');
    if (note) note.textContent = 'This document changed meanwhile.';
  };
  if (editing()) { changedWhileEditing(); return; }
  const token = (pane.renderToken = (pane.renderToken || 0) + 1);
  let doc = document;
  if (doc === undefined) {
    try { doc = await api.getDocument(db, path); } catch (error) { doc = error.status === 404 ? null : { error }; }
  }
  const title = h('span', { class: 'title' }, path.split('/').pop());
  const deleteButton = h('button', { class: 'danger', id: 'delete-document', onclick: async () => {
    if (!confirm(`Delete document ${path}? (Its sub-collections stay.)`)) return;
    try { await api.deleteDocument(db, path); location.hash = dataLink(project, database, path.split('/').slice(0, -1).join('/')); }
    catch (error) { toast(error.message); }
  } }, 'Delete');
  const body = h('div', { class: 'scroll' });
  const swapIn = () => {
    if (token !== pane.renderToken) return;
    if (editing()) { changedWhileEditing(); return; }
    fill(pane, h('h2', {}, title, deleteButton), h('div', { class: 'meta', id: 'changed-note' }), body);
  };
  if (doc && doc.error) { body.append(h('div', { class: 'error' }, doc.error.message)); swapIn(); return; }
  if (!doc) body.append(h('div', { class: 'meta', id: 'missing-note' }, 'No such document (it may have sub-collections).'));
  else body.append(h('div', { class: 'meta' }, `created ${doc.createTime} · updated ${doc.updateTime}`));

  const table = h('table', { class: 'fields', id: 'field-table' });
  const fields = (doc && doc.fields) || {};
  for (const name of Object.keys(fields).sort()) table.append(fieldRow(name, fields[name]));
  body.append(table);

  function fieldRow(name, value) {
    const row = h('tr', { 'data-field': name });
    const edit = h('button', { class: 'edit-field', onclick: () => openEditor(row, name, value) }, 'Edit');
    const remove = h('button', { class: 'danger delete-field', onclick: async () => {
      if (!confirm(`Delete field ${name}?`)) return;
      try { await api.writeFields(db, path, {}, [api.quoteField(name)]); await refresh(); } catch (error) { toast(error.message); }
    } }, '✕');
    row.append(h('td', { class: 'name' }, name), h('td', { class: 'value' }, render(value)), h('td', { class: 'actions' }, edit, ' ', remove));
    return row;
  }

  function openEditor(row, name, value) {
    const form = fieldEditor(name, value, false);
    const cell = h('td', { colspan: 3 }, form);
    row.replaceChildren(cell);
  }

  function fieldEditor(name, value, isNew) {
    const nameBox = h('input', { class: 'field-name', placeholder: 'field', value: name || '' , readonly: !isNew });
    const { picker, slot, read } = editor(value, db);
    const error = h('span', { class: 'error' });
    const save = h('button', { class: 'primary save-field', onclick: async () => {
      const field = nameBox.value.trim();
      if (!field) { error.textContent = 'A field needs a name.'; return; }
      let newValue;
      try { newValue = read(); } catch (problem) { error.textContent = problem.message; return; }
      try { await api.writeFields(db, path, { [field]: newValue }, [api.quoteField(field)]); await refresh(); }
      catch (problem) { error.textContent = problem.message; }
    } }, 'Save');
    const serverTime = h('button', { class: 'server-time', title: 'Set to the commit time (a server timestamp)', onclick: async () => {
      const field = nameBox.value.trim();
      if (!field) { error.textContent = 'A field needs a name.'; return; }
      try { await api.setServerTimestamp(db, path, api.quoteField(field)); await refresh(); }
      catch (problem) { error.textContent = problem.message; }
    } }, 'Server timestamp');
    const cancel = h('button', { onclick: () => refresh() }, 'Cancel');
    return h('div', { class: 'editor' }, nameBox, picker, slot, save, serverTime, cancel, error);
  }

  const addField = h('button', { id: 'add-field', style: 'margin:6px 8px', onclick: () => {
    addField.replaceWith(fieldEditor('', null, true));
  } }, '+ Field');
  body.append(addField);

  const subList = h('ul', { id: 'subcollection-list' });
  body.append(h('h2', {}, h('span', { class: 'title' }, 'Sub-collections')), subList);
  try {
    const ids = await api.listCollections(db, path);
    if (ids.length === 0) subList.append(h('li', { class: 'meta' }, 'None.'));
    for (const id of ids) subList.append(h('li', {}, h('a', { href: dataLink(project, database, `${path}/${id}`) }, id)));
    const start = h('button', { id: 'add-subcollection', style: 'margin:6px 8px', onclick: async () => {
      const id = prompt('Sub-collection id');
      if (!id) return;
      try {
        const created = await api.createDocument(db, `${path}/${id}`, '');
        location.hash = dataLink(project, database, created.name.split('/documents/')[1]);
      } catch (error) { toast(error.message); }
    } }, '+ Sub-collection');
    body.append(start);
  } catch (error) { subList.append(h('li', { class: 'error' }, error.message)); }
  swapIn();

  async function refresh() { await showDocument(pane, { project, database, db, path }); }
}

export { typeOf };
"""#
}
