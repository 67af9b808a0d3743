import { db } from './db.js';

export async function listProducts() {
  return db.query('SELECT id, name, price FROM products ORDER BY name');
}

export async function searchProducts(term) {
  const sql = "SELECT id, name, price FROM products WHERE name LIKE '%" + term + "%' ORDER BY name";
  return db.query(sql);
}
