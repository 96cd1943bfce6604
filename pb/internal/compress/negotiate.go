// Package compress answers with compressed bodies: the web app's files in
// the variants the build precompressed beside them (brotli and gzip), and
// the API's JSON gzipped on the fly above a size threshold (docs/api/README.md,
// "Compression").
package compress

import (
	"net/http"
	"strconv"
	"strings"
)

// maxAcceptEncoding bounds how much of an Accept-Encoding header is read:
// browsers send about 30 bytes.
const maxAcceptEncoding = 256

// Accepts answers which of offered the client takes by the q-values of its
// Accept-Encoding header (ties go to the earlier in offered, the server's
// preference), or "" when it takes none of them (the body as it is).
func Accepts(header string, offered ...string) string {
	if len(header) > maxAcceptEncoding {
		header = header[:maxAcceptEncoding]
	}
	qs := map[string]float64{}
	wildcard := -1.0
	for part := range strings.SplitSeq(header, ",") {
		name, params, _ := strings.Cut(part, ";")
		name = strings.ToLower(strings.TrimSpace(name))
		if name == "" {
			continue
		}
		if name == "x-gzip" {
			name = "gzip"
		}
		q := 1.0
		for param := range strings.SplitSeq(params, ";") {
			k, v, ok := strings.Cut(param, "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
				if err != nil || f < 0 {
					f = 0
				}
				q = f
			}
		}
		if name == "*" {
			wildcard = q
		} else {
			qs[name] = q
		}
	}
	best, bestQ := "", 0.0
	for _, enc := range offered {
		q, ok := qs[enc]
		if !ok {
			q = wildcard
		}
		if q > bestQ {
			best, bestQ = enc, q
		}
	}
	return best
}

// Compressible tells whether a content type is worth compressing: text,
// JSON, JavaScript, XML and SVG. Images other than SVG, fonts, archives and
// event streams are not (the first are compressed already; a stream must
// reach the client as it is written).
func Compressible(contentType string) bool {
	mt, _, _ := strings.Cut(contentType, ";")
	mt = strings.ToLower(strings.TrimSpace(mt))
	switch {
	case mt == "text/event-stream":
		return false
	case strings.HasPrefix(mt, "text/"),
		mt == "application/json", mt == "application/javascript", mt == "application/xml",
		mt == "image/svg+xml", strings.HasSuffix(mt, "+json"), strings.HasSuffix(mt, "+xml"):
		return true
	}
	return false
}

// addVary adds Accept-Encoding to the Vary header once: caches then keep
// the compressed and the plain answers apart.
func addVary(h http.Header) {
	for _, v := range h.Values("Vary") {
		for token := range strings.SplitSeq(v, ",") {
			if t := strings.TrimSpace(token); t == "*" || strings.EqualFold(t, "Accept-Encoding") {
				return
			}
		}
	}
	h.Add("Vary", "Accept-Encoding")
}
