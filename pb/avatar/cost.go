package avatar

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
)

var errMalformed = errors.New("avatar: malformed header")

// MaxImageBytes bounds the memory one image may cost: what its decoder
// allocates plus the scaling to its Size, estimated from the headers
// before anything is decoded and measured in TestEstimateCoversTheDecoders.
// It admits every ordinary picture of up to 16 megapixels (a baseline JPEG
// or an 8-bit PNG of 4,096 × 4,096 costs 46-90 MB) and refuses the costlier
// encodings past about 12 megapixels: progressive JPEG keeps 256 bytes of
// coefficients per 8 × 8 block of every component (a 16-megapixel
// progressive 4:4:4 picture would need 250 MB), 16-bit and interlaced PNG
// hold twice the pixels.
const MaxImageBytes = 128 << 20

// slack covers the decoders' fixed state (zlib's window, Huffman tables,
// buffered readers) and the encoder of the stored avatar.
const slack = 2 << 20

// estimate answers the bytes decoding and scaling the picture costs, or an
// error for a file its decoder would refuse, that is built to waste work,
// or whose cost no header tells (lossless WebP).
func (s Size) estimate(raw []byte, format string, cfg image.Config) (int64, error) {
	var decode int64
	switch format {
	case "jpeg":
		j, err := readJPEGHeader(raw)
		if err != nil {
			return 0, ErrNotImage
		}
		if err := j.checkScans(); err != nil {
			return 0, err
		}
		decode = j.decodeBytes()
	case "png":
		n, err := pngDecodeBytes(raw)
		if err != nil {
			return 0, ErrNotImage
		}
		decode = n
	case "gif":
		// The first frame (within the logical screen), and a second copy to
		// put an interlaced frame's rows in order.
		decode = 2 * int64(cfg.Width) * int64(cfg.Height)
	case "webp":
		n, err := webpDecodeBytes(raw, cfg)
		if errors.Is(err, ErrLosslessWebP) || errors.Is(err, ErrAnimatedWebP) {
			return 0, err
		}
		if err != nil {
			return 0, ErrNotImage
		}
		decode = n
	default:
		return 0, ErrNotImage
	}
	return decode + s.fitBytes(cfg.Width, cfg.Height) + slack, nil
}

// pngDecodeBytes is what image/png allocates: the picture (4 bytes a pixel
// for 8-bit colour or grey with a transparent colour, 8 for 16-bit colour),
// two rows of raw samples, and for an interlaced file a second picture made
// of the seven passes.
func pngDecodeBytes(raw []byte) (int64, error) {
	if len(raw) < 33 || !bytes.HasPrefix(raw, []byte("\x89PNG\r\n\x1a\n")) || string(raw[12:16]) != "IHDR" {
		return 0, errMalformed
	}
	w, h := int64(binary.BigEndian.Uint32(raw[16:])), int64(binary.BigEndian.Uint32(raw[20:]))
	depth, colour, interlaced := int64(raw[24]), raw[25], raw[28] == 1
	transparent := pngHasTRNS(raw[33:])
	var bpp, samples int64 // bytes per decoded pixel, samples per raw pixel
	switch colour {
	case 0: // grey
		bpp, samples = 1, 1
		if transparent {
			bpp = 4
		}
		if depth == 16 {
			bpp = 2 * bpp
		}
	case 2: // RGB
		bpp, samples = 4, 3
		if depth == 16 {
			bpp = 8
		}
	case 3: // palette
		bpp, samples = 1, 1
	case 4: // grey and alpha
		bpp, samples = 4, 2
		if depth == 16 {
			bpp = 8
		}
	case 6: // RGBA
		bpp, samples = 4, 4
		if depth == 16 {
			bpp = 8
		}
	default:
		return 0, errMalformed
	}
	picture := bpp * w * h
	row := 1 + (samples*depth*w+7)/8
	if interlaced {
		return 2*picture + 14*row, nil // each of the seven passes has its two rows
	}
	return picture + 2*row, nil
}

// pngHasTRNS tells whether a transparency chunk comes before the pixel data
// (the decoder ignores one after it).
func pngHasTRNS(chunks []byte) bool {
	for len(chunks) >= 8 {
		n, kind := int64(binary.BigEndian.Uint32(chunks)), string(chunks[4:8])
		switch kind {
		case "tRNS":
			return true
		case "IDAT":
			return false
		}
		if n > int64(len(chunks))-12 {
			return false
		}
		chunks = chunks[12+n:]
	}
	return false
}

// fitBytes is what fit allocates for a picture of w × h: the picture
// averaged down by a whole factor, the filter's working rows (32 bytes a
// target column per source row) and the stored picture; and what encoding
// the stored picture allocates.
func (s Size) fitBytes(w, h int) int64 {
	side := int64(s.Side)
	sw, sh := int64(w), int64(h)
	var total int64
	if k := int64(max(w, h) / (s.reach * s.Side)); k >= 2 {
		sw, sh = (sw+k-1)/k, (sh+k-1)/k
		total += 4 * sw * sh
	}
	dw, dh := sw, sh
	if dw > side || dh > side {
		if dw >= dh {
			dw, dh = side, max(1, dh*side/dw)
		} else {
			dw, dh = max(1, dw*side/dh), side
		}
	}
	// The stored picture, and as much again for its encoding: the encoded
	// bytes are at most about its size, in a buffer that grows by doubling.
	return total + 32*dw*sh + 4*dw*dh + 4*dw*dh
}
