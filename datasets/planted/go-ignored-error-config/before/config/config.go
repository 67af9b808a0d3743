package config

// Config holds the server settings.
type Config struct {
	Addr    string `json:"addr"`
	TLSOnly bool   `json:"tlsOnly"`
}

// Default is the configuration used in development.
func Default() Config {
	return Config{Addr: ":8080", TLSOnly: true}
}
