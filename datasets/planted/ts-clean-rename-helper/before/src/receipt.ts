import { formatPrice } from './money.js';

export function receiptLine(name: string, cents: number): string {
  return `${name}: ${formatPrice(cents)}`;
}
