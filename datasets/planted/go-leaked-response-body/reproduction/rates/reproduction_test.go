package rates

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"testing"
	"time"
)

// Asking for a rate 20 times leaves no connection behind, when the service sends more than the JSON
// object (here a long run of whitespace): only a closed body lets the client drop or reuse the connection.
func TestReproductionNoLeakedConnections(t *testing.T) {
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, `{"rate": 1.08}`+strings.Repeat(" ", 64*1024))
	}))
	defer server.Close()
	before := runtime.NumGoroutine()
	for i := 0; i < 20; i++ {
		if _, err := Fetch(server.URL, "EUR", "USD"); err != nil {
			t.Fatal(err)
		}
	}
	// One kept-alive connection holds a few goroutines; a leaked one per call holds at least 20.
	deadline := time.Now().Add(5 * time.Second)
	for runtime.NumGoroutine()-before >= 10 {
		if time.Now().After(deadline) {
			t.Fatalf("20 calls left %d more goroutines running", runtime.NumGoroutine()-before)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
