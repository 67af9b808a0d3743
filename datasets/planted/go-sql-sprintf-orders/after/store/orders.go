package store

import (
	"database/sql"
	"fmt"
)

// CountOrders returns how many orders there are.
func CountOrders(db *sql.DB) (int, error) {
	var n int
	err := db.QueryRow("SELECT count(*) FROM orders").Scan(&n)
	return n, err
}

// OrdersOf lists the ids of a customer's orders, the customer named as the request gives it.
func OrdersOf(db *sql.DB, customer string) ([]int64, error) {
	rows, err := db.Query(fmt.Sprintf("SELECT id FROM orders WHERE customer = '%s'", customer))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
