// The console's `values.js`, kept as a Swift string so it is compiled into the binary.
extension ConsoleAssets {
    /// `values.js`: every Firestore type shown as itself, and its editor.
    static let valuesJS = #"""
// Firestore values (REST JSON form): their type, how each is shown, and the editor that makes one.
import { h } from './dom.js';

export const TYPES = ['string', 'integer', 'double', 'boolean', 'null', 'timestamp', 'geopoint',
  'reference', 'bytes', 'array', 'map', 'vector'];

// The BSON types of an Enterprise database: maps of one reserved key, shown as themselves.
const BSON_TYPES = { __min__: 'MinKey', __max__: 'MaxKey', __oid__: 'ObjectId', __int__: 'Int32',
  __decimal128__: 'Decimal128', __regex__: 'Regex', __request_timestamp__: 'BSON timestamp', __binary__: 'BSON binary' };

function bsonType(fields) {
  const names = Object.keys(fields);
  return names.length === 1 && Object.hasOwn(BSON_TYPES, names[0]) ? BSON_TYPES[names[0]] : null;
}

// A BSON value's text: ObjectId("…"), /pattern/options, Timestamp(s, i), subtype and bytes, …
function bsonText(type, fields) {
  const held = Object.values(fields)[0] || {};
  const inner = (held.mapValue || {}).fields || {};
  switch (type) {
    case 'MinKey': case 'MaxKey': return type;
    case 'ObjectId': return `ObjectId("${held.stringValue}")`;
    case 'Int32': return String(held.integerValue);
    case 'Decimal128': return String(held.stringValue);
    case 'Regex': return `/${(inner.pattern || {}).stringValue || ''}/${(inner.options || {}).stringValue || ''}`;
    case 'BSON timestamp':
      return `Timestamp(${(inner.seconds || {}).integerValue}, ${(inner.increment || {}).integerValue})`;
    case 'BSON binary': {
      const raw = atob(held.bytesValue || '');
      const data = btoa(raw.slice(1));
      return `subtype ${raw.length ? raw.charCodeAt(0) : '?'} · ${data || '(empty)'} (${Math.max(raw.length - 1, 0)} bytes)`;
    }
    default: return JSON.stringify(fields);
  }
}

export function typeOf(value) {
  if ('stringValue' in value) return 'string';
  if ('integerValue' in value) return 'integer';
  if ('doubleValue' in value) return 'double';
  if ('booleanValue' in value) return 'boolean';
  if ('nullValue' in value) return 'null';
  if ('timestampValue' in value) return 'timestamp';
  if ('geoPointValue' in value) return 'geopoint';
  if ('referenceValue' in value) return 'reference';
  if ('bytesValue' in value) return 'bytes';
  if ('arrayValue' in value) return 'array';
  if ('mapValue' in value) {
    const fields = value.mapValue.fields || {};
    if (fields.__type__ && fields.__type__.stringValue === '__vector__') return 'vector';
    return bsonType(fields) || 'map';
  }
  return 'unknown';
}

// The document path (after `/documents/`) of a reference, to link to it in the browser.
export function referenceTarget(name) {
  const match = /^projects\/([^/]+)\/databases\/([^/]+)\/documents\/(.+)$/.exec(name);
  return match ? { project: match[1], database: match[2], path: match[3] } : null;
}

export function dataLink(project, database, path) {
  const segments = [project, database, ...(path ? path.split('/') : [])];
  return '#/data/' + segments.map(encodeURIComponent).join('/');
}

function number(value) {
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(1) : String(value);
  return String(value);
}

// One value shown as itself, with its type.
export function render(value) {
  const type = typeOf(value);
  const badge = h('span', { class: 'type' }, type);
  switch (type) {
    case 'string': return h('span', {}, badge, h('span', { class: 'v-string' }, value.stringValue));
    case 'integer': return h('span', {}, badge, h('span', { class: 'v-integer' }, value.integerValue));
    case 'double': return h('span', {}, badge, h('span', { class: 'v-double' }, number(value.doubleValue)));
    case 'boolean': return h('span', {}, badge, h('span', { class: 'v-boolean' }, String(value.booleanValue)));
    case 'null': return h('span', {}, badge, h('span', { class: 'v-null' }, 'null'));
    case 'timestamp': {
      const date = new Date(value.timestampValue);
      return h('span', {}, badge, h('span', { class: 'v-timestamp', title: value.timestampValue },
        date.toLocaleString(), ' (local) · ', value.timestampValue, ' (UTC)'));
    }
    case 'geopoint': {
      const { latitude = 0, longitude = 0 } = value.geoPointValue;
      return h('span', {}, badge, h('span', { class: 'v-geopoint' },
        `${Math.abs(latitude)}° ${latitude < 0 ? 'S' : 'N'}, ${Math.abs(longitude)}° ${longitude < 0 ? 'W' : 'E'}`));
    }
    case 'reference': {
      const target = referenceTarget(value.referenceValue);
      const text = target ? target.path : value.referenceValue;
      return h('span', {}, badge, target
        ? h('a', { class: 'v-reference', href: dataLink(target.project, target.database, target.path) }, text)
        : h('span', { class: 'v-reference' }, text));
    }
    case 'bytes': {
      const length = atob(value.bytesValue || '').length;
      return h('span', {}, badge, h('span', { class: 'v-bytes' }, value.bytesValue || '(empty)', ` (${length} bytes)`));
    }
    case 'array': {
      const values = value.arrayValue.values || [];
      return h('span', {}, badge, `${values.length} element${values.length === 1 ? '' : 's'}`,
        h('div', { class: 'nested' }, values.map((item, index) => h('div', {}, h('span', { class: 'mono' }, `[${index}] `), render(item)))));
    }
    case 'vector': {
      const values = ((value.mapValue.fields.value || {}).arrayValue || {}).values || [];
      return h('span', {}, badge, h('span', { class: 'v-vector' },
        `[${values.map((v) => number(v.doubleValue ?? v.integerValue)).join(', ')}]`));
    }
    case 'map': {
      const fields = value.mapValue.fields || {};
      const names = Object.keys(fields).sort();
      return h('span', {}, badge, `${names.length} field${names.length === 1 ? '' : 's'}`,
        h('div', { class: 'nested' }, names.map((name) => h('div', {}, h('span', { class: 'mono' }, name + ': '), render(fields[name])))));
    }
    default:
      if ('mapValue' in value) return h('span', {}, badge, h('span', { class: 'v-bson' }, bsonText(type, value.mapValue.fields || {})));
      return h('span', {}, badge, JSON.stringify(value));
  }
}

// Plain JSON (as typed in an editor) as a Firestore value: whole numbers are integers, others doubles.
export function fromPlain(plain) {
  if (plain === null) return { nullValue: null };
  if (typeof plain === 'boolean') return { booleanValue: plain };
  if (typeof plain === 'number') return Number.isInteger(plain) ? { integerValue: String(plain) } : { doubleValue: plain };
  if (typeof plain === 'string') return { stringValue: plain };
  if (Array.isArray(plain)) return { arrayValue: { values: plain.map(fromPlain) } };
  const fields = {};
  for (const [key, inner] of Object.entries(plain)) fields[key] = fromPlain(inner);
  return { mapValue: { fields } };
}

// A Firestore value as plain JSON, for prefilling an array or map editor.
export function toPlain(value) {
  switch (typeOf(value)) {
    case 'string': return value.stringValue;
    case 'integer': return Number(value.integerValue);
    case 'double': return Number(value.doubleValue);
    case 'boolean': return value.booleanValue;
    case 'array': return (value.arrayValue.values || []).map(toPlain);
    case 'map': case 'vector': {
      const out = {};
      for (const [key, inner] of Object.entries(value.mapValue.fields || {})) out[key] = toPlain(inner);
      return out;
    }
    case 'timestamp': return value.timestampValue;
    case 'reference': return value.referenceValue;
    case 'bytes': return value.bytesValue;
    case 'geopoint': return value.geoPointValue;
    default:
      // A BSON value keeps its reserved map, so editing the array or map around it keeps it.
      if ('mapValue' in value) {
        const out = {};
        for (const [key, inner] of Object.entries(value.mapValue.fields || {})) out[key] = toPlain(inner);
        return out;
      }
      return null;
  }
}

// An editor with a type picker; `read()` gives the Firestore value or throws with a reason.
export function editor(initial, databaseName) {
  const picker = h('select', { class: 'type-picker', 'aria-label': 'type' }, TYPES.map((t) => h('option', { value: t }, t)));
  const slot = h('span', { class: 'value-slot' });
  let read = () => ({ nullValue: null });
  const start = initial ? typeOf(initial) : 'string';
  // A BSON value is edited as its reserved map (JSON), so saving it unchanged keeps it.
  picker.value = TYPES.includes(start) ? start : (initial && 'mapValue' in initial ? 'map' : 'string');

  function build(type, value) {
    const input = (attrs) => h('input', { class: 'value-input', ...attrs });
    switch (type) {
      case 'string': {
        const box = h('textarea', { class: 'value-input', rows: 1 }, value ? value.stringValue : '');
        read = () => ({ stringValue: box.value });
        return box;
      }
      case 'integer': {
        const box = input({ value: value ? value.integerValue : '0', inputmode: 'numeric' });
        read = () => {
          if (!/^-?\d+$/.test(box.value.trim())) throw new Error('An integer is whole digits, e.g. 42.');
          return { integerValue: box.value.trim() };
        };
        return box;
      }
      case 'double': {
        const box = input({ value: value ? number(value.doubleValue) : '0.0' });
        read = () => {
          const text = box.value.trim();
          if (['NaN', 'Infinity', '-Infinity'].includes(text)) return { doubleValue: text };
          const parsed = Number(text);
          if (text === '' || Number.isNaN(parsed)) throw new Error('A double is a number, e.g. 3.14.');
          return { doubleValue: parsed };
        };
        return box;
      }
      case 'boolean': {
        const box = h('select', { class: 'value-input' }, h('option', { value: 'true' }, 'true'), h('option', { value: 'false' }, 'false'));
        box.value = value && value.booleanValue === false ? 'false' : 'true';
        read = () => ({ booleanValue: box.value === 'true' });
        return box;
      }
      case 'null':
        read = () => ({ nullValue: null });
        return h('span', { class: 'v-null' }, 'null');
      case 'timestamp': {
        const box = input({ value: value ? value.timestampValue : new Date().toISOString(), placeholder: '2024-01-01T00:00:00Z' });
        read = () => {
          const date = new Date(box.value.trim());
          if (Number.isNaN(date.getTime())) throw new Error('A timestamp is RFC 3339, e.g. 2024-01-01T12:00:00Z.');
          return { timestampValue: /Z$|[+-]\d\d:\d\d$/.test(box.value.trim()) ? box.value.trim() : date.toISOString() };
        };
        return box;
      }
      case 'geopoint': {
        const point = value ? value.geoPointValue : { latitude: 0, longitude: 0 };
        const lat = input({ class: 'value-input lat', value: point.latitude ?? 0, 'aria-label': 'latitude' });
        const lng = input({ class: 'value-input lng', value: point.longitude ?? 0, 'aria-label': 'longitude' });
        read = () => {
          const latitude = Number(lat.value), longitude = Number(lng.value);
          if (Number.isNaN(latitude) || latitude < -90 || latitude > 90) throw new Error('Latitude is between -90 and 90.');
          if (Number.isNaN(longitude) || longitude < -180 || longitude > 180) throw new Error('Longitude is between -180 and 180.');
          return { geoPointValue: { latitude, longitude } };
        };
        return h('span', {}, 'lat ', lat, ' lng ', lng);
      }
      case 'reference': {
        const target = value ? referenceTarget(value.referenceValue) : null;
        const box = input({ value: target ? target.path : '', placeholder: 'collection/document' });
        read = () => {
          const path = box.value.trim().replace(/^\/+|\/+$/g, '');
          if (!path || path.split('/').length % 2 !== 0) throw new Error('A reference names a document: collection/id[/…].');
          return { referenceValue: `${databaseName}/documents/${path}` };
        };
        return box;
      }
      case 'bytes': {
        const box = input({ value: value ? value.bytesValue : '', placeholder: 'base64' });
        read = () => {
          const text = box.value.trim();
          try { atob(text); } catch { throw new Error('Bytes are given in base64.'); }
          return { bytesValue: text };
        };
        return box;
      }
      case 'array': case 'map': {
        const plain = value ? toPlain(value) : (type === 'array' ? [] : {});
        const box = h('textarea', { class: 'value-input' }, JSON.stringify(plain, null, 1));
        read = () => {
          let parsed;
          try { parsed = JSON.parse(box.value); } catch (error) { throw new Error('Not valid JSON: ' + error.message); }
          if (type === 'array' && !Array.isArray(parsed)) throw new Error('An array is written [ … ].');
          if (type === 'map' && (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))) throw new Error('A map is written { … }.');
          return fromPlain(parsed);
        };
        return h('span', { style: 'flex-basis:100%' }, h('span', { class: 'meta' }, 'JSON: whole numbers become integers, others doubles'), box);
      }
      case 'vector': {
        const values = value ? (((value.mapValue.fields.value || {}).arrayValue || {}).values || []).map((v) => Number(v.doubleValue ?? v.integerValue)) : [];
        const box = input({ value: values.join(', '), placeholder: '0.1, 0.2, 0.3' });
        read = () => {
          const numbers = box.value.split(',').map((s) => s.trim()).filter(Boolean).map(Number);
          if (numbers.length === 0 || numbers.some(Number.isNaN)) throw new Error('A vector is numbers separated by commas.');
          return { mapValue: { fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: numbers.map((n) => ({ doubleValue: n })) } } } } };
        };
        return box;
      }
      default:
        return h('span', {}, '?');
    }
  }

  const show = (type, value) => { slot.replaceChildren(build(type, value)); };
  picker.addEventListener('change', () => show(picker.value, null));
  const kept = initial && (typeOf(initial) === picker.value || (picker.value === 'map' && 'mapValue' in initial));
  show(picker.value, kept ? initial : null);
  return { picker, slot, read: () => read() };
}
"""#
}
