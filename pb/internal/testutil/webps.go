package testutil

import (
	"bytes"
	"encoding/binary"
	"image/color"
)

// HuffmanGroupsWebP builds a lossless WebP of 204 × 204 pixels whose
// 2,601 tiles of 4 × 4 pixels each use their own group of Huffman trees
// (groups of them, at most 2,600, the most golang.org/x/image/vp8l
// accepts), every group as large as VP8L allows (a 2,048-colour cache makes
// the green alphabet 2,328 symbols). The file is about half a megabyte and
// ends after the trees: the decoder builds them all before it finds no
// pixels (205 MB of them). It is the shape of a lossless WebP whose memory
// its size does not tell.
func HuffmanGroupsWebP(groups int) []byte {
	const w, h = 204, 204
	var b lsbWriter
	b.header(w, h)
	b.put(0, 1)  // no transform
	b.put(1, 1)  // a colour cache...
	b.put(11, 4) // ...of 2^11 entries
	b.entropyImage(w, h, groups)

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
	return RIFFWebP(WebPChunk("VP8L", b.bytes()))
}

// LosslessWebP builds a genuine lossless WebP of w × h pixels of one
// colour: five one-symbol Huffman trees, so every pixel takes no bits.
// golang.org/x/image/webp decodes it.
func LosslessWebP(w, h int, c color.NRGBA) []byte {
	var b lsbWriter
	b.header(w, h)
	b.put(0, 1) // no transform
	b.put(0, 1) // no colour cache
	b.put(0, 1) // one group of trees
	for _, v := range []uint8{c.G, c.R, c.B, c.A, 0} {
		b.symbol(int(v))
	}
	return RIFFWebP(WebPChunk("VP8L", b.bytes()))
}

// CostlyAlpha builds the data of an ALPH chunk for a w × h picture whose
// lossless stream makes golang.org/x/image/vp8l allocate the most per byte
// of it: groups groups of trees (each tile of 4 × 4 pixels uses its own,
// so w × h / 16 must be at least groups), each a green tree of 2,048
// symbols of code length 11 whose lengths take no bits (their code has the
// one symbol 11) and four trees of one symbol: about 52 KB of memory for
// 10 bytes of file. It ends after the trees.
func CostlyAlpha(w, h, groups int) []byte {
	var b lsbWriter
	b.put(0, 1)  // no transform
	b.put(1, 1)  // a colour cache...
	b.put(11, 4) // ...of 2^11 entries: 2,328 green symbols
	b.entropyImage(w, h, groups)
	for range groups {
		b.uniformTree(11, 2048)
		for range 4 {
			b.single()
		}
	}
	return append([]byte{1}, b.bytes()...) // compressed losslessly, no filter
}

// TableAlpha builds the data of an ALPH chunk for a w × h picture that
// decodes fully and takes every allocation a lossless alpha channel's
// pixels can: a predictor and a colour transform (their small pictures of
// 4 × 4 tiles), a colour table of 16 entries (the picture decoded at half
// its width, then unpacked into a new one), and groups of trees chosen by
// tile. Every pixel is transparent and takes no bits.
func TableAlpha(w, h int) []byte {
	var b lsbWriter
	b.put(1, 1) // a transform:
	b.put(0, 2) // predictor,
	b.put(0, 3) // 4 × 4 tiles
	b.plainImage()
	b.put(1, 1) // a transform:
	b.put(1, 2) // colour,
	b.put(0, 3) // 4 × 4 tiles
	b.plainImage()
	b.put(1, 1)  // a transform:
	b.put(3, 2)  // colour table,
	b.put(15, 8) // of 16 colours: two pixels a byte, unpacked into a new picture
	b.plainImage()
	b.put(0, 1) // no more transforms
	b.put(0, 1) // no colour cache
	b.put(1, 1) // groups chosen per tile...
	b.put(0, 3) // ...of 4 × 4 tiles
	b.plainImage()
	for range 5 {
		b.single()
	}
	return append([]byte{1}, b.bytes()...)
}

// LossyWebPWithAlpha wraps an ALPH chunk's data and a VP8 chunk's data
// (a lossy picture of w × h) into an extended WebP.
func LossyWebPWithAlpha(w, h int, alph, vp8 []byte) []byte {
	return RIFFWebP(VP8XChunk(w, h, 0x10), WebPChunk("ALPH", alph), WebPChunk("VP8 ", vp8))
}

// VP8XChunk is the extended header of a w × h canvas with the given flags
// (0x10 alpha, 0x02 animation).
func VP8XChunk(w, h int, flags byte) []byte {
	data := []byte{flags, 0, 0, 0, byte(w - 1), byte((w - 1) >> 8), byte((w - 1) >> 16),
		byte(h - 1), byte((h - 1) >> 8), byte((h - 1) >> 16)}
	return WebPChunk("VP8X", data)
}

// WebPChunk is a RIFF chunk, padded to an even length.
func WebPChunk(kind string, data []byte) []byte {
	out := append([]byte(kind), binary.LittleEndian.AppendUint32(nil, uint32(len(data)))...)
	out = append(out, data...)
	if len(data)&1 == 1 {
		out = append(out, 0)
	}
	return out
}

// RIFFWebP puts chunks in a WebP file.
func RIFFWebP(chunks ...[]byte) []byte {
	body := []byte("WEBP")
	for _, c := range chunks {
		body = append(body, c...)
	}
	return append(binary.LittleEndian.AppendUint32([]byte("RIFF"), uint32(len(body))), body...)
}

// WebPChunks answers the chunks of a WebP file by kind (the last of a kind).
func WebPChunks(raw []byte) map[string][]byte {
	chunks := map[string][]byte{}
	for rest := raw[12:]; len(rest) >= 8; {
		n := int(binary.LittleEndian.Uint32(rest[4:]))
		chunks[string(rest[:4])] = rest[8 : 8+n]
		rest = rest[min(8+n+n&1, len(rest)):]
	}
	return chunks
}

// header writes the VP8L signature and a w × h picture's size.
func (b *lsbWriter) header(w, h int) {
	b.put(0x2f, 8)
	b.put(w-1, 14)
	b.put(h-1, 14)
	b.put(0, 1+3) // no alpha hint, version 0
}

// entropyImage writes that the groups of trees are chosen per 4 × 4 tile,
// and the small picture choosing them: tile i uses group i (the last ones
// the last group). A tile's group is its red << 8 | green.
func (b *lsbWriter) entropyImage(w, h, groups int) {
	b.put(1, 1) // groups chosen per tile...
	b.put(0, 3) // ...of 4 × 4 tiles
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
}

// plainImage writes a small picture (a transform's, the tiles') of no
// colour cache and one-symbol trees: its pixels take no bits.
func (b *lsbWriter) plainImage() {
	b.put(0, 1) // no colour cache
	for range 5 {
		b.single()
	}
}

// uniformTree writes a tree of n symbols (a power of two) of code length
// l = log2(n), whose lengths take no bits: the code of code lengths has the
// one symbol l.
func (b *lsbWriter) uniformTree(l, n int) {
	at := 0
	for codeLengthOrder[at] != l {
		at++
	}
	b.put(0, 1)      // not simple
	b.put(at+1-4, 4) // code-length code lengths up to l's
	for i := 0; i <= at; i++ {
		b.put(boolInt(i == at), 3)
	}
	b.put(1, 1)    // the number of lengths written follows,
	b.put(5, 3)    // in 2 + 2 × 5 bits:
	b.put(n-2, 12) // n (the other symbols are unused)
}

func boolInt(v bool) int {
	if v {
		return 1
	}
	return 0
}

// symbol writes a simple tree of the one symbol v (its codes take no bits).
func (b *lsbWriter) symbol(v int) {
	b.put(1, 1) // simple
	b.put(0, 1) // one symbol
	if v < 2 {
		b.put(0, 1) // of one bit
		b.put(v, 1)
		return
	}
	b.put(1, 1) // of eight bits
	b.put(v, 8)
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

// single writes a simple tree of the one symbol 0.
func (b *lsbWriter) single() { b.symbol(0) }

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
