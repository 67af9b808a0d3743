// The report sums the orders, and says it for people when it can.
const report = await import('../src/report.js');
const sales = report.salesReport([{ amount: 2 }, { amount: 3 }]);
if (sales.orders !== 2 || sales.total !== 5) process.exit(1);
if (typeof report.formatReport === 'function' && report.formatReport(sales) !== '2 orders, 5.00 in total') process.exit(1);
