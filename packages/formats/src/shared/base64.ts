const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** Standard base64 (padding optional): what every provider takes as image data. */
export function isBase64(text: string): boolean {
  return text.length % 4 !== 1 && BASE64.test(text);
}

export const NOT_BASE64 = 'expected base64 data (A–Z, a–z, 0–9, "+", "/", "=" padding), without spaces or a data: prefix';
