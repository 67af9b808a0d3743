package cart

import "testing"

func TestNewViewKeepsTheItems(t *testing.T) {
	if len(NewView([]Item{{SKU: "a", Quantity: 2}}).Items) != 1 {
		t.Fatal("expected one item")
	}
}
