// A search term with a quote must reach the database as a parameter, never inside the SQL.
const { queries } = await import('../src/db.js');
const products = await import('../src/products.js');
if (typeof products.searchProducts === 'function') {
  await products.searchProducts("x' OR '1'='1");
  const pasted = queries.filter((query) => query.sql.includes("'1'='1"));
  if (pasted.length > 0) {
    console.error(`the term is pasted into the SQL: ${pasted[0].sql}`);
    process.exit(1);
  }
}
