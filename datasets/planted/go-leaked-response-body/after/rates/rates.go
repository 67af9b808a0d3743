package rates

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// Fixed is the rate used when the service is not asked.
const Fixed = 1.08

// Fetch asks the rates service for the rate from one currency to another.
func Fetch(base, from, to string) (float64, error) {
	resp, err := http.Get(fmt.Sprintf("%s/rate?from=%s&to=%s", base, from, to))
	if err != nil {
		return 0, err
	}
	var body struct {
		Rate float64 `json:"rate"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&body); err != nil {
		return 0, err
	}
	return body.Rate, nil
}
