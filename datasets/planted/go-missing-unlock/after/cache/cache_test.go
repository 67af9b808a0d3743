package cache

import "testing"

func TestEmptyKeyIsAMiss(t *testing.T) {
	if _, ok := New().Get(""); ok {
		t.Fatal("expected a miss")
	}
}
