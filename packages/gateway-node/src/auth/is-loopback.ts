/** True for 127.0.0.0/8, ::1 and IPv4-mapped loopback addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || plain.startsWith('127.') || plain === 'localhost';
}
