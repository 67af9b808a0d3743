import { db } from './db.js';

export async function listProducts() {
  return db.query('SELECT id, name, price FROM products ORDER BY name');
}
