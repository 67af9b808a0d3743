package cart

// Item is one line of a cart.
type Item struct {
	SKU      string `json:"sku"`
	Quantity int    `json:"quantity"`
}

// View is the cart as the API returns it.
type View struct {
	Items []Item `json:"items"`
}

// NewView wraps the items for the API.
func NewView(items []Item) View {
	return View{Items: items}
}
