/** A reader of `GET /bench/events` with an admin key: the events it parsed so far, the comments, and whether the stream ended. */
export async function followEvents(url: string, adminKey: string, signal?: AbortSignal) {
  const response = await fetch(`${url}/bench/events`, { headers: { authorization: `Bearer ${adminKey}` }, signal });
  const seen = {
    events: [] as Array<{ event: string; data: any }>,
    comments: [] as string[],
    ended: false,
    status: response.status,
    type: response.headers.get('content-type'),
  };
  const reading = (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          for (const line of lines) if (line.startsWith(':')) seen.comments.push(line.slice(1).trim());
          const event = lines.find((line) => line.startsWith('event: '))?.slice(7);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
          if (event && data) seen.events.push({ event, data: JSON.parse(data) });
        }
      }
      seen.ended = true;
    } catch {
      // aborted by the test
    }
  })();
  return { seen, reading };
}
