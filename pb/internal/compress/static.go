package compress

import (
	"io"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"strconv"

	"github.com/pocketbase/pocketbase/core"
)

// variants are the precompressed files the web build writes beside each
// compressible asset (web/build/precompress.ts), in order of preference.
var variants = []struct{ encoding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// ServeFile answers name from fsys in the variant the client takes best
// (brotli, then gzip), else as stored. A range request gets bytes of the
// variant it selects (RFC 9110: ranges are of the selected representation,
// which Content-Encoding and Vary name); a client that wants ranges of the
// stored file asks with Accept-Encoding: identity.
func ServeFile(e *core.RequestEvent, fsys fs.FS, name string) error {
	var offered []string
	for _, v := range variants {
		if fi, err := fs.Stat(fsys, name+v.suffix); err == nil && fi.Mode().IsRegular() {
			offered = append(offered, v.encoding)
		}
	}
	if len(offered) == 0 {
		return e.FileFS(fsys, name)
	}
	h := e.Response.Header()
	addVary(h)
	enc := Accepts(e.Request.Header.Get("Accept-Encoding"), offered...)
	if enc == "" {
		return e.FileFS(fsys, name)
	}
	for _, v := range variants {
		if v.encoding == enc {
			return serveVariant(e, fsys, name, name+v.suffix, enc)
		}
	}
	return e.FileFS(fsys, name)
}

func serveVariant(e *core.RequestEvent, fsys fs.FS, name, stored, encoding string) error {
	f, err := fsys.Open(stored)
	if err != nil {
		return e.FileFS(fsys, name)
	}
	defer func() { _ = f.Close() }() // read only: nothing to lose
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	rs, ok := f.(io.ReadSeeker)
	if !ok {
		return e.FileFS(fsys, name)
	}
	h := e.Response.Header()
	// The type is the stored file's: sniffing would read compressed bytes.
	ct := mime.TypeByExtension(path.Ext(name))
	if ct == "" {
		ct = "application/octet-stream"
	}
	h.Set("Content-Type", ct)
	h.Set("Content-Encoding", encoding)
	// http.ServeContent leaves the length out once Content-Encoding is set
	// (it guards against writers that compress on the fly); this body is
	// the stored variant, so its length is known. Ranges set their own.
	h.Set("Content-Length", strconv.FormatInt(fi.Size(), 10))
	http.ServeContent(e.Response, e.Request, name, fi.ModTime(), rs)
	return nil
}
