package testutil

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"sync"
	"testing"
)

// largePNGs keeps the pictures LargePNG made (compressing 8000 × 8000
// pixels takes most of a second); callers get copies.
var largePNGs sync.Map // [2]int{w, h} -> []byte

// LargePNG builds a valid truecolour-with-alpha PNG of w × h pixels without
// holding the picture in memory: its rows are all one colour, so a picture
// that decodes to w*h*4 bytes is a file of a few hundred kilobytes.
func LargePNG(t testing.TB, w, h int) []byte {
	t.Helper()
	if b, ok := largePNGs.Load([2]int{w, h}); ok {
		return bytes.Clone(b.([]byte))
	}
	b := largePNG(t, w, h)
	largePNGs.Store([2]int{w, h}, b)
	return bytes.Clone(b)
}

func largePNG(t testing.TB, w, h int) []byte {
	t.Helper()
	out := bytes.NewBuffer(PNGHeader(w, h))
	chunk := func(kind string, data []byte) { pngChunk(out, kind, data) }

	var idat bytes.Buffer
	z, err := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	row := make([]byte, 1+w*4) // filter byte 0, then the pixels
	for i := 1; i < len(row); i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = 40, 90, 160, 255
	}
	for range h {
		if _, err := z.Write(row); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// PNGHeader is the start of a PNG of w × h pixels: the signature and the
// header chunk, all a decoder reads to learn the size.
func PNGHeader(w, h int) []byte {
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], uint32(w))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(h))
	ihdr[8], ihdr[9] = 8, 6 // 8 bits, RGBA
	pngChunk(&out, "IHDR", ihdr)
	return out.Bytes()
}

func pngChunk(out *bytes.Buffer, kind string, data []byte) {
	_ = binary.Write(out, binary.BigEndian, uint32(len(data)))
	crc := crc32.NewIEEE()
	crc.Write([]byte(kind))
	crc.Write(data)
	out.WriteString(kind)
	out.Write(data)
	_ = binary.Write(out, binary.BigEndian, crc.Sum32())
}
