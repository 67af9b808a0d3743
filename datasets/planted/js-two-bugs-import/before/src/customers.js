import { db } from './db.js';

export async function countCustomers() {
  const result = await db.query('SELECT count(*) AS n FROM customers');
  return result.rows[0]?.n ?? 0;
}
