package avatar

import (
	"encoding/binary"
	"fmt"
)

// MaxProgressiveScans is the most scans a progressive JPEG may have. Go's
// decoder walks every block of the picture's components once per scan
// (about 15 ms a scan at 16 megapixels, 50 ms for a refinement scan), so a
// file of a few hundred kilobytes made of thousands of tiny scans cost
// minutes. Real encoders write 10 scans for a colour picture and 6 for a
// grey one (libjpeg's and ImageMagick's default script), 18 for a CMYK one,
// and a handful more when mozjpeg optimises the script; 32 leaves room for
// all of them.
const MaxProgressiveScans = 32

// jpegHeader is what Go's image/jpeg will allocate for a file, read from its
// markers the way the decoder reads them, before anything is decoded.
type jpegHeader struct {
	width, height int
	nComp         int
	h, v          [4]int  // sampling factors as the decoder uses them
	ids           [4]byte // component identifiers
	progressive   bool
	scans         int
	jfif, adobe   bool
	adobeTx       byte // the Adobe APP14 colour transform
}

// readJPEGHeader walks the markers of a JPEG (entropy-coded data is skipped
// to the next marker, as the decoder does) and counts its scans.
func readJPEGHeader(raw []byte) (jpegHeader, error) {
	var j jpegHeader
	if len(raw) < 2 || raw[0] != 0xff || raw[1] != 0xd8 {
		return j, errMalformed
	}
	for i := 2; ; {
		// Like the decoder: bytes before a marker are ignored, as are fill bytes.
		for i < len(raw) && raw[i] != 0xff {
			i++
		}
		for i < len(raw) && raw[i] == 0xff {
			i++
		}
		if i >= len(raw) {
			return j, errMalformed // no end-of-image marker: the decoder fails too
		}
		marker := raw[i]
		i++
		switch {
		case marker == 0x00, 0xd0 <= marker && marker <= 0xd7: // stuffed byte, restart: no length
			continue
		case marker == 0xd9: // end of image
			if j.scans == 0 {
				return j, errMalformed
			}
			return j, nil
		}
		if i+2 > len(raw) {
			return j, errMalformed
		}
		n := int(binary.BigEndian.Uint16(raw[i:])) - 2
		i += 2
		if n < 0 || i+n > len(raw) {
			return j, errMalformed
		}
		seg := raw[i : i+n]
		i += n
		var err error
		switch {
		case marker == 0xc0 || marker == 0xc1 || marker == 0xc2:
			j.progressive = marker == 0xc2
			err = j.readSOF(seg)
		case marker == 0xda: // start of scan; its data runs to the next marker
			if j.nComp == 0 {
				return j, errMalformed
			}
			j.scans++
			for i < len(raw)-1 && (raw[i] != 0xff || raw[i+1] == 0 || raw[i+1] == 0xff || 0xd0 <= raw[i+1] && raw[i+1] <= 0xd7) {
				i++
			}
		case marker == 0xe0:
			j.jfif = j.jfif || len(seg) >= 5 && string(seg[:5]) == "JFIF\x00"
		case marker == 0xee:
			if len(seg) >= 12 && string(seg[:5]) == "Adobe" {
				j.adobe, j.adobeTx = true, seg[11]
			}
		case marker == 0xc4, marker == 0xdb, marker == 0xdd, marker == 0xfe, 0xe1 <= marker && marker <= 0xef:
			// tables, restart interval, comments, other application data
		default:
			return j, errMalformed // the decoder refuses every other marker (SOF3, arithmetic coding...)
		}
		if err != nil {
			return j, err
		}
	}
}

// readSOF reads a frame header with the decoder's rules.
func (j *jpegHeader) readSOF(seg []byte) error {
	if j.nComp != 0 || len(seg) < 6 || seg[0] != 8 {
		return errMalformed // a second frame, or not 8-bit: refused by the decoder
	}
	j.height = int(binary.BigEndian.Uint16(seg[1:]))
	j.width = int(binary.BigEndian.Uint16(seg[3:]))
	n := int(seg[5])
	if n != 1 && n != 3 && n != 4 || len(seg) != 6+3*n {
		return errMalformed
	}
	j.nComp = n
	for c := range n {
		j.ids[c] = seg[6+3*c]
		h, v := int(seg[7+3*c]>>4), int(seg[7+3*c]&0x0f)
		if h < 1 || h > 4 || v < 1 || v > 4 || h == 3 || v == 3 {
			return errMalformed
		}
		if n == 1 {
			h, v = 1, 1 // a single component is never subsampled
		}
		j.h[c], j.v[c] = h, v
	}
	return nil
}

// checkScans refuses a JPEG with more scans than a real encoder writes. A
// sequential JPEG codes each component in exactly one scan.
func (j jpegHeader) checkScans() error {
	limit := j.nComp
	if j.progressive {
		limit = MaxProgressiveScans
	}
	if j.scans > limit {
		return fmt.Errorf("%w: %d scans", ErrTooManyScans, j.scans)
	}
	return nil
}

// decodeBytes is what image/jpeg allocates for the picture (its reader and
// scan files in Go 1.27): planes padded to whole MCUs; for a progressive
// file one 64-coefficient block of int32 (256 bytes) per 8 × 8 block of
// every component, kept until the last scan; and a second, interleaved
// copy of 4 bytes a pixel when the file is RGB or CMYK.
func (j jpegHeader) decodeBytes() int64 {
	maxH, maxV := 1, 1
	for c := range j.nComp {
		maxH, maxV = max(maxH, j.h[c]), max(maxV, j.v[c])
	}
	mxx := int64((j.width + 8*maxH - 1) / (8 * maxH))
	myy := int64((j.height + 8*maxV - 1) / (8 * maxV))
	pw, ph := 8*int64(maxH)*mxx, 8*int64(maxV)*myy
	pixels := int64(j.width) * int64(j.height)

	total := pw * ph // the grey plane, or Y
	if j.nComp >= 3 {
		cw, ch := pw, ph // flex mode and 4:4:4 keep full chroma planes
		if j.h[1] == j.h[2] && j.v[1] == j.v[2] && j.h[0] == maxH && j.v[0] == maxV {
			hr, vr := int64(maxH/j.h[1]), int64(maxV/j.v[1])
			cw, ch = (pw+hr-1)/hr, (ph+vr-1)/vr
		}
		total += 2 * cw * ch
	}
	if j.nComp == 4 {
		total += 64 * int64(j.h[3]) * mxx * int64(j.v[3]) * myy // the black plane
		total += 4 * pixels                                     // the CMYK picture built from the planes
	}
	if j.nComp == 3 && j.isRGB() {
		total += 4 * pixels
	}
	if j.progressive {
		for c := range j.nComp {
			total += 256 * mxx * myy * int64(j.h[c]*j.v[c])
		}
	}
	return total
}

// isRGB is the decoder's test for a three-component file stored as RGB.
func (j jpegHeader) isRGB() bool {
	if j.jfif {
		return false
	}
	if j.adobe && j.adobeTx == 0 {
		return true
	}
	return j.ids[0] == 'R' && j.ids[1] == 'G' && j.ids[2] == 'B'
}
