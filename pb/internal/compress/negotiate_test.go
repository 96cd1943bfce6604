package compress

import (
	"net/http"
	"strings"
	"testing"
)

func TestAccepts(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		header  string
		offered []string
		want    string
	}{
		{"gzip, deflate, br, zstd", []string{"br", "gzip"}, "br"}, // Chrome's header: the server's preference wins the tie
		{"gzip, deflate", []string{"br", "gzip"}, "gzip"},
		{"", []string{"br", "gzip"}, ""},
		{"identity", []string{"br", "gzip"}, ""},
		{"br;q=0, gzip", []string{"br", "gzip"}, "gzip"},
		{"br;q=0.5, gzip;q=0.8", []string{"br", "gzip"}, "gzip"}, // the client's weights first
		{"gzip;q=0", []string{"gzip"}, ""},
		{"*", []string{"br", "gzip"}, "br"},
		{"*;q=0, gzip", []string{"br", "gzip"}, "gzip"},
		{"GZIP", []string{"gzip"}, "gzip"},
		{"x-gzip", []string{"gzip"}, "gzip"},
		{"gzip;q=nonsense", []string{"gzip"}, ""},
		{"br", []string{"gzip"}, ""},
		{strings.Repeat("x, ", 200) + "gzip", []string{"gzip"}, ""}, // read only the first 256 bytes
	} {
		if got := Accepts(c.header, c.offered...); got != c.want {
			t.Errorf("Accepts(%q, %v) = %q, want %q", c.header, c.offered, got, c.want)
		}
	}
}

func TestCompressible(t *testing.T) {
	t.Parallel()
	for ct, want := range map[string]bool{
		"application/json":          true,
		"application/json; charset": true,
		"text/html; charset=utf-8":  true,
		"text/javascript":           true,
		"text/css; charset=utf-8":   true,
		"image/svg+xml":             true,
		"application/problem+json":  true,
		"text/event-stream":         false,
		"image/png":                 false,
		"image/webp":                false,
		"application/zip":           false,
		"font/woff2":                false,
		"application/octet-stream":  false,
		"":                          false,
	} {
		if got := Compressible(ct); got != want {
			t.Errorf("Compressible(%q) = %v, want %v", ct, got, want)
		}
	}
}

func TestAddVaryOnce(t *testing.T) {
	t.Parallel()
	h := http.Header{}
	h.Add("Vary", "Origin")
	addVary(h)
	addVary(h)
	if got := h.Values("Vary"); len(got) != 2 || got[1] != "Accept-Encoding" {
		t.Errorf("Vary = %v", got)
	}
}
