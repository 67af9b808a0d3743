package cart

import "testing"

func TestNewViewKeepsTheItems(t *testing.T) {
	if len(NewView([]Item{{SKU: "a", Quantity: 2}}).Items) != 1 {
		t.Fatal("expected one item")
	}
}

func TestNewViewCountsTheUnits(t *testing.T) {
	if got := NewView([]Item{{SKU: "a", Quantity: 2}, {SKU: "b", Quantity: 3}}).Count; got != 5 {
		t.Fatalf("got %d", got)
	}
}
