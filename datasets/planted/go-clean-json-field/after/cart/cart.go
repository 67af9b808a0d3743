package cart

// Item is one line of a cart.
type Item struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
}

// View is the cart as the API returns it.
type View struct {
	Items []Item `json:"items"`
	Count int    `json:"count"`
}

// NewView wraps the items for the API, with how many units they hold.
func NewView(items []Item) View {
	count := 0
	for _, item := range items {
		count += item.Quantity
	}
	return View{Items: items, Count: count}
}
