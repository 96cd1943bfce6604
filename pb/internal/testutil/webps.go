package testutil

import (
	"bytes"
	"encoding/binary"
)

// HuffmanGroupsWebP builds a lossless WebP of 204 × 204 pixels whose
// 2,601 tiles of 4 × 4 pixels each use their own group of Huffman trees
// (groups of them, at most 2,600, the most golang.org/x/image/vp8l
// accepts), every group as large as VP8L allows (a 2,048-colour cache makes
// the green alphabet 2,328 symbols). The file is about half a megabyte and
// ends after the trees: the decoder builds them all before it finds no
// pixels. It is the shape of a lossless WebP whose memory its size does
// not tell.
func HuffmanGroupsWebP(groups int) []byte {
	const w, h = 204, 204
	var b lsbWriter
	b.put(0x2f, 8)
	b.put(w-1, 14)
	b.put(h-1, 14)
	b.put(0, 1+3) // no alpha hint, version 0
	b.put(0, 1)   // no transform
	b.put(1, 1)   // a colour cache...
	b.put(11, 4)  // ...of 2^11 entries
	b.put(1, 1)   // groups chosen per tile by an entropy image...
	b.put(0, 3)   // ...of 4 × 4 tiles

	// The entropy image: a tile's group is red << 8 | green.
	b.put(0, 1) // no colour cache
	green := make([]int, 280)
	for i := range 256 {
		green[i] = 8
	}
	red := make([]int, 256)
	for i := range 16 {
		red[i] = 4
	}
	b.tree(green)
	b.tree(red)
	b.single()
	b.single()
	b.single()
	for tile := range ((w + 3) / 4) * ((h + 3) / 4) {
		g := min(tile, groups-1)
		b.code(g&0xff, 8) // all codes 8 bits long: the code is the symbol
		b.code(g>>8, 4)
	}

	// The groups, every tree as large as it may be.
	big := make([]int, 256+24+2048)
	for i := range big {
		big[i] = 11
		if i >= 1768 {
			big[i] = 12 // 1768/2^11 + 560/2^12 = 1: a complete code
		}
	}
	full := make([]int, 256)
	for i := range full {
		full[i] = 8
	}
	for range groups {
		b.tree(big)
		b.tree(full)
		b.tree(full)
		b.tree(full)
		b.single()
	}
	data := b.bytes()

	var out bytes.Buffer
	out.WriteString("RIFF")
	_ = binary.Write(&out, binary.LittleEndian, uint32(4+8+len(data)+len(data)&1))
	out.WriteString("WEBPVP8L")
	_ = binary.Write(&out, binary.LittleEndian, uint32(len(data)))
	out.Write(data)
	if len(data)&1 == 1 {
		out.WriteByte(0)
	}
	return out.Bytes()
}

// lsbWriter packs VP8L's bit-stream, least significant bit first.
type lsbWriter struct {
	out bytes.Buffer
	acc uint64
	n   uint
}

func (b *lsbWriter) put(v int, bits uint) {
	b.acc |= uint64(v) << b.n
	b.n += bits
	for b.n >= 8 {
		b.out.WriteByte(byte(b.acc))
		b.acc >>= 8
		b.n -= 8
	}
}

// code writes a Huffman code, its most significant bit first.
func (b *lsbWriter) code(c, length int) {
	for i := length - 1; i >= 0; i-- {
		b.put(c>>i&1, 1)
	}
}

func (b *lsbWriter) bytes() []byte {
	if b.n > 0 {
		b.put(0, 8-b.n)
	}
	return b.out.Bytes()
}

// single writes a simple tree of the one symbol 0 (its codes take no bits).
func (b *lsbWriter) single() {
	b.put(1, 1) // simple
	b.put(0, 1) // one symbol
	b.put(0, 1) // of one bit
	b.put(0, 1) // symbol 0
}

// The code-length code tree uses: 16 (repeat the previous length 3-6
// times) in one bit, so a run of equal lengths costs half a bit a symbol.
var (
	codeLengthOrder   = [19]int{17, 18, 0, 1, 2, 3, 4, 5, 16, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}
	codeLengthLengths = func() (l [19]int) {
		for s := range l {
			l[s] = 5
		}
		l[16], l[14], l[15], l[17], l[18] = 1, 6, 6, 6, 6 // 1/2 + 14/32 + 4/64 = 1
		return l
	}()
	codeLengthCodes = canonical(codeLengthLengths[:])
)

// tree writes a normal Huffman tree with the given code lengths (all of
// them nonzero here, or a run of zeros at the end).
func (b *lsbWriter) tree(lengths []int) {
	b.put(0, 1)  // not simple
	b.put(15, 4) // all 19 code-length code lengths follow
	for _, s := range codeLengthOrder {
		b.put(codeLengthLengths[s], 3)
	}
	b.put(0, 1) // every symbol's length is written
	sym := func(s int) { b.code(codeLengthCodes[s], codeLengthLengths[s]) }
	for i := 0; i < len(lengths); {
		l := lengths[i]
		run := 1
		for i+run < len(lengths) && lengths[i+run] == l {
			run++
		}
		if l == 0 { // zeros: 18 repeats 11-138 of them, 17 3-10
			for run > 0 {
				switch {
				case run >= 11:
					n := min(run, 138)
					sym(18)
					b.put(n-11, 7)
					run, i = run-n, i+n
				case run >= 3:
					sym(17)
					b.put(run-3, 3)
					i, run = i+run, 0
				default:
					sym(0)
					i, run = i+1, run-1
				}
			}
			continue
		}
		sym(l)
		i, run = i+1, run-1
		for run >= 3 {
			n := min(run, 6)
			if run-n == 1 || run-n == 2 {
				n = run - 3 // leave a last run of at least 3
			}
			sym(16)
			b.put(n-3, 2)
			i, run = i+n, run-n
		}
		for ; run > 0; run-- {
			sym(l)
			i++
		}
	}
}

// canonical answers the canonical Huffman codes of code lengths.
func canonical(lengths []int) []int {
	var count [16]int
	for _, l := range lengths {
		if l > 0 {
			count[l]++
		}
	}
	var next [16]int
	code := 0
	for l := 1; l < 16; l++ {
		code = (code + count[l-1]) << 1
		next[l] = code
	}
	codes := make([]int, len(lengths))
	for s, l := range lengths {
		if l > 0 {
			codes[s] = next[l]
			next[l]++
		}
	}
	return codes
}
