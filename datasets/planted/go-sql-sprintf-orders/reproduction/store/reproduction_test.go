package store

import (
	"database/sql"
	"database/sql/driver"
	"io"
	"strings"
	"testing"
)

// A driver that records each query and its arguments, and finds no rows.
type recorder struct{ queries []string }

func (r *recorder) Open(string) (driver.Conn, error) { return conn{r}, nil }

type conn struct{ r *recorder }

func (c conn) Prepare(query string) (driver.Stmt, error) {
	c.r.queries = append(c.r.queries, query)
	return stmt{}, nil
}
func (c conn) Close() error              { return nil }
func (c conn) Begin() (driver.Tx, error) { return nil, io.EOF }

type stmt struct{}

func (stmt) Close() error                               { return nil }
func (stmt) NumInput() int                              { return -1 }
func (stmt) Exec([]driver.Value) (driver.Result, error) { return driver.RowsAffected(0), nil }
func (stmt) Query([]driver.Value) (driver.Rows, error)  { return rows{}, nil }

type rows struct{}

func (rows) Columns() []string         { return []string{"id"} }
func (rows) Close() error              { return nil }
func (rows) Next([]driver.Value) error { return io.EOF }

// A customer name with a quote reaches the database as an argument, never inside the SQL.
func TestReproductionNameIsAnArgument(t *testing.T) {
	r := &recorder{}
	sql.Register("reproduction", r)
	db, err := sql.Open("reproduction", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := OrdersOf(db, "x' OR '1'='1"); err != nil {
		t.Fatal(err)
	}
	for _, query := range r.queries {
		if strings.Contains(query, "'1'='1") {
			t.Fatalf("the name is pasted into the SQL: %s", query)
		}
	}
}
