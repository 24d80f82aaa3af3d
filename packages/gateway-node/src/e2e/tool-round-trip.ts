import type { SdkProtocol, Sdks } from './sdk-clients';

export const WEATHER_SCHEMA = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };

export interface ToolTurn {
  text: string;
  call: { id: string | undefined; name: string; args: unknown } | undefined;
  /** Sends the tool's result as the next turn; resolves with that turn's text. */
  answer(result: string): Promise<string>;
}

/** One tool-using turn through a protocol's SDK (not streamed), and the follow-up turn carrying the tool result. */
export async function toolTurn(sdks: Sdks, protocol: SdkProtocol, model: string, question: string): Promise<ToolTurn> {
  switch (protocol) {
    case 'openai-chat': {
      const tools = [{ type: 'function' as const, function: { name: 'get_weather', parameters: WEATHER_SCHEMA } }];
      const messages = [{ role: 'user' as const, content: question }];
      const reply = await sdks.openai.chat.completions.create({ model, messages, tools });
      const message = reply.choices[0]!.message;
      const call = message.tool_calls?.[0];
      return {
        text: message.content ?? '',
        call: call?.type === 'function' ? { id: call.id, name: call.function.name, args: JSON.parse(call.function.arguments) } : undefined,
        answer: async (result) => {
          const next = await sdks.openai.chat.completions.create({
            model,
            tools,
            messages: [...messages, message, { role: 'tool', tool_call_id: call!.id, content: result }],
          });
          return next.choices[0]!.message.content ?? '';
        },
      };
    }
    case 'openai-responses': {
      const tools = [{ type: 'function' as const, name: 'get_weather', parameters: WEATHER_SCHEMA, strict: false }];
      const reply = await sdks.openai.responses.create({ model, input: question, tools });
      const item = reply.output.find((entry) => entry.type === 'function_call');
      return {
        text: reply.output_text,
        call: item ? { id: item.call_id, name: item.name, args: JSON.parse(item.arguments) } : undefined,
        answer: async (result) => {
          const input = [
            { role: 'user' as const, content: question },
            ...reply.output,
            { type: 'function_call_output' as const, call_id: item!.call_id, output: result },
          ];
          const next = await sdks.openai.responses.create({ model, tools, input: input as never });
          return next.output_text;
        },
      };
    }
    case 'anthropic': {
      const tools = [{ name: 'get_weather', description: 'weather', input_schema: WEATHER_SCHEMA as never }];
      const messages = [{ role: 'user' as const, content: question }];
      const reply = await sdks.anthropic.messages.create({ model, max_tokens: 1024, messages, tools });
      const use = reply.content.find((block) => block.type === 'tool_use');
      const text = reply.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
      return {
        text,
        call: use ? { id: use.id, name: use.name, args: use.input } : undefined,
        answer: async (result) => {
          const next = await sdks.anthropic.messages.create({
            model,
            max_tokens: 1024,
            tools,
            messages: [
              ...messages,
              { role: 'assistant', content: reply.content },
              { role: 'user', content: [{ type: 'tool_result', tool_use_id: use!.id, content: result }] },
            ],
          });
          return next.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
        },
      };
    }
    case 'gemini': {
      const config = { tools: [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: WEATHER_SCHEMA }] }] };
      const geminiModel = model.replace(/^bench\//, '');
      const reply = await sdks.gemini.models.generateContent({ model: geminiModel, contents: question, config });
      const call = reply.functionCalls?.[0];
      return {
        text: (reply.candidates?.[0]?.content?.parts ?? []).map((part) => part.text ?? '').join(''),
        call: call ? { id: call.id, name: call.name!, args: call.args } : undefined,
        answer: async (result) => {
          const next = await sdks.gemini.models.generateContent({
            model: geminiModel,
            config,
            contents: [
              { role: 'user', parts: [{ text: question }] },
              reply.candidates![0]!.content!,
              { role: 'user', parts: [{ functionResponse: { ...(call!.id ? { id: call!.id } : {}), name: 'get_weather', response: JSON.parse(result) } }] },
            ],
          });
          return next.text ?? '';
        },
      };
    }
    case 'ollama': {
      const tools = [{ type: 'function', function: { name: 'get_weather', description: 'weather', parameters: WEATHER_SCHEMA as never } }];
      const messages = [{ role: 'user', content: question }];
      const reply = await sdks.ollama.chat({ model, messages, tools, stream: false });
      const call = reply.message.tool_calls?.[0];
      return {
        text: reply.message.content,
        call: call ? { id: undefined, name: call.function.name, args: call.function.arguments } : undefined,
        answer: async (result) => {
          const next = await sdks.ollama.chat({
            model,
            tools,
            stream: false,
            messages: [...messages, reply.message, { role: 'tool', content: result, tool_name: 'get_weather' } as never],
          });
          return next.message.content;
        },
      };
    }
  }
}
