package webhook

import "net/http"

// Handle accepts a webhook delivery.
func Handle(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusAccepted)
}
