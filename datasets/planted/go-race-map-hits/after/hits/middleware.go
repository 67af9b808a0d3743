package hits

import "net/http"

// Counts holds the hits per path since the server started.
var Counts = map[string]int{}

// Middleware counts each request's path, then passes it on.
func Middleware(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		Counts[r.URL.Path]++
		next.ServeHTTP(w, r)
	})
}
