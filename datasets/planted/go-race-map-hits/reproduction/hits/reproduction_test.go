package hits

import (
	"net/http"
	"net/http/httptest"
	"runtime"
	"sync"
	"testing"
)

// Requests served at once, as net/http serves them (each on its own goroutine), all get through:
// Go aborts the whole program when two of them write a map at the same time.
func TestReproductionConcurrentRequests(t *testing.T) {
	runtime.GOMAXPROCS(8)
	handler := Middleware(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 20000; i++ {
				handler.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil))
			}
		}()
	}
	wg.Wait()
}
