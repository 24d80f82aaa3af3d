import { startTestGateway, type TestGatewayOptions } from './test-gateway';

/** `alice` may call the `core` collection only; `root` may call everything. */
export const KEYS = { alice: 'alice-secret-key-0001', root: 'root-secret-key-0002' };

/** The test gateway with keys configured, and a `tiny` route collection whose one member has a 50-token window. */
export function startKeyedGateway(options: TestGatewayOptions = {}) {
  return startTestGateway({
    ...options,
    env: { KEY_ALICE: KEYS.alice, KEY_ROOT: KEYS.root, ...options.env },
    config: (base) => {
      const keyed = {
        ...base,
        models: { ...base.models, m6: { provider: 'chat', model: 'up-6', contextWindow: 50, tools: true, vision: false } },
        collections: { ...base.collections, tiny: { members: ['m6'], reply: 'route' } },
        keys: { alice: { keyEnv: 'KEY_ALICE', collections: ['core'] }, root: { keyEnv: 'KEY_ROOT' } },
      };
      return options.config ? options.config(keyed) : keyed;
    },
  });
}
