package cache

import "sync"

// Cache is a map safe for use from several goroutines.
type Cache struct {
	mu    sync.Mutex
	items map[string]string
}

// New returns an empty cache.
func New() *Cache {
	return &Cache{items: map[string]string{}}
}

// Get returns the value stored under key.
func (c *Cache) Get(key string) (string, bool) {
	c.mu.Lock()
	value, ok := c.items[key]
	c.mu.Unlock()
	return value, ok
}
