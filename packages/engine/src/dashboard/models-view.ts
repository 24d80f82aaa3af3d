import type { Ledger, ModelRecord, Price } from '@bench/ledger';
import type { GatewayConfig } from '../config/resolved-config';

export interface ModelView {
  alias: string;
  provider: string;
  model: string;
  api: string | null;
  contextWindow: number | null;
  maxOutput: number | null;
  /** Null when not declared (the catalog does not know). */
  tools: boolean | null;
  vision: boolean | null;
  role: string | null;
  adHoc: boolean;
  retired: { at: string; why?: string } | null;
  price: Price | null;
  /** The collections it is a member or the merger of. */
  collections: string[];
  record: Pick<ModelRecord, 'whole' | 'shapes'>;
}

const NO_RECORD: ModelView['record'] = {
  whole: { shape: null, calls: 0, useful: 0, notUseful: 0, failures: 0, firstTokenSeconds: null, seconds: null, cost: 0, lastUsed: null },
  shapes: [],
};

/** Each configured model: what it is declared to do, its price, and its record per shape across every collection. */
export async function modelsView(ledger: Ledger, config: GatewayConfig): Promise<ModelView[]> {
  const records = new Map((await ledger.records()).map((record) => [record.alias, record]));
  const collections = Object.values(config.collections);
  return Object.values(config.models).map((model) => {
    const record = records.get(model.alias);
    return {
      alias: model.alias,
      provider: model.provider,
      model: model.model,
      api: config.providers[model.provider]?.api ?? null,
      contextWindow: model.contextWindow ?? null,
      maxOutput: model.maxOutput ?? null,
      tools: model.tools ?? null,
      vision: model.vision ?? null,
      role: model.role ?? null,
      adHoc: model.adHoc === true,
      retired: model.retired ?? null,
      price: model.price ?? null,
      collections: collections.filter((c) => c.members.includes(model.alias) || c.merger === model.alias).map((c) => c.name),
      record: record ? { whole: record.whole, shapes: record.shapes } : NO_RECORD,
    };
  });
}
