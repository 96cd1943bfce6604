package avatar

import (
	"encoding/binary"
	"image"
)

// VP8X flags (WebP container specification).
const (
	vp8xAnimation = 1 << 1
)

// What a compressed alpha channel may cost beyond its pixels. Its data is
// a lossless (VP8L) bit-stream, and golang.org/x/image/vp8l builds every
// Huffman tree the stream declares, however few pixels use it: a tree of
// 2,048 symbols whose code lengths all come from a one-symbol code is
// 52 KB of memory for 8 bytes of file. So the trees are charged by the
// chunk's length, at 6 KiB a byte: the costliest trees per byte cost
// 5 KB a byte (a group of that tree and four one-symbol trees in 10 bytes;
// testutil.CostlyAlpha, measured in TestEstimateCoversTheDecoders). Beside
// them the decoder allocates, whatever the file's length, the array of up
// to 2,600 groups of trees (7 MB) and its colour caches: alphaFixedBytes.
// The numbers are x/image v0.46's; the test measures them again on an
// upgrade.
const (
	alphaBytesPerByte = 6 << 10
	alphaFixedBytes   = 8 << 20
)

// webpDecodeBytes is what golang.org/x/image/webp allocates, read from the
// chunks in the order the decoder meets them: for a lossy (VP8) picture its
// 4:2:0 planes padded to 16 × 16 macroblocks, a few bytes of state per
// macroblock and a copy of the compressed data, and the alpha channel if
// any. A lossless (VP8L) picture is refused (ErrLosslessWebP): what its
// decoder allocates depends on the Huffman trees the file chooses to
// declare, which no header tells (600 KB of them made it allocate 205 MB
// for a 204 × 204 picture). An animated picture is refused too
// (ErrAnimatedWebP): the decoder reads no frames.
func webpDecodeBytes(raw []byte, cfg image.Config) (int64, error) {
	if len(raw) < 12 || string(raw[:4]) != "RIFF" || string(raw[8:12]) != "WEBP" {
		return 0, errMalformed
	}
	w, h := int64(cfg.Width), int64(cfg.Height)
	var alpha int64
	for rest := raw[12:]; len(rest) >= 8; {
		kind, n := string(rest[:4]), int64(binary.LittleEndian.Uint32(rest[4:]))
		if n > int64(len(rest))-8 {
			return 0, errMalformed // the decoder would allocate the claimed length, then fail
		}
		data := rest[8 : 8+n]
		switch kind {
		case "VP8X":
			if n < 1 {
				return 0, errMalformed
			}
			if data[0]&vp8xAnimation != 0 {
				return 0, ErrAnimatedWebP
			}
		case "ALPH":
			if n < 1 {
				return 0, errMalformed
			}
			switch data[0] & 0x03 {
			case 0: // the plane as it is
				alpha += w * h
			case 1: // compressed losslessly
				alpha += losslessAlphaBytes(w, h, n)
			default:
				return 0, errMalformed
			}
		case "VP8 ":
			mbw, mbh := (w+15)/16, (h+15)/16
			return alpha + 392*mbw*mbh + 16*mbw + n, nil
		case "VP8L":
			return 0, ErrLosslessWebP
		}
		rest = rest[min(8+n+n&1, int64(len(rest))):]
	}
	return 0, errMalformed
}

// losslessAlphaBytes bounds what decoding a compressed alpha channel of n
// bytes allocates: its pixels (8 bytes a pixel at most: a colour table of
// up to 16 colours decodes the picture at half its width, 4 bytes a pixel,
// then unpacks it into a new one; the transforms' and the tiles' small
// pictures take up to a quarter of a byte a pixel each; the alpha plane
// kept takes 1), and its trees.
func losslessAlphaBytes(w, h, n int64) int64 {
	return 8*w*h + alphaFixedBytes + alphaBytesPerByte*n
}
