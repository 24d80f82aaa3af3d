import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import { Ollama } from 'ollama';
import OpenAI from 'openai';

export type SdkProtocol = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'ollama';
export const SDK_PROTOCOLS: readonly SdkProtocol[] = ['openai-chat', 'openai-responses', 'anthropic', 'gemini', 'ollama'];

/** A fetch that keeps every response it saw, so a test can read the headers an SDK hides. */
export function capturingFetch(): { fetch: typeof fetch; last(): Response } {
  const seen: Response[] = [];
  return {
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      seen.push(response);
      return response;
    },
    last: () => {
      const response = seen.at(-1);
      if (!response) throw new Error('no response captured yet');
      return response;
    },
  };
}

/** What one SDK call gave back: the text, the model the reply named, the bench object, the headers. */
export interface Asked {
  text: string;
  model: string | undefined;
  bench: Record<string, any> | undefined;
  headers: Headers;
}

export interface Sdks {
  openai: OpenAI;
  anthropic: Anthropic;
  gemini: GoogleGenAI;
  ollama: Ollama;
  /** The headers of the last response an SDK (other than Gemini's) received. */
  lastHeaders(): Headers;
}

export function sdksFor(url: string, apiKey = 'unused'): Sdks {
  const capture = capturingFetch();
  return {
    openai: new OpenAI({ baseURL: `${url}/v1`, apiKey, maxRetries: 0, fetch: capture.fetch }),
    anthropic: new Anthropic({ baseURL: url, apiKey, maxRetries: 0, fetch: capture.fetch }),
    gemini: new GoogleGenAI({ apiKey, httpOptions: { baseUrl: url, retryOptions: { attempts: 1 } } as never }),
    ollama: new Ollama({ host: url, fetch: capture.fetch, headers: { authorization: `Bearer ${apiKey}` } }),
    lastHeaders: () => capture.last().headers,
  };
}

/** The Gemini path's model for a bench name: `bench/core:merged` → `core:merged`. */
export const geminiModel = (model: string) => model.replace(/^bench\//, '');

/** One question through a protocol's official SDK, streamed or not; collects what every reply carries. */
export async function ask(sdks: Sdks, protocol: SdkProtocol, model: string, question: string, stream: boolean): Promise<Asked> {
  switch (protocol) {
    case 'openai-chat': {
      const messages = [{ role: 'user' as const, content: question }];
      if (!stream) {
        const { data, response } = await sdks.openai.chat.completions.create({ model, messages }).withResponse();
        return { text: data.choices[0]?.message.content ?? '', model: data.model, bench: (data as any).bench, headers: response.headers };
      }
      const { data, response } = await sdks.openai.chat.completions.create({ model, messages, stream: true }).withResponse();
      let text = '';
      let last: any;
      let replyModel: string | undefined;
      for await (const chunk of data) {
        text += chunk.choices[0]?.delta.content ?? '';
        replyModel ??= chunk.model;
        last = chunk;
      }
      return { text, model: replyModel, bench: last?.bench, headers: response.headers };
    }
    case 'openai-responses': {
      if (!stream) {
        const { data, response } = await sdks.openai.responses.create({ model, input: question }).withResponse();
        return { text: data.output_text, model: data.model, bench: (data as any).bench, headers: response.headers };
      }
      const { data, response } = await sdks.openai.responses.create({ model, input: question, stream: true }).withResponse();
      let text = '';
      let completed: any;
      for await (const event of data) {
        if (event.type === 'response.output_text.delta') text += event.delta;
        if (event.type === 'response.completed') completed = event.response;
      }
      return { text, model: completed?.model, bench: completed?.bench, headers: response.headers };
    }
    case 'anthropic': {
      const params = { model, max_tokens: 256, messages: [{ role: 'user' as const, content: question }] };
      if (!stream) {
        const { data, response } = await sdks.anthropic.messages.create(params).withResponse();
        const text = data.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
        return { text, model: data.model, bench: (data as any).bench, headers: response.headers };
      }
      const { data, response } = await sdks.anthropic.messages.create({ ...params, stream: true }).withResponse();
      let text = '';
      let replyModel: string | undefined;
      let bench: any;
      for await (const event of data) {
        if (event.type === 'message_start') replyModel = event.message.model;
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') text += event.delta.text;
        if (event.type === 'message_stop') bench = (event as any).bench;
      }
      return { text, model: replyModel, bench, headers: response.headers };
    }
    case 'gemini': {
      // @google/genai rebuilds its replies field by field and drops `bench`: read it from the bytes the SDK received.
      const params = { model: geminiModel(model), contents: question };
      return withRawBodies(async (bodies) => {
        if (!stream) {
          const reply = await sdks.gemini.models.generateContent(params);
          const raw = JSON.parse(await bodies.at(-1)!) as Record<string, any>;
          return { text: reply.text ?? '', model: reply.modelVersion, bench: raw.bench, headers: new Headers(reply.sdkHttpResponse?.headers) };
        }
        let text = '';
        let last: any;
        for await (const chunk of await sdks.gemini.models.generateContentStream(params)) {
          text += chunk.text ?? '';
          last = chunk;
        }
        const events = sseData(await bodies.at(-1)!);
        return { text, model: last?.modelVersion, bench: (events.at(-1) as any)?.bench, headers: new Headers(last?.sdkHttpResponse?.headers) };
      });
    }
    case 'ollama': {
      const messages = [{ role: 'user', content: question }];
      if (!stream) {
        const reply = await sdks.ollama.chat({ model, messages, stream: false });
        return { text: reply.message.content, model: reply.model, bench: (reply as any).bench, headers: sdks.lastHeaders() };
      }
      let text = '';
      let last: any;
      for await (const part of await sdks.ollama.chat({ model, messages, stream: true })) {
        text += part.message.content;
        last = part;
      }
      return { text, model: last?.model, bench: last?.done ? last.bench : undefined, headers: sdks.lastHeaders() };
    }
  }
}

/** The JSON of each `data:` line of an SSE body. */
export function sseData(body: string): unknown[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data) as unknown);
}

/** Runs `body` with the global fetch wrapped so the text of every response is also kept (for SDKs that take no fetch option). */
export async function withRawBodies<T>(body: (bodies: Array<Promise<string>>) => Promise<T>): Promise<T> {
  const original = globalThis.fetch;
  const bodies: Array<Promise<string>> = [];
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    bodies.push(response.clone().text());
    return response;
  };
  try {
    return await body(bodies);
  } finally {
    globalThis.fetch = original;
  }
}
