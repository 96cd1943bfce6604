package metrics

import "github.com/pocketbase/pocketbase/core"

// Method is the method label: a standard method by name, anything else "other".
func Method(m string) string { return methods[methodIndex(m)] }

// StatusClass is the status label: "1xx" to "5xx", anything else "other".
func StatusClass(status int) string { return classes[classIndex(status)] }

// ScrapeAddr is the address the METRICS_ADDR listener is bound to (empty
// when it is off), for tests that ask for port 0.
func ScrapeAddr(app core.App) string {
	r := registryOf(app)
	if r == nil {
		return ""
	}
	s := &r.scrape
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ln == nil {
		return ""
	}
	return s.ln.Addr().String()
}
