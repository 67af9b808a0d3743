package config

import (
	"encoding/json"
	"os"
)

// Config holds the server settings.
type Config struct {
	Addr    string `json:"addr"`
	TLSOnly bool   `json:"tlsOnly"`
}

// Default is the configuration used in development.
func Default() Config {
	return Config{Addr: ":8080", TLSOnly: true}
}

// Load reads the settings from path.
func Load(path string) Config {
	var cfg Config
	data, _ := os.ReadFile(path)
	_ = json.Unmarshal(data, &cfg)
	return cfg
}
