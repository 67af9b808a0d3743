// A name with a quote in the uploaded file must reach the database as a parameter, never inside the SQL.
const { queries } = await import('../src/db.js');
const customers = await import('../src/customers.js');
if (typeof customers.importCustomers === 'function') {
  await customers.importCustomers("name,email\nO'Brien,ob@example.com\n");
  const pasted = queries.filter((query) => query.sql.includes("O'Brien"));
  if (pasted.length > 0) {
    console.error(`the name is pasted into the SQL: ${pasted[0].sql}`);
    process.exit(1);
  }
}
