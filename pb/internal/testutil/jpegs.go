package testutil

import (
	"bytes"
	"encoding/binary"
)

// JPEGSpec describes a JPEG that CraftJPEG writes: its size, components
// (identifier and sampling factors, e.g. 0x22 for full-size luma at 4:2:0),
// whether it is progressive and with how many scans, and its colour
// markers. The picture is flat grey; the decoder's allocations depend only
// on the headers, and its work on the scans.
type JPEGSpec struct {
	W, H        int
	IDs         []byte // component identifiers: 1,2,3 for YCbCr, 'R','G','B'...
	HV          []byte // sampling factors per component
	Progressive bool
	Scans       int  // progressive only: how many AC scans
	Refine      bool // progressive only: scans after the first round refine (the costliest kind)
	JFIF        bool
	Adobe       int // the APP14 colour transform, or -1 for no APP14 marker
}

// Grey, YCbCr444, YCbCr420 are common component layouts.
var (
	GreyJPEG     = JPEGSpec{IDs: []byte{1}, HV: []byte{0x11}, JFIF: true, Adobe: -1}
	YCbCr444JPEG = JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x11, 0x11, 0x11}, JFIF: true, Adobe: -1}
	YCbCr420JPEG = JPEGSpec{IDs: []byte{1, 2, 3}, HV: []byte{0x22, 0x11, 0x11}, JFIF: true, Adobe: -1}
	RGBJPEG      = JPEGSpec{IDs: []byte{'R', 'G', 'B'}, HV: []byte{0x11, 0x11, 0x11}, Adobe: 0}
	CMYKJPEG     = JPEGSpec{IDs: []byte{1, 2, 3, 4}, HV: []byte{0x11, 0x11, 0x11, 0x11}, Adobe: 0}
	YCCKJPEG     = JPEGSpec{IDs: []byte{1, 2, 3, 4}, HV: []byte{0x22, 0x11, 0x11, 0x22}, Adobe: 2}
)

// Sized answers the spec at w × h.
func (s JPEGSpec) Sized(w, h int) JPEGSpec { s.W, s.H = w, h; return s }

// ProgressiveScans answers the spec as a progressive file of n scans.
func (s JPEGSpec) ProgressiveScans(n int, refine bool) JPEGSpec {
	s.Progressive, s.Scans, s.Refine = true, n, refine
	return s
}

// CraftJPEG writes the JPEG a spec describes. A sequential file has one
// interleaved scan in which every block costs two bits (a zero DC
// difference and an end of block). A progressive file has only AC scans of
// one component each, whose blocks are skipped by end-of-band runs of
// 32,767 blocks: a few bytes a scan however large the picture. That is the
// shape of the hostile files: 16 megapixels in 219 bytes, or thousands of
// scans in a few hundred kilobytes.
func CraftJPEG(s JPEGSpec) []byte {
	var out bytes.Buffer
	out.Write([]byte{0xff, 0xd8})
	segment := func(marker byte, data []byte) {
		out.Write([]byte{0xff, marker})
		_ = binary.Write(&out, binary.BigEndian, uint16(len(data)+2))
		out.Write(data)
	}
	if s.JFIF {
		segment(0xe0, []byte("JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"))
	}
	if s.Adobe >= 0 {
		segment(0xee, []byte{'A', 'd', 'o', 'b', 'e', 0, 100, 0, 0, 0, 0, byte(s.Adobe)})
	}
	segment(0xdb, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...)) // one flat quantisation table
	n := len(s.IDs)
	sof := []byte{8, byte(s.H >> 8), byte(s.H), byte(s.W >> 8), byte(s.W), byte(n)}
	for c := range n {
		sof = append(sof, s.IDs[c], s.HV[c], 0)
	}
	one := func(class byte, symbol byte) []byte { // a table of one 1-bit code
		return append([]byte{class, 1}, append(make([]byte, 15), symbol)...)
	}
	var bits bitWriter
	if !s.Progressive {
		segment(0xc0, sof)
		segment(0xc4, append(one(0x00, 0), one(0x10, 0)...)) // DC: difference 0; AC: end of block
		scan := []byte{byte(n)}
		for c := range n {
			scan = append(scan, s.IDs[c], 0x00)
		}
		segment(0xda, append(scan, 0, 63, 0))
		maxH, maxV := 1, 1
		for _, hv := range s.HV {
			maxH, maxV = max(maxH, int(hv>>4)), max(maxV, int(hv&15))
		}
		perMCU := 0
		for _, hv := range s.HV {
			perMCU += int(hv>>4) * int(hv&15)
		}
		if n == 1 {
			maxH, maxV, perMCU = 1, 1, 1
		}
		mcus := ((s.W + 8*maxH - 1) / (8 * maxH)) * ((s.H + 8*maxV - 1) / (8 * maxV))
		for range mcus * perMCU {
			bits.put(0, 2)
		}
		out.Write(bits.flush())
	} else {
		segment(0xc2, sof)
		segment(0xc4, one(0x10, 0xe0)) // an end-of-band run of 2^14 plus 14 more bits
		blocks := ((s.W + 7) / 8) * ((s.H + 7) / 8)
		for i := range s.Scans {
			ah := byte(0)
			if s.Refine && i >= n {
				ah = 0x10 // Ah=1, Al=0
			}
			segment(0xda, []byte{1, s.IDs[i%n], 0x00, 1, 63, ah})
			for left := blocks; left > 0; left -= 32767 {
				bits.put(0, 1)       // the code
				bits.put(0x3fff, 14) // 16384 + 16383 blocks
			}
			out.Write(bits.flush())
		}
	}
	out.Write([]byte{0xff, 0xd9})
	return out.Bytes()
}

// bitWriter packs entropy-coded bits with JPEG's byte stuffing.
type bitWriter struct {
	out bytes.Buffer
	acc uint32
	n   uint
}

func (b *bitWriter) put(v uint32, bits uint) {
	b.acc = b.acc<<bits | v
	b.n += bits
	for b.n >= 8 {
		c := byte(b.acc >> (b.n - 8))
		b.out.WriteByte(c)
		if c == 0xff {
			b.out.WriteByte(0)
		}
		b.n -= 8
	}
}

// flush pads the last byte with ones and answers the bytes written.
func (b *bitWriter) flush() []byte {
	if b.n > 0 {
		b.put(1<<(8-b.n)-1, 8-b.n)
	}
	data := bytes.Clone(b.out.Bytes())
	b.out.Reset()
	b.acc, b.n = 0, 0
	return data
}
