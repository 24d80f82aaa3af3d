import type { ContentPart, Message, Transcript } from '../api/types';

function bytes(count: number | undefined): string {
  if (count === undefined) return '';
  return count < 1024 ? `${count} B` : `${(count / 1024).toFixed(1)} KB`;
}

function Part({ part }: { part: ContentPart }) {
  switch (part.type) {
    case 'text':
      return <p class="text">{part.text}</p>;
    case 'reasoning':
      return (
        <details class="reasoning">
          <summary>reasoning</summary>
          <p class="text">{part.text}</p>
        </details>
      );
    case 'image':
    case 'file': {
      const where = 'url' in part && part.url ? part.url : `${'mediaType' in part ? (part.mediaType ?? '') : ''} ${bytes('bytes' in part ? part.bytes : undefined)}`;
      return (
        <p class="attachment">
          [{part.type}
          {part.type === 'file' && part.filename ? ` ${part.filename}` : ''} {where}]
        </p>
      );
    }
    case 'tool-call':
      return (
        <div class="tool">
          <span class="badge">tool call</span> <code>{part.name}</code>
          <pre>{part.arguments}</pre>
        </div>
      );
    case 'tool-result':
      return (
        <div class={part.isError ? 'tool tool-error' : 'tool'}>
          <span class="badge">tool result{part.isError ? ' (error)' : ''}</span> {part.name ? <code>{part.name}</code> : null}
          {part.content.map((inner, index) => (
            <Part key={index} part={inner} />
          ))}
        </div>
      );
    default: {
      const never: never = part;
      return <p>{JSON.stringify(never)}</p>;
    }
  }
}

export function Messages({ system, messages }: { system: string | null; messages: Message[] }) {
  return (
    <ol class="messages">
      {system ? (
        <li class="message role-system">
          <span class="role">system</span>
          <p class="text">{system}</p>
        </li>
      ) : null}
      {messages.map((message, index) => (
        <li key={index} class={`message role-${message.role}`}>
          <span class="role">{message.role}</span>
          {message.content.map((part, partIndex) => (
            <Part key={partIndex} part={part} />
          ))}
        </li>
      ))}
    </ol>
  );
}

/** A call's answer: its text, reasoning and tool calls; `null` when the text is not kept. */
export function Answer({ transcript, kept }: { transcript: Transcript | null; kept: boolean }) {
  if (!transcript?.answer) return <p class="muted">{kept ? 'no text (the call failed, or its text was deleted after keep)' : 'text not kept'}</p>;
  const { text, reasoning, toolCalls } = transcript.answer;
  return (
    <div class="answer">
      {reasoning ? <Part part={{ type: 'reasoning', text: reasoning }} /> : null}
      {text ? <p class="text">{text}</p> : null}
      {toolCalls.map((call) => (
        <Part key={call.id} part={{ type: 'tool-call', ...call }} />
      ))}
    </div>
  );
}
