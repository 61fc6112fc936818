// The console's `auth.js`, kept as a Swift string so it is compiled into the binary.
extension ConsoleAssets {
    /// `auth.js`: the Authentication tab (accounts and the codes a project would have e-mailed).
    static let authJS = #"""
// The Authentication tab: the project's accounts (search, add, disable, delete, custom claims) and
// the out-of-band codes a real project would have e-mailed. It calls the Auth emulator's own admin
// routes as the Admin SDKs do (Bearer owner), so it shows exactly what they see.
import { call } from './api.js';
import { h, fill, toast } from './dom.js';

const toolkit = (project, verb) =>
  `/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(project)}/accounts${verb ? ':' + verb : ''}`;

async function allUsers(project) {
  const users = [];
  let token = '';
  do {
    const page = await call('GET', `${toolkit(project, 'batchGet')}?maxResults=1000&nextPageToken=${encodeURIComponent(token)}`);
    users.push(...(page.users || []));
    token = page.nextPageToken || '';
  } while (token);
  return users;
}

function provider(user) {
  if (user.customAuth) return 'custom';
  const ids = (user.providerUserInfo || []).map((p) => p.providerId);
  return ids.length ? ids.join(', ') : 'anonymous';
}

function userRow(project, user, redraw) {
  const claims = h('input', { class: 'claims', value: user.customAttributes || '{}', size: 24, 'aria-label': 'custom claims' });
  const saveClaims = async () => {
    try {
      await call('POST', toolkit(project, 'update'), { localId: user.localId, customAttributes: claims.value.trim() || '{}' });
      toast(`Claims of ${user.localId} saved`);
      await redraw();
    } catch (error) { toast(error.message); }
  };
  const toggle = async () => {
    await call('POST', toolkit(project, 'update'), { localId: user.localId, disableUser: !user.disabled });
    await redraw();
  };
  const remove = async () => {
    if (!confirm(`Delete the account ${user.email || user.localId}?`)) return;
    await call('POST', toolkit(project, 'delete'), { localId: user.localId });
    await redraw();
  };
  return h('tr', { 'data-uid': user.localId, class: user.disabled ? 'disabled' : undefined },
    h('td', { class: 'uid' }, user.localId),
    h('td', { class: 'email' }, user.email || ''),
    h('td', {}, user.displayName || ''),
    h('td', { class: 'provider' }, provider(user)),
    h('td', { class: 'verified' }, user.emailVerified ? 'yes' : 'no'),
    h('td', { class: 'created' }, new Date(Number(user.createdAt)).toISOString().replace('T', ' ').slice(0, 19)),
    h('td', {}, claims, h('button', { class: 'save-claims', onclick: saveClaims }, 'Save')),
    h('td', {},
      h('button', { class: 'toggle', onclick: toggle }, user.disabled ? 'Enable' : 'Disable'), ' ',
      h('button', { class: 'delete', onclick: remove }, 'Delete')));
}

// Shows the tab for `project` in `view`.
export async function show(view, project) {
  const search = h('input', { id: 'user-search', placeholder: 'search e-mail, uid or name', size: 28 });
  const table = h('tbody', { id: 'user-rows' });
  const count = h('span', { id: 'user-count' });
  const codes = h('tbody', { id: 'oob-rows' });
  let users = [];
  const draw = () => {
    const needle = search.value.trim().toLowerCase();
    const shown = users.filter((u) => !needle || [u.localId, u.email, u.displayName]
      .some((v) => (v || '').toLowerCase().includes(needle)));
    fill(count, `${shown.length} of ${users.length} accounts`);
    fill(table, shown.map((u) => userRow(project, u, redraw)));
  };
  async function redraw() {
    users = await allUsers(project);
    draw();
    const listed = await call('GET', `/emulator/v1/projects/${encodeURIComponent(project)}/oobCodes`);
    fill(codes, (listed.oobCodes || []).slice().reverse().map((c) => h('tr', { 'data-code': c.oobCode },
      h('td', {}, c.requestType), h('td', {}, c.email), h('td', {}, h('code', {}, c.oobCode)),
      h('td', {}, h('a', { href: c.oobLink, target: '_blank' }, 'link')))));
  }
  search.addEventListener('input', draw);
  const email = h('input', { id: 'new-email', placeholder: 'e-mail', size: 20 });
  const password = h('input', { id: 'new-password', placeholder: 'password', type: 'password', size: 12 });
  const name = h('input', { id: 'new-name', placeholder: 'display name', size: 14 });
  const add = async (event) => {
    event.preventDefault();
    const body = { email: email.value.trim() || undefined, password: password.value || undefined, displayName: name.value.trim() || undefined };
    try {
      const made = await call('POST', toolkit(project), body);
      toast(`Added ${made.localId}`);
      email.value = password.value = name.value = '';
      await redraw();
    } catch (error) { toast(error.message); }
  };
  fill(view,
    h('div', { class: 'panel' },
      h('h2', {}, `Authentication — ${project}`),
      h('form', { id: 'add-user', onsubmit: add }, email, ' ', password, ' ', name, ' ', h('button', { type: 'submit' }, 'Add user')),
      h('p', {}, search, ' ', count),
      h('table', { class: 'users' },
        h('thead', {}, h('tr', {}, ['uid', 'e-mail', 'name', 'provider', 'verified', 'created', 'custom claims', ''].map((t) => h('th', {}, t)))),
        table)),
    h('div', { class: 'panel' },
      h('h2', {}, 'Codes a project would have e-mailed'),
      h('table', { class: 'codes' }, h('thead', {}, h('tr', {}, ['type', 'to', 'code', ''].map((t) => h('th', {}, t)))), codes)));
  await redraw();
}
"""#
}
