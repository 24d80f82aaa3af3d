/** A JSON Schema node, as z.toJSONSchema writes them. */
interface Node {
  type?: string | string[];
  description?: string;
  default?: unknown;
  examples?: unknown[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, Node>;
  required?: string[];
  additionalProperties?: Node | boolean;
  propertyNames?: Node;
  items?: Node;
  anyOf?: Node[];
}

const code = (value: unknown) => `\`${JSON.stringify(value)}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const isObject = (node: Node) => node.type === 'object' && node.properties !== undefined;
const isRecord = (node: Node) => node.type === 'object' && node.properties === undefined && typeof node.additionalProperties === 'object';

function typeOf(node: Node): string {
  if (node.anyOf) return node.anyOf.map(typeOf).join(' or ');
  if (node.enum) return node.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (node.const !== undefined) return JSON.stringify(node.const);
  if (node.type === 'array') return `${node.items ? typeOf(node.items) : 'any'}[]`;
  if (isRecord(node)) return `{ [name]: ${typeOf(node.additionalProperties as Node)} }`;
  if (isObject(node)) return 'object';
  if (node.type === 'integer' || node.type === 'number') {
    const low = node.exclusiveMinimum !== undefined ? `> ${node.exclusiveMinimum}` : node.minimum !== undefined ? `≥ ${node.minimum}` : '';
    const high = node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER ? `≤ ${node.maximum}` : '';
    return [node.type, [low, high].filter(Boolean).join(', ')].filter(Boolean).join(' ');
  }
  if (node.format) return `${node.type ?? 'any'} (${node.format})`;
  return typeof node.type === 'string' ? node.type : 'any';
}

interface Section {
  path: string;
  node: Node;
  description?: string;
}

/** A value to show for a field: its example, else its default, else one of its type's. */
function sample(node: Node): unknown {
  if (node.examples?.[0] !== undefined) return node.examples[0];
  if (node.default !== undefined) return node.default;
  if (node.enum) return node.enum[0];
  if (node.anyOf?.[0]) return sample(node.anyOf[0]);
  if (isObject(node)) return sampleObject(node);
  if (node.type === 'boolean') return true;
  if (node.type === 'array') return node.items ? [sample(node.items)] : [];
  if (node.type === 'string') return node.format === 'date' ? '2026-11-01' : '…';
  return 1;
}

function sampleObject(node: Node): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(node.properties ?? {})
      .filter(([key]) => key !== '$schema')
      .map(([key, child]) => [key, child.examples?.[0] ?? (isObject(child) || isRecord(child) ? {} : sample(child))]),
  );
}

/** The configuration reference in Markdown: a table per object of the schema, every field with its type, default and what it does, and an example of the whole object. */
export function configReference(schema: Record<string, unknown>): string {
  const sections: Section[] = [];
  const visit = (path: string, node: Node, description?: string) => {
    if (isRecord(node)) return visit(`${path}.<name>`, node.additionalProperties as Node, node.description);
    if (!isObject(node)) return;
    sections.push({ path, node, ...((description ?? node.description) ? { description: description ?? node.description } : {}) });
    for (const [key, child] of Object.entries(node.properties!)) visit(path ? `${path}.${key}` : key, child);
  };
  visit('', schema as Node);
  const documented = new Set(sections.map((section) => section.path));

  const out: string[] = [
    '# Configuration reference',
    '',
    '<!-- Generated from the config schema by `pnpm --filter @bench/gateway generate-docs`; do not edit by hand (a test compares it with the schema). -->',
    '',
    'One file, JSON with comments (`bench-gateway --config bench.jsonc`, or `BENCH_CONFIG`). Secrets come from the environment, never the file: the file names the variables (`apiKeyEnv`, `keyEnv`). Every key is optional unless marked required; an unknown key is refused with its path and the nearest known key. `bench-gateway check --config bench.jsonc` validates a file and reaches what it names.',
    '',
    'Editors complete and check a config that starts with `"$schema": "…/docs/config.schema.json"` (`bench-gateway schema` prints the same schema). Minimal files to start from: [`examples/openai-compatible.jsonc`](../examples/openai-compatible.jsonc) and [`examples/ollama.jsonc`](../examples/ollama.jsonc).',
    '',
    'Timeouts, retries and cooldowns are read from `defaults`, then the collection, then the model: the most specific wins.',
    '',
    '## Changing the config while the gateway runs',
    '',
    'The gateway watches its config file, and `SIGHUP` (`kill -HUP <pid>`) reloads it. A valid change applies to every new request; streams and turns already under way finish on the config they started with. One log line names what changed, by path and name, never a value: `config reloaded (file changed): collections.agents.members, models.m3 added`. An invalid file is refused with each path and reason, the same as `bench-gateway check` gives them (`config not reloaded (file changed) from bench.jsonc: collections.core.members[1]: unknown model "m9" …`), and the gateway goes on with the config it had; fix the file and save again.',
    '',
    '- Editors that save by writing a new file and renaming it over the old one are followed. A config file that is a link to a file in another folder is not seen through the link: send `SIGHUP` after changing it.',
    '- `--host` and `--port` still win over the file at every reload.',
    '- `server.host`, `server.port` and `server.requestTimeoutMs` are read once, when the gateway starts listening: a change is kept in the file, the gateway goes on listening as it was, and the log line says they take effect at the next restart.',
    '- `telemetry` (`otlp`, `serviceName`) is read once too, when the gateway starts its tracer: a change is kept in the file, traces go on as they were, and the log line says it takes effect at the next restart.',
    '- Metrics and traces follow every other change: a renamed collection, a new key, a model moved to another upstream model or provider are counted and traced under their new names from the next request on (what was counted before stays under the old names: counters only go up).',
    '- A different `ledger` or `state` is refused (the running gateway keeps the stores it opened, with the calls and conversations in them): restart to use the new ones.',
    '- A key added needs its variable set in the environment the gateway was started with (environment changes need a restart); a key removed stops working at once. On a host other than loopback, a change that would leave no keys is refused.',
    "- A shadowed collection keeps its counters and today's spending across a reload, under its new `usdPerDay`.",
    '',
    'The config routes (`GET /bench/config`, `POST /bench/config`, `POST /bench/config/undo`, admin keys only; see [the config API](config-api.md)) edit the same file: they keep its comments and formatting, validate the edit before anything is written, write it atomically, keep the version they replaced as `<file>.previous` (one level of undo; a second undo redoes), and apply it at once.',
  ];
  for (const { path, node, description } of sections) {
    out.push('', `## ${path === '' ? 'Top level' : `\`${path}\``}`, '');
    if (path !== '' && description) out.push(description, '');
    out.push('| field | type | default | what it does |', '| --- | --- | --- | --- |');
    for (const [key, child] of Object.entries(node.properties!)) {
      const required = node.required?.includes(key) ? ' (required)' : '';
      const childPath = `${path ? `${path}.` : ''}${key}`;
      const target = documented.has(childPath) ? childPath : documented.has(`${childPath}.<name>`) ? `${childPath}.<name>` : undefined;
      const nested = target ? ` See [\`${target}\`](#${anchor(target)}).` : '';
      out.push(
        `| \`${key}\`${required} | ${cell(typeOf(child))} | ${child.default === undefined ? '' : cell(code(child.default))} | ${cell((child.description ?? '') + nested)} |`,
      );
    }
    out.push('', 'Example:', '', '```json', JSON.stringify(sampleObject(node), null, 2), '```');
  }
  return `${out.join('\n')}\n`;
}

/** GitHub's heading anchor for a heading that is one code span. */
function anchor(path: string): string {
  return path
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
}
