package config

// Find reads the configuration at path, or, with path "", the system's
// (SystemPath) if there is one, else the defaults. It returns the path it
// stands for, for messages.
func Find(path string) (*Config, string, error) {
	must := true
	if path == "" {
		path, must = SystemPath, false
	}
	cfg, err := Load(path, must)
	return cfg, path, err
}
