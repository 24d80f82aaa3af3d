import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS, redactImages } from './redact-images';

describe('redactImages', () => {
  it('replaces base64 data URLs, keeping their media type', () => {
    expect(redactImages('bad input: data:image/jpeg;base64,/9j/4AAQSkZJRg== end')).toBe('bad input: data:image/jpeg;base64,[redacted 39 chars] end');
  });

  it('replaces long bare base64 runs but keeps ordinary words and ids', () => {
    const run = 'iVBORw0KGgo'.repeat(30);
    expect(redactImages(`image "${run}" rejected; request req_01HZX2 failed`)).toBe(
      `image "[redacted base64, ${run.length} chars]" rejected; request req_01HZX2 failed`,
    );
  });

  it('cuts an overlong message and says how much it cut', () => {
    const message = 'word '.repeat(1000);
    const redacted = redactImages(message);
    expect(redacted).toBe(`${message.slice(0, MAX_MESSAGE_CHARS)}… [${message.length - MAX_MESSAGE_CHARS} more chars cut]`);
  });
});
