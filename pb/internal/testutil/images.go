package testutil

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"testing"
)

// LargePNG builds a valid truecolour-with-alpha PNG of w × h pixels without
// holding the picture in memory: its rows are all one colour, so a picture
// that decodes to w*h*4 bytes is a file of a few hundred kilobytes.
//
// The rows being equal, it compresses only a few of them: the first row, a
// chunk of rows and the remainder, each ended by a flush (byte-aligned, the
// history kept). A chunk's references reach at most 32 KiB back into rows
// equal to those they read when it was compressed, so the chunk repeated
// decodes to more of the same rows (compressing 8,000 rows at the best
// level took most of a second a picture; this takes milliseconds).
func LargePNG(t testing.TB, w, h int) []byte {
	t.Helper()
	row := make([]byte, 1+w*4) // filter byte 0, then the pixels
	for i := 1; i < len(row); i += 4 {
		row[i], row[i+1], row[i+2], row[i+3] = 40, 90, 160, 255
	}
	chunkRows := min(max(h-1, 0), 256)
	var chunks, rest int
	if chunkRows > 0 {
		chunks, rest = (h-1)/chunkRows, (h-1)%chunkRows
	}

	var raw bytes.Buffer
	fw, err := flate.NewWriter(&raw, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	segment := func(rows int) []byte {
		from := raw.Len()
		for range rows {
			if _, err := fw.Write(row); err != nil {
				t.Fatal(err)
			}
		}
		if err := fw.Flush(); err != nil {
			t.Fatal(err)
		}
		return raw.Bytes()[from:]
	}
	first := bytes.Clone(segment(1))
	chunk := bytes.Clone(segment(chunkRows))
	last := segment(rest)

	var idat bytes.Buffer
	idat.Write([]byte{0x78, 0xda}) // zlib: deflate, 32 KiB window, best compression
	idat.Write(first)
	for range chunks {
		idat.Write(chunk)
	}
	idat.Write(last)
	idat.Write([]byte{0x01, 0x00, 0x00, 0xff, 0xff}) // the final block: stored, empty
	_ = binary.Write(&idat, binary.BigEndian, adler32Repeated(row, h))

	out := bytes.NewBuffer(PNGHeader(w, h))
	pngChunk(out, "IDAT", idat.Bytes())
	pngChunk(out, "IEND", nil)
	return out.Bytes()
}

// adler32Repeated is the Adler-32 checksum of block repeated n times,
// without reading n blocks: appending a block of length L whose bytes sum
// to s, and whose bytes weighted by their distance from its end (L for the
// first, 1 for the last) sum to u, turns (a, b) into (a+s, b+L·a+u).
func adler32Repeated(block []byte, n int) uint32 {
	const mod = 65521
	var s, u uint64
	for i, x := range block {
		s += uint64(x)
		u += uint64(len(block)-i) * uint64(x)
	}
	s, u = s%mod, u%mod
	l := uint64(len(block)) % mod
	a, b := uint64(1), uint64(0)
	for range n {
		b = (b + l*a + u) % mod
		a = (a + s) % mod
	}
	return uint32(b<<16 | a)
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
