package store

import "database/sql"

// CountOrders returns how many orders there are.
func CountOrders(db *sql.DB) (int, error) {
	var n int
	err := db.QueryRow("SELECT count(*) FROM orders").Scan(&n)
	return n, err
}
