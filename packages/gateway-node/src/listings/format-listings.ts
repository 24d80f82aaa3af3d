import { createHash } from 'node:crypto';
import { callableName, type ListedModel } from './listed-models';

const CREATED = 1_767_225_600; // 2026-01-01, a fixed date: listings carry no real creation time.
const CREATED_ISO = new Date(CREATED * 1000).toISOString();

export function openaiModelList(models: ListedModel[]): Record<string, unknown> {
  return {
    object: 'list',
    data: models.map((model) => ({
      id: callableName(model),
      object: 'model',
      created: CREATED,
      owned_by: 'bench',
      description: model.description,
      bench: { kind: model.kind, reply: model.reply },
    })),
  };
}

export function anthropicModelList(models: ListedModel[]): Record<string, unknown> {
  const data = models.map((model) => ({
    type: 'model',
    id: callableName(model),
    display_name: `${callableName(model)} — ${model.description}`,
    created_at: CREATED_ISO,
    bench: { kind: model.kind, reply: model.reply },
  }));
  return { data, has_more: false, first_id: data[0]?.id ?? null, last_id: data.at(-1)?.id ?? null };
}

export function geminiModelList(models: ListedModel[]): Record<string, unknown> {
  return {
    models: models.map((model) => ({
      name: `models/${model.name}`,
      version: '1',
      displayName: model.name,
      description: `${model.description} (reply: ${model.reply})`,
      ...(model.contextWindow ? { inputTokenLimit: model.contextWindow } : {}),
      ...(model.maxOutput ? { outputTokenLimit: model.maxOutput } : {}),
      supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
    })),
  };
}

export function ollamaTagList(models: ListedModel[]): Record<string, unknown> {
  return {
    models: models.map((model) => ({
      name: callableName(model),
      model: callableName(model),
      modified_at: CREATED_ISO,
      size: 0,
      digest: createHash('sha256').update(callableName(model)).digest('hex'),
      details: { parent_model: '', format: 'bench', family: model.kind, families: [model.kind], parameter_size: '', quantization_level: '' },
      description: model.description,
      bench: { kind: model.kind, reply: model.reply },
    })),
  };
}
