// Writes docs/config.schema.json and docs/configuration.md from the config schema (run after a build).
import { writeFileSync } from 'node:fs';
import { configJsonSchema, configReference } from '../dist/index.js';

const docs = new URL('../../../docs/', import.meta.url);
const schema = configJsonSchema();
writeFileSync(new URL('config.schema.json', docs), `${JSON.stringify(schema, null, 2)}\n`);
writeFileSync(new URL('configuration.md', docs), configReference(schema));
console.log('wrote docs/config.schema.json and docs/configuration.md');
