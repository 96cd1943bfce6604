package testutil

import (
	"bytes"
	"encoding/binary"
)

// EOBRunJPEG builds a progressive JPEG of w × h pixels (1 component, grey,
// or 3 components at 4:4:4) whose data is nothing but AC scans of one
// component each, every scan visiting all the component's blocks through
// end-of-band runs of 32,767 blocks: a few bytes a scan. The first scans
// name the components in turn; refine makes the scans after the first
// nComp successive-approximation refinements (the costliest kind per block).
// It is the shape of the hostile files: a 16-megapixel colour picture in
// 237 bytes, or thousands of scans in a few hundred kilobytes.
func EOBRunJPEG(w, h, nComp, scans int, refine bool) []byte {
	var out bytes.Buffer
	out.Write([]byte{0xff, 0xd8})
	segment := func(marker byte, data []byte) {
		out.Write([]byte{0xff, marker})
		_ = binary.Write(&out, binary.BigEndian, uint16(len(data)+2))
		out.Write(data)
	}
	segment(0xdb, append([]byte{0}, bytes.Repeat([]byte{1}, 64)...)) // one flat quantisation table
	sof := []byte{8, byte(h >> 8), byte(h), byte(w >> 8), byte(w), byte(nComp)}
	for c := range nComp {
		sof = append(sof, byte(c+1), 0x11, 0)
	}
	segment(0xc2, sof)
	// An AC table of one 1-bit code: symbol 0xE0, an end-of-band run of
	// 2^14 plus 14 more bits.
	segment(0xc4, append([]byte{0x10, 1}, append(make([]byte, 15), 0xe0)...))

	blocks := ((w + 7) / 8) * ((h + 7) / 8)
	var data bytes.Buffer
	var acc uint32
	var n uint
	put := func(v uint32, bits uint) {
		acc = acc<<bits | v
		n += bits
		for n >= 8 {
			b := byte(acc >> (n - 8))
			data.WriteByte(b)
			if b == 0xff {
				data.WriteByte(0)
			}
			n -= 8
		}
	}
	for s := range scans {
		ah := byte(0)
		if refine && s >= nComp {
			ah = 0x10 // Ah=1, Al=0
		}
		segment(0xda, []byte{1, byte(s%nComp + 1), 0x00, 1, 63, ah})
		data.Reset()
		for left := blocks; left > 0; left -= 32767 {
			put(0, 1)          // the code
			put(0x3fff, 14)    // the run's low bits: 16384 + 16383
		}
		if n > 0 {
			put(1<<(8-n)-1, 8-n) // pad with ones
		}
		acc, n = 0, 0
		out.Write(data.Bytes())
	}
	out.Write([]byte{0xff, 0xd9})
	return out.Bytes()
}
