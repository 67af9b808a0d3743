package config

import "testing"

func TestDefaultListensOn8080(t *testing.T) {
	if Default().Addr != ":8080" {
		t.Fatal("expected :8080")
	}
}
