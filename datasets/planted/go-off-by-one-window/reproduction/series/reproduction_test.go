package series

import (
	"reflect"
	"testing"
)

// Windows of 2 over three values: two sums, no slice past the end.
func TestReproductionWindows(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Fatalf("Windows([1 2 3], 2) panics: %v", r)
		}
	}()
	if got := Windows([]float64{1, 2, 3}, 2); !reflect.DeepEqual(got, []float64{3, 5}) {
		t.Fatalf("Windows([1 2 3], 2) = %v", got)
	}
}
