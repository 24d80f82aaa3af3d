// `node --max-old-space-size=4096 bench/lib/heap-census.mjs A.heapsnapshot [B.heapsnapshot] [per]`: what a V8 heap
// snapshot holds, as self size and count per kind of node (an object's constructor, a closure's function name, a
// string, an array...), or, given two, what B holds beyond A, divided by `per` (e.g. the streams B holds more).
import { readFileSync } from 'node:fs';

function census(file) {
  const snapshot = JSON.parse(readFileSync(file, 'utf8'));
  const meta = snapshot.snapshot.meta;
  const fields = meta.node_fields;
  const types = meta.node_types[fields.indexOf('type')];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const { nodes, strings } = snapshot;
  const kinds = new Map();
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]];
    const named = type === 'object' || type === 'closure' || type === 'native' || type === 'hidden' || type === 'code';
    const name = named ? `${type} ${strings[nodes[i + nameAt]].slice(0, 60)}` : type;
    const kind = kinds.get(name) ?? { size: 0, count: 0 };
    kind.size += nodes[i + sizeAt];
    kind.count += 1;
    kinds.set(name, kind);
  }
  return kinds;
}

const [a, b, per = '1'] = process.argv.slice(2);
const before = census(a);
const after = b ? census(b) : new Map();
const rows = b
  ? [...after].map(([name, k]) => [name, k.size - (before.get(name)?.size ?? 0), k.count - (before.get(name)?.count ?? 0)])
  : [...before].map(([name, k]) => [name, k.size, k.count]);
rows.sort((x, y) => y[1] - x[1]);
const n = Number(per);
const total = rows.reduce((sum, r) => sum + r[1], 0);
console.log(`total ${(total / n / 1024).toFixed(2)} KiB${n !== 1 ? ` per one of ${n}` : ''}`);
for (const [name, size, count] of rows.slice(0, 60)) console.log(`${(size / n).toFixed(0).padStart(9)} B ${(count / n).toFixed(2).padStart(8)}  ${name}`);
