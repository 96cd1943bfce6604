package avatar

import (
	"encoding/binary"
	"image"
)

// webpDecodeBytes is what golang.org/x/image/webp allocates: for a lossy
// (VP8) picture its 4:2:0 planes padded to 16 × 16 macroblocks, a few
// bytes of state per macroblock and a copy of the compressed data; for an
// alpha channel its plane, decoded through VP8L when it is compressed; for
// a lossless (VP8L) picture what vp8lDecodeBytes counts.
func webpDecodeBytes(raw []byte, cfg image.Config) (int64, error) {
	if len(raw) < 12 || string(raw[:4]) != "RIFF" || string(raw[8:12]) != "WEBP" {
		return 0, errMalformed
	}
	w, h := int64(cfg.Width), int64(cfg.Height)
	var total int64
	for rest := raw[12:]; len(rest) >= 8; {
		kind, n := string(rest[:4]), int64(binary.LittleEndian.Uint32(rest[4:]))
		if n > int64(len(rest))-8 {
			return 0, errMalformed // the decoder would allocate the claimed length, then fail
		}
		data := rest[8 : 8+n]
		switch kind {
		case "ALPH":
			if len(data) < 1 {
				return 0, errMalformed
			}
			total += w * h
			if data[0]&0x03 == 1 {
				total += vp8lDecodeBytes(w, h)
			}
		case "VP8 ":
			mbw, mbh := (w+15)/16, (h+15)/16
			return total + 392*mbw*mbh + 16*mbw + n, nil
		case "VP8L":
			return total + vp8lDecodeBytes(w, h), nil
		}
		rest = rest[8+n+n&1:]
	}
	return 0, errMalformed
}

// vp8lDecodeBytes bounds what golang.org/x/image/vp8l allocates for a
// lossless picture of w × h: its pixels, a second copy when it is
// palette-coded, the transforms' and the entropy image's sub-pictures (a
// sixteenth of the pixels each at most), and the Huffman trees, which the
// file, not the size, decides: up to 2,600 groups of five trees (53 KB
// each at most) for a picture with that many 4 × 4 tiles, and 12.5 KB of
// code lengths read for each group the file declares, used or not.
func vp8lDecodeBytes(w, h int64) int64 {
	const (
		maxGroups   = 2600 // golang.org/x/image/vp8l refuses more
		groupBytes  = 2680 + 8*(2*2328-1+3*(2*256-1)+2*40-1)
		lengthBytes = 4 * (2328 + 3*256 + 40)
	)
	tiles := ((w + 3) / 4) * ((h + 3) / 4)
	built := min(maxGroups, tiles)
	return 8*w*h + 3*w*h/4 + built*(groupBytes+lengthBytes) + maxGroups*lengthBytes + 4<<10*2
}
