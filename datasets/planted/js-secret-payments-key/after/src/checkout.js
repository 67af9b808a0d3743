import { charge } from './payments.js';

export function checkoutTotal(cart) {
  return cart.items.reduce((sum, item) => sum + item.price * item.quantity, 0);
}

export async function pay(cart, card) {
  return charge(checkoutTotal(cart), card);
}
