import { formatMoney } from './money.js';

export function receiptLine(name: string, cents: number): string {
  return `${name}: ${formatMoney(cents)}`;
}

export function refundLine(name: string, cents: number): string {
  return `${name} (refund): -${formatMoney(Math.abs(cents))}`;
}
