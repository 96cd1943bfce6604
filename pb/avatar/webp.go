package avatar

import (
	"encoding/binary"
	"image"
)

// webpDecodeBytes is what golang.org/x/image/webp allocates, in two
// parts. fixed is known from the headers: for a lossy (VP8) picture its
// 4:2:0 planes padded to 16 × 16 macroblocks, a few bytes of state per
// macroblock and a copy of the compressed data, and an uncompressed alpha
// plane. lossless is the least the lossless data (a VP8L picture or a
// compressed alpha channel) costs: its pixels. The rest of what lossless
// data costs (Huffman trees, transforms) is the file's choice, not its
// size's, so internal/vp8l charges it to what is left of MaxImageBytes
// while it decodes.
func webpDecodeBytes(raw []byte, cfg image.Config) (fixed, lossless int64, err error) {
	if len(raw) < 12 || string(raw[:4]) != "RIFF" || string(raw[8:12]) != "WEBP" {
		return 0, 0, errMalformed
	}
	w, h := int64(cfg.Width), int64(cfg.Height)
	for rest := raw[12:]; len(rest) >= 8; {
		kind, n := string(rest[:4]), int64(binary.LittleEndian.Uint32(rest[4:]))
		if n > int64(len(rest))-8 {
			return 0, 0, errMalformed // the decoder would allocate the claimed length, then fail
		}
		data := rest[8 : 8+n]
		switch kind {
		case "ALPH":
			if len(data) < 1 {
				return 0, 0, errMalformed
			}
			if data[0]&0x03 == 1 {
				lossless += 5 * w * h // decoded as a VP8L picture, then its green copied out
			} else {
				fixed += w * h
			}
		case "VP8 ":
			mbw, mbh := (w+15)/16, (h+15)/16
			return fixed + 392*mbw*mbh + 16*mbw + n, lossless, nil
		case "VP8L":
			return fixed, lossless + 4*w*h, nil
		}
		rest = rest[8+n+n&1:]
	}
	return 0, 0, errMalformed
}
