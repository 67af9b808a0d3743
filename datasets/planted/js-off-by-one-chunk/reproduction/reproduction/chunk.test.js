// Batches of 2 of two users: one batch, no empty one sent after it.
const notify = await import('../src/notify.js');
if (typeof notify.chunk === 'function') {
  const batches = notify.chunk([1, 2], 2);
  if (batches.some((batch) => batch.length === 0)) {
    console.error(`chunk([1, 2], 2) gives ${JSON.stringify(batches)}: an empty batch at the end`);
    process.exit(1);
  }
}
