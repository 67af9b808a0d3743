import { searchProducts } from './products.js';

export async function searchRoute(request) {
  return searchProducts(request.query.q ?? '');
}
