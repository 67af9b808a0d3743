package server

import "testing"

// Every port from 1 to 65535 is an address, and nothing else is.
func TestReproductionAddr(t *testing.T) {
	for port, want := range map[string]string{"1": ":1", "8080": ":8080", "65535": ":65535", "0": "", "65536": "", "-1": "", "http": "", "": ""} {
		got, err := Addr(port)
		if got != want || (want == "") != (err != nil) {
			t.Errorf("Addr(%q) = %q, %v; want %q", port, got, err, want)
		}
	}
}
