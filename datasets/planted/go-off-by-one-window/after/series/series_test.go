package series

import "testing"

func TestSumOfNothingIsZero(t *testing.T) {
	if Sum(nil) != 0 {
		t.Fatal("expected 0")
	}
}
