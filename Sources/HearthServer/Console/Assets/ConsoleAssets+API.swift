// The console's `api.js`, kept as a Swift string so it is compiled into the binary.
extension ConsoleAssets {
    /// `api.js`: calls to Firestore's REST API and the console API.
    static let apiJS = #"""
// Talks to Hearth: Firestore's REST API (as admin) and the console API.
const ADMIN = { Authorization: 'Bearer owner' };

export async function call(method, url, body) {
  const init = { method, headers: { ...ADMIN } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  // The first page of a deep-linked collection may already be on its way (index.html).
  const prefetched = method === 'GET' && window.consolePrefetch ? window.consolePrefetch.get(url) : undefined;
  if (prefetched) window.consolePrefetch.delete(url);
  const response = await (prefetched || fetch(url, init));
  const text = await response.text();
  let data = {};
  try { data = text ? JSON.parse(text) : {}; } catch { data = { raw: text }; }
  if (!response.ok) {
    const error = new Error((data.error && data.error.message) || response.statusText);
    error.status = response.status;
    error.code = data.error && data.error.status;
    throw error;
  }
  return data;
}

// Percent-encodes each segment of a slash-separated path.
export const encodePath = (path) => path.split('/').map(encodeURIComponent).join('/');
export const documentsRoot = (db) => `/v1/${encodePath(db)}/documents`;
export const documentName = (db, path) => `${db}/documents/${path}`;

export function listDocuments(db, collection, pageToken, pageSize = 50) {
  let url = `${documentsRoot(db)}/${encodePath(collection)}?pageSize=${pageSize}&showMissing=true`;
  if (pageToken) url += `&pageToken=${encodeURIComponent(pageToken)}`;
  return call('GET', url);
}

export async function listCollections(db, parentDocument) {
  const ids = [];
  let pageToken = '';
  do {
    const url = `${documentsRoot(db)}${parentDocument ? '/' + encodePath(parentDocument) : ''}:listCollectionIds`;
    const page = await call('POST', url, { pageSize: 300, pageToken });
    ids.push(...(page.collectionIds || []));
    pageToken = page.nextPageToken || '';
  } while (pageToken);
  return ids;
}

export const getDocument = (db, path) => call('GET', `${documentsRoot(db)}/${encodePath(path)}`);

// Sets fields: with `fieldPaths`, only those (others stay); without, the whole document.
export function writeFields(db, path, fields, fieldPaths) {
  let url = `${documentsRoot(db)}/${encodePath(path)}`;
  if (fieldPaths) url += '?' + fieldPaths.map((p) => `updateMask.fieldPaths=${encodeURIComponent(p)}`).join('&');
  return call('PATCH', url, { fields });
}

export function createDocument(db, collection, id) {
  const query = id ? `?documentId=${encodeURIComponent(id)}` : '';
  return call('POST', `${documentsRoot(db)}/${encodePath(collection)}${query}`, { fields: {} });
}

export const deleteDocument = (db, path) => call('DELETE', `${documentsRoot(db)}/${encodePath(path)}`);

export function setServerTimestamp(db, path, fieldPath) {
  return call('POST', `${documentsRoot(db)}:commit`, {
    writes: [{
      update: { name: documentName(db, path), fields: {} },
      updateMask: { fieldPaths: [] },
      updateTransforms: [{ fieldPath, setToServerValue: 'REQUEST_TIME' }],
    }],
  });
}

export function runQuery(db, parentDocument, structuredQuery) {
  const url = `${documentsRoot(db)}${parentDocument ? '/' + encodePath(parentDocument) : ''}:runQuery`;
  return call('POST', url, { structuredQuery, explainOptions: { analyze: true } });
}

const consoleAPI = (endpoint, params) =>
  `/console/api/${endpoint}` + (params ? '?' + new URLSearchParams(params).toString() : '');

export const info = () => call('GET', consoleAPI('info'));
export const databases = () => call('GET', consoleAPI('databases'));
export const countDocuments = (db, path) => call('GET', consoleAPI('count', { database: db, path }));
export const deleteCollection = (db, path) => call('POST', consoleAPI('delete-collection', { database: db, path }));
export const requests = (after) => call('GET', consoleAPI('requests', { after }));
export const rules = (project) => call('GET', consoleAPI('rules', { project }));
export const usage = () => call('GET', consoleAPI('usage'));
export const resetUsage = () => call('POST', consoleAPI('usage/reset'));
export const watchURL = (db, path) => consoleAPI('watch', { database: db, path });

// A field path for the REST API: simple names as they are, others in backticks.
export function quoteField(name) {
  if (/^[A-Za-z_][A-Za-z_0-9]*$/.test(name)) return name;
  return '`' + name.replace(/\\/g, '\\\\').replace(/`/g, '\\`') + '`';
}
"""#
}
