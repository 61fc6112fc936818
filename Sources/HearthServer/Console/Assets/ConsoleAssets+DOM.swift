// The console's `dom.js`, kept as a Swift string so it is compiled into the binary.
extension ConsoleAssets {
    /// `dom.js`: builds nodes from text only (the XSS defence).
    static let domJS = #"""
// Builds DOM nodes. Text always goes in as text nodes, never as HTML: whatever a document holds
// (including "<script>") is shown as itself.
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') node.addEventListener(key.slice(2), value);
    else if (key === 'class') node.className = value;
    else if (key === 'value') node.value = value;
    else if (key === 'checked') node.checked = !!value;
    else node.setAttribute(key, value === true ? '' : String(value));
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

// Replaces a node's children.
export function fill(node, ...children) {
  node.replaceChildren();
  append(node, children);
  return node;
}

// A short message in the corner.
export function toast(message) {
  const box = document.getElementById('toast');
  box.textContent = message;
  box.classList.add('show');
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => box.classList.remove('show'), 3000);
}
"""#
}
