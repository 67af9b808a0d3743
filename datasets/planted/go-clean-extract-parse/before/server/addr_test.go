package server

import "testing"

func TestAddr(t *testing.T) {
	if got, _ := Addr("8080"); got != ":8080" {
		t.Fatalf("got %q", got)
	}
}
