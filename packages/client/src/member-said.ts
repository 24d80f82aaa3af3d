/** What the member itself said: a client error's message without the `alias: ` the client put before it. */
export function memberSaid(error: Error, alias: string): string {
  const prefix = `${alias}: `;
  return error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
}
