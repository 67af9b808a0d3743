package cart

import (
	"encoding/json"
	"testing"
)

// The cart's items reach the API as before, whatever is added beside them.
func TestReproductionItemsInJSON(t *testing.T) {
	data, err := json.Marshal(NewView([]Item{{SKU: "a", Quantity: 2}}))
	if err != nil {
		t.Fatal(err)
	}
	var view struct {
		Items []map[string]any `json:"items"`
	}
	if err := json.Unmarshal(data, &view); err != nil {
		t.Fatal(err)
	}
	if len(view.Items) != 1 || view.Items[0]["sku"] != "a" || view.Items[0]["quantity"] != 2.0 {
		t.Fatalf("the API gets %s", data)
	}
}
