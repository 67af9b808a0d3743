package server

import (
	"fmt"
	"strconv"
)

// Addr returns the address to listen on for the PORT value given.
func Addr(port string) (string, error) {
	n, err := ParsePort(port)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf(":%d", n), nil
}

// ParsePort reads a TCP port number from 1 to 65535.
func ParsePort(port string) (int, error) {
	n, err := strconv.Atoi(port)
	if err != nil || n < 1 || n > 65535 {
		return 0, fmt.Errorf("expected a port from 1 to 65535, got %q", port)
	}
	return n, nil
}
