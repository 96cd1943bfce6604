package testutil

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"testing"
)

// PNGSpec describes a PNG that CraftPNG writes: size, colour type (0 grey,
// 2 RGB, 3 palette, 4 grey and alpha, 6 RGBA), bit depth, Adam7 interlacing
// and a transparency chunk. Its samples are all zero.
type PNGSpec struct {
	W, H       int
	Colour     byte
	Depth      byte
	Interlaced bool
	TRNS       bool
}

// CraftPNG writes the PNG a spec describes without holding its pixels: a
// picture that decodes to hundreds of megabytes is a file of kilobytes.
func CraftPNG(t testing.TB, s PNGSpec) []byte {
	t.Helper()
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(s.W))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(s.H))
	ihdr[8], ihdr[9] = s.Depth, s.Colour
	if s.Interlaced {
		ihdr[12] = 1
	}
	pngChunk(&out, "IHDR", ihdr)
	if s.Colour == 3 {
		pngChunk(&out, "PLTE", make([]byte, 3*(1<<min(s.Depth, 8))))
	}
	if s.TRNS {
		pngChunk(&out, "tRNS", make([]byte, map[byte]int{0: 2, 2: 6, 3: 1}[s.Colour]))
	}
	samples := map[byte]int{0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[s.Colour]
	var idat bytes.Buffer
	z, err := zlib.NewWriterLevel(&idat, zlib.BestSpeed) // zero samples: 80 KB per 64 MB of pixels, twice as fast to write as BestCompression
	if err != nil {
		t.Fatal(err)
	}
	rows := func(w, h int) {
		if w == 0 || h == 0 {
			return
		}
		row := make([]byte, 1+(samples*int(s.Depth)*w+7)/8)
		for range h {
			if _, err := z.Write(row); err != nil {
				t.Fatal(err)
			}
		}
	}
	if s.Interlaced {
		for _, p := range [7][4]int{{0, 0, 8, 8}, {4, 0, 8, 8}, {0, 4, 4, 8}, {2, 0, 4, 4}, {0, 2, 2, 4}, {1, 0, 2, 2}, {0, 1, 1, 2}} {
			rows((s.W-p[0]+p[2]-1)/p[2], (s.H-p[1]+p[3]-1)/p[3])
		}
	} else {
		rows(s.W, s.H)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	pngChunk(&out, "IDAT", idat.Bytes())
	pngChunk(&out, "IEND", nil)
	return out.Bytes()
}
