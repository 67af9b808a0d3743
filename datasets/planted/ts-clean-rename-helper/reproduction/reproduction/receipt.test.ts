// Receipt and refund lines read as before the rename: the amount in euros, a refund negative.
import { receiptLine, refundLine } from '../src/receipt.js';

const lines: [string, string][] = [
  [receiptLine('Mug', 800), 'Mug: €8.00'],
  [receiptLine('Tea', 1250), 'Tea: €12.50'],
  [refundLine('Mug', 800), 'Mug (refund): -€8.00'],
  [refundLine('Mug', -800), 'Mug (refund): -€8.00'],
];
for (const [got, want] of lines) {
  if (got !== want) {
    console.error(`got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
    process.exit(1);
  }
}
