// `node bench/heap-report.mjs FILE.heapsnapshot [--top N]`: what holds a V8 heap, by module.
//
// Take the snapshot from a running server with `node --heapsnapshot-signal=SIGUSR2 dist/main.js`
// and `kill -USR2 <pid>` (or `npm run bench -- --memory --heap`, which does both). The report
// computes retained sizes over the dominator tree and attributes every object to the module whose
// code holds it: the nearest dominator that is a function (its script's file) or a script's own
// source. Files are grouped by npm package (`node_modules/<pkg>`) or by `src/<folder>` for ours.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const file = process.argv[2];
if (!file) {
  console.error('usage: node bench/heap-report.mjs FILE.heapsnapshot [--top N]');
  process.exit(2);
}
const topIndex = process.argv.indexOf('--top');
const TOP = topIndex > 0 ? Number(process.argv[topIndex + 1]) : 20;

const snap = JSON.parse(readFileSync(file, 'utf8'));
const meta = snap.snapshot.meta;
const NF = meta.node_fields.length;
const EF = meta.edge_fields.length;
const nodeTypes = meta.node_types[0];
const edgeTypes = meta.edge_types[0];
const N_TYPE = meta.node_fields.indexOf('type');
const N_NAME = meta.node_fields.indexOf('name');
const N_SIZE = meta.node_fields.indexOf('self_size');
const N_EDGES = meta.node_fields.indexOf('edge_count');
const E_TYPE = meta.edge_fields.indexOf('type');
const E_NAME = meta.edge_fields.indexOf('name_or_index');
const E_TO = meta.edge_fields.indexOf('to_node');
const { nodes, edges, strings } = snap;
const count = nodes.length / NF;

const firstEdge = new Uint32Array(count + 1);
for (let i = 0, e = 0; i < count; i++) {
  firstEdge[i] = e;
  e += nodes[i * NF + N_EDGES] * EF;
}
firstEdge[count] = edges.length;

const typeOf = (n) => nodeTypes[nodes[n * NF + N_TYPE]];
const nameOf = (n) => strings[nodes[n * NF + N_NAME]];
const sizeOf = (n) => nodes[n * NF + N_SIZE];
const weak = edgeTypes.indexOf('weak');
const shortcut = edgeTypes.indexOf('shortcut');
function* children(n) {
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF) {
    const t = edges[e + E_TYPE];
    if (t === weak || t === shortcut) continue;
    yield [edges[e + E_TO] / NF, t, edges[e + E_NAME]];
  }
}

// Depth-first postorder from the root (node 0), then Cooper–Harvey–Kennedy dominators.
const post = new Int32Array(count).fill(-1);
const order = [];
{
  const stack = [[0, children(0)]];
  post[0] = -2;
  while (stack.length) {
    const top = stack[stack.length - 1];
    const next = top[1].next();
    if (next.done) {
      post[top[0]] = order.length;
      order.push(top[0]);
      stack.pop();
    } else if (post[next.value[0]] === -1) {
      post[next.value[0]] = -2;
      stack.push([next.value[0], children(next.value[0])]);
    }
  }
}
const preds = Array.from({ length: count }, () => []);
for (const n of order) for (const [to] of children(n)) if (post[to] >= 0) preds[to].push(n);
const idom = new Int32Array(count).fill(-1);
idom[0] = 0;
const intersect = (a, b) => {
  while (a !== b) {
    while (post[a] < post[b]) a = idom[a];
    while (post[b] < post[a]) b = idom[b];
  }
  return a;
};
for (let changed = true; changed;) {
  changed = false;
  for (let i = order.length - 2; i >= 0; i--) {
    const n = order[i];
    let d = -1;
    for (const p of preds[n]) if (idom[p] !== -1) d = d === -1 ? p : intersect(p, d);
    if (d !== -1 && idom[n] !== d) {
      idom[n] = d;
      changed = true;
    }
  }
}

// A function's file: closure -shared-> SharedFunctionInfo -script_or_debug_info-> Script, whose
// name is the URL (older V8: a `script` edge, and a Script with a `name` edge).
const edgeNamed = (n, name) => {
  for (let e = firstEdge[n]; e < firstEdge[n + 1]; e += EF) {
    const t = edgeTypes[edges[e + E_TYPE]];
    if ((t === 'internal' || t === 'property') && strings[edges[e + E_NAME]] === name)
      return edges[e + E_TO] / NF;
  }
  return -1;
};
function scriptUrl(script) {
  if (script < 0) return '';
  const name = nameOf(script);
  if (name === 'system / DebugInfo') return scriptUrl(edgeNamed(script, 'script'));
  if (name === 'system / Script') {
    const nameNode = edgeNamed(script, 'name');
    return nameNode >= 0 && typeOf(nameNode) === 'string' ? nameOf(nameNode) : '';
  }
  return name;
}
function fileOf(n) {
  if (typeOf(n) !== 'closure') return '';
  const shared = edgeNamed(n, 'shared');
  if (shared < 0) return '';
  const script = edgeNamed(shared, 'script_or_debug_info');
  return scriptUrl(script >= 0 ? script : edgeNamed(shared, 'script'));
}
function moduleOf(url) {
  if (!url) return '';
  const p = url.replace(/^file:\/\//, '');
  const nm = p.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const parts = p.slice(nm + 'node_modules/'.length).split('/');
    return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
  }
  if (p.startsWith('node:') || !p.includes('/')) return 'node (built-in)';
  const src = /\/(?:src|dist)\/([^/]+)(\/)?/.exec(p);
  if (src) return src[2] ? `switchboard ${src[1]}/` : `switchboard ${src[1]}`;
  return path.basename(p);
}

// Retained sizes: children before parents in postorder.
const retained = new Float64Array(count);
for (const n of order) {
  retained[n] += sizeOf(n);
  if (n !== 0) retained[idom[n]] += retained[n];
}
// Owner of each node: itself if it names a module, else its dominator's owner (preorder walk).
const owner = new Array(count).fill('');
for (let i = order.length - 1; i >= 0; i--) {
  const n = order[i];
  owner[n] = moduleOf(fileOf(n)) || (n === 0 ? '' : owner[idom[n]]);
}
const byModule = new Map();
const byConstructor = new Map();
let total = 0;
for (const n of order) {
  const s = sizeOf(n);
  total += s;
  const m = owner[n] || '(not held by module code: VM roots, caches)';
  byModule.set(m, (byModule.get(m) ?? 0) + s);
  const type = typeOf(n);
  const key = type === 'object' || type === 'closure' ? nameOf(n) : `(${type})`;
  const c = byConstructor.get(key) ?? { size: 0, count: 0 };
  c.size += s;
  c.count += 1;
  byConstructor.set(key, c);
}

const mb = (b) => `${(b / 1048576).toFixed(1)} MB`;
const rows = (map, value) => [...map.entries()].sort((a, b) => value(b[1]) - value(a[1])).slice(0, TOP);
console.log(`${path.basename(file)}: ${count.toLocaleString()} objects, ${mb(total)} reachable`);
console.log(`\nBy module (objects attributed to the nearest dominating function's package):`);
for (const [m, s] of rows(byModule, (v) => v)) console.log(`  ${mb(s).padStart(9)}  ${m}`);
console.log(`\nBy constructor (self size):`);
for (const [c, v] of rows(byConstructor, (x) => x.size))
  console.log(`  ${mb(v.size).padStart(9)}  ${String(v.count).padStart(8)}×  ${c.slice(0, 70)}`);
if (process.argv.includes('--debug')) {
  const big = order
    .filter((n) => retained[n] > 1048576 && retained[n] < total * 0.5)
    .sort((a, b) => retained[b] - retained[a])
    .slice(0, 40);
  for (const n of big) {
    const chain = [];
    for (let d = n, i = 0; d !== 0 && i < 6; d = idom[d], i++)
      chain.push(`${typeOf(d)}:${nameOf(d).slice(0, 40)}`);
    console.log(mb(retained[n]).padStart(9), chain.join(' <- '));
  }
}
