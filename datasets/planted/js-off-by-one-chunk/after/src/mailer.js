export async function sendAll(addresses) {
  return { sent: addresses.length };
}
