import { geminiModel, sseData, withRawBodies, type SdkProtocol, type Sdks } from './sdk-clients';

export interface StreamedReply {
  /** Each text piece as the SDK handed it over, in order. */
  pieces: string[];
  /** The `bench` object of the stream's last event. */
  bench: any;
}

/** One streamed question through a protocol's official SDK, calling `onText` with each text piece as it arrives. */
export async function streamPieces(
  sdks: Sdks,
  protocol: SdkProtocol,
  model: string,
  question: string,
  onText: (piece: string) => void,
): Promise<StreamedReply> {
  const pieces: string[] = [];
  const take = (piece: string | undefined | null) => {
    if (!piece) return;
    pieces.push(piece);
    onText(piece);
  };
  switch (protocol) {
    case 'openai-chat': {
      let last: any;
      for await (const chunk of await sdks.openai.chat.completions.create({ model, messages: [{ role: 'user', content: question }], stream: true })) {
        take(chunk.choices[0]?.delta.content);
        last = chunk;
      }
      return { pieces, bench: last?.bench };
    }
    case 'openai-responses': {
      let bench: any;
      for await (const event of await sdks.openai.responses.create({ model, input: question, stream: true })) {
        if (event.type === 'response.output_text.delta') take(event.delta);
        if (event.type === 'response.completed') bench = (event.response as any).bench;
      }
      return { pieces, bench };
    }
    case 'anthropic': {
      let bench: any;
      const stream = await sdks.anthropic.messages.create({ model, max_tokens: 256, messages: [{ role: 'user', content: question }], stream: true });
      for await (const event of stream) {
        if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') take(event.delta.text);
        if (event.type === 'message_stop') bench = (event as any).bench;
      }
      return { pieces, bench };
    }
    case 'gemini':
      // @google/genai drops `bench` from its chunks: read it from the bytes the SDK received.
      return withRawBodies(async (bodies) => {
        for await (const chunk of await sdks.gemini.models.generateContentStream({ model: geminiModel(model), contents: question })) take(chunk.text);
        return { pieces, bench: (sseData(await bodies.at(-1)!).at(-1) as any)?.bench };
      });
    case 'ollama': {
      let bench: any;
      for await (const part of await sdks.ollama.chat({ model, messages: [{ role: 'user', content: question }], stream: true })) {
        take(part.message.content);
        if (part.done) bench = (part as any).bench;
      }
      return { pieces, bench };
    }
  }
}
