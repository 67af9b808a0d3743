package cache

import (
	"testing"
	"time"
)

// A Get after a Get of the empty key returns: the first one let go of the lock.
func TestReproductionGetAfterEmptyKey(t *testing.T) {
	c := New()
	c.Get("")
	done := make(chan struct{})
	go func() {
		c.Get("a")
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Get blocks after a Get of the empty key: the lock was never released")
	}
}
