// Package avatar bounds the memory and time images cost: members' avatars,
// and the photos on a deal's proof and updates. A small file can describe a
// huge picture (a 265 KB PNG of 8,000 × 8,000 pixels decodes to 256 MB, a
// 219-byte progressive JPEG of 4,096 × 4,096 to 240 MB), so a picture's
// size, encoding and scans are read from its headers and what decoding it
// would allocate is estimated before anything decodes it; accepted pictures
// are re-encoded once, at upload, to at most their Size's Side pixels a side
// (which also drops their metadata, GPS included); and image work runs a
// few at a time.
package avatar

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"runtime/debug"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"
)

const (
	// MaxPixels is the largest picture decoded at all (4096 × 4096), whatever its colours.
	MaxPixels = 4096 * 4096
	// StoredSide is the longest side of a stored avatar (displayed at 256 at most).
	StoredSide  = 512
	jpegQuality = 85
)

// Size is what a picture is stored at: its longest side, and reach, how
// many times that side the cheap whole-factor average may leave before the
// filter scales the rest. The filter holds 32 bytes a stored column per
// source row, so the farther it starts, the more it costs: at 1,024 px from
// 2,048 rows, 64 MB.
type Size struct {
	Side  int
	reach int
}

var (
	// Avatar is a member's picture (displayed at 256 px at most).
	Avatar = Size{Side: StoredSide, reach: 2}
	// Photo is a picture of a deal's proof or update (displayed up to
	// 1,024 px wide). Its filter starts from under twice the side, which
	// keeps a 4,096 × 4,096 RGBA PNG within MaxImageBytes.
	Photo = Size{Side: 1024, reach: 1}
)

// Errors a caller maps to its messages.
var (
	ErrNotImage     = errors.New("avatar: not a JPEG, PNG, GIF or WebP image")
	ErrTooLarge     = errors.New("avatar: the picture has too many pixels")
	ErrTooCostly    = errors.New("avatar: decoding the picture would take too much memory")
	ErrTooManyScans = errors.New("avatar: a progressive JPEG with too many scans")
	ErrLosslessWebP = errors.New("avatar: a lossless WebP picture")
	ErrAnimatedWebP = errors.New("avatar: an animated WebP picture")
	ErrBusy         = errors.New("avatar: too much image work at once")
)

// decoders are the formats an avatar may be, by what image.DecodeConfig
// reports (the WebP one is golang.org/x/image/webp's, registered by its
// import); each is called directly, so no other registered format decodes.
var decoders = map[string]func(r io.Reader) (image.Image, error){
	"jpeg": jpeg.Decode,
	"png":  png.Decode,
	"gif":  gif.Decode,
	"webp": webp.Decode,
}

// Check reads only the headers and tells whether the picture may be
// decoded: at most MaxPixels, at most MaxProgressiveScans scans for a
// progressive JPEG, not a lossless or animated WebP, and at most
// MaxImageBytes to decode and scale.
func Check(raw []byte) (image.Config, error) { return Avatar.Check(raw) }

// Check tells whether the picture may be decoded and stored at s.
func (s Size) Check(raw []byte) (image.Config, error) {
	cfg, _, err := s.check(raw)
	return cfg, err
}

// check answers also the format.
func (s Size) check(raw []byte) (cfg image.Config, format string, err error) {
	cfg, format, err = image.DecodeConfig(bytes.NewReader(raw))
	if err != nil || decoders[format] == nil || cfg.Width < 1 || cfg.Height < 1 {
		return cfg, "", ErrNotImage
	}
	if int64(cfg.Width)*int64(cfg.Height) > MaxPixels {
		return cfg, "", ErrTooLarge
	}
	cost, err := s.estimate(raw, format, cfg)
	if err != nil {
		return cfg, "", err
	}
	if cost > MaxImageBytes {
		return cfg, "", ErrTooCostly
	}
	return cfg, format, nil
}

// NormalizeFile decodes a picture of size bytes waiting in a file (an
// upload's temporary file), checked from its headers, and re-encodes it to
// at most s.Side pixels a side: JPEG when it is opaque, PNG when it has
// transparency. An animated GIF keeps its first frame. It answers the
// encoded bytes and their file extension. The file is read into memory only
// once an image-work slot is held, so uploads waiting for one hold their
// file on disk, not in the heap: image work adds at most the file (8 MB at
// most, deals.MaxPicture) beside each picture's MaxImageBytes.
func (s Size) NormalizeFile(ctx context.Context, f io.Reader, size int64) ([]byte, string, error) {
	release, err := takeSlot(ctx, waitForSlot)
	if err != nil {
		return nil, "", err
	}
	defer release()
	raw := make([]byte, size)
	if _, err := io.ReadFull(f, raw); err != nil {
		return nil, "", err
	}
	_, format, err := s.check(raw)
	if err != nil {
		return nil, "", err
	}
	small, err := s.decodeSmall(raw, format)
	if err != nil {
		return nil, "", err
	}
	return encode(small)
}

// encode writes the stored picture: JPEG when it is opaque, PNG when it
// has transparency. PNG at the default level: the best level searches 32
// times as far for each match, and a dithered picture made it take 9.9 s
// of CPU for a 1,024-pixel photo (0.16 s at the default level, for a file
// about 1% larger; TestWorstAcceptedPictures).
func encode(small *image.NRGBA) ([]byte, string, error) {
	var out bytes.Buffer
	var err error
	if opaque(small) {
		err = jpeg.Encode(&out, small, &jpeg.Options{Quality: jpegQuality})
		return out.Bytes(), ".jpg", err
	}
	err = png.Encode(&out, small)
	return out.Bytes(), ".png", err
}

// decodeSmall decodes the picture and scales it to s.Side. The full
// picture (up to MaxImageBytes with the decoder's work) is garbage once
// this returns; it is handed back to the system at once, before the next
// upload decodes, instead of waiting for the collector's next cycle (which
// lets the heap double first). Uploads are rare enough for the extra
// collection.
func (s Size) decodeSmall(raw []byte, format string) (*image.NRGBA, error) {
	defer debug.FreeOSMemory()
	src, err := decoders[format](bytes.NewReader(raw))
	if err != nil {
		return nil, ErrNotImage
	}
	return s.fit(src), nil
}

// fit scales src down to at most s.Side pixels a side, keeping its shape.
// A large picture is first averaged down by the whole factor k = longest
// side ÷ (s.reach × target) when k ≥ 2 (cheap, and no aliasing), so the
// filter's working rows stay small: CatmullRom straight from 4096 rows to
// 512 would hold 64 MB of them.
func (s Size) fit(src image.Image) *image.NRGBA {
	side := s.Side
	if k := max(src.Bounds().Dx(), src.Bounds().Dy()) / (s.reach * side); k >= 2 {
		src = shrink(src, k)
	}
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	if w > side || h > side {
		if w >= h {
			h = max(1, h*side/w)
			w = side
		} else {
			w = max(1, w*side/h)
			h = side
		}
	}
	// The filter writes premultiplied *image.RGBA, the destination it has
	// a fast path for (into *image.NRGBA it went through the generic
	// per-pixel interface, 3 to 4 times the CPU of this step), and the same
	// pixels are then turned into NRGBA where they are: no second buffer.
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
	return unpremultiply(dst)
}

// unpremultiply turns a premultiplied picture into a straight-alpha one in
// place (an opaque pixel is unchanged).
func unpremultiply(img *image.RGBA) *image.NRGBA {
	for i := 0; i+3 < len(img.Pix); i += 4 {
		p := img.Pix[i : i+4 : i+4]
		switch a := uint32(p[3]); a {
		case 0xff:
		case 0:
			p[0], p[1], p[2] = 0, 0, 0
		default:
			p[0] = uint8(min(uint32(p[0])*0xff/a, 0xff))
			p[1] = uint8(min(uint32(p[1])*0xff/a, 0xff))
			p[2] = uint8(min(uint32(p[2])*0xff/a, 0xff))
		}
	}
	return &image.NRGBA{Pix: img.Pix, Stride: img.Stride, Rect: img.Rect}
}

func opaque(img *image.NRGBA) bool {
	for i := 3; i < len(img.Pix); i += 4 {
		if img.Pix[i] != 0xff {
			return false
		}
	}
	return true
}

// shrink averages k × k blocks of src (the last partial blocks included),
// in premultiplied colour so transparent pixels add no colour.
func shrink(src image.Image, k int) *image.NRGBA {
	b := src.Bounds()
	at := pixelReader(src)
	w, h := (b.Dx()+k-1)/k, (b.Dy()+k-1)/k
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			var r, g, bl, a, n uint64
			for sy := b.Min.Y + y*k; sy < min(b.Min.Y+(y+1)*k, b.Max.Y); sy++ {
				for sx := b.Min.X + x*k; sx < min(b.Min.X+(x+1)*k, b.Max.X); sx++ {
					pr, pg, pb, pa := at(sx, sy)
					r, g, bl, a, n = r+uint64(pr), g+uint64(pg), bl+uint64(pb), a+uint64(pa), n+1
				}
			}
			setPremultiplied(dst, x, y, r/n, g/n, bl/n, a/n)
		}
	}
	return dst
}

// setPremultiplied stores a premultiplied 16-bit colour as color.NRGBAModel
// converts it, without the allocation dst.Set makes for every pixel.
func setPremultiplied(dst *image.NRGBA, x, y int, r, g, b, a uint64) {
	p := dst.Pix[dst.PixOffset(x, y):][:4:4]
	if a == 0 {
		p[0], p[1], p[2], p[3] = 0, 0, 0, 0
		return
	}
	p[0], p[1], p[2], p[3] = uint8(r*0xffff/a>>8), uint8(g*0xffff/a>>8), uint8(b*0xffff/a>>8), uint8(a>>8)
}

// pixelReader answers a pixel's premultiplied 16-bit colour without the
// allocation src.At makes for every pixel (16 million of them here), for
// the types the decoders produce for ordinary pictures.
func pixelReader(src image.Image) func(x, y int) (r, g, b, a uint32) {
	switch img := src.(type) {
	case *image.NRGBA:
		return func(x, y int) (uint32, uint32, uint32, uint32) {
			i := img.PixOffset(x, y)
			p := img.Pix[i : i+4 : i+4]
			a := uint32(p[3]) * 0x101
			return uint32(p[0]) * 0x101 * a / 0xffff, uint32(p[1]) * 0x101 * a / 0xffff, uint32(p[2]) * 0x101 * a / 0xffff, a
		}
	case *image.RGBA:
		return func(x, y int) (uint32, uint32, uint32, uint32) {
			i := img.PixOffset(x, y)
			p := img.Pix[i : i+4 : i+4]
			return uint32(p[0]) * 0x101, uint32(p[1]) * 0x101, uint32(p[2]) * 0x101, uint32(p[3]) * 0x101
		}
	case *image.YCbCr:
		return func(x, y int) (uint32, uint32, uint32, uint32) {
			yi, ci := img.YOffset(x, y), img.COffset(x, y)
			r, g, b := color.YCbCrToRGB(img.Y[yi], img.Cb[ci], img.Cr[ci])
			return uint32(r) * 0x101, uint32(g) * 0x101, uint32(b) * 0x101, 0xffff
		}
	case *image.Gray:
		return func(x, y int) (uint32, uint32, uint32, uint32) {
			v := uint32(img.Pix[img.PixOffset(x, y)]) * 0x101
			return v, v, v, 0xffff
		}
	case *image.Paletted:
		palette := make([][4]uint32, len(img.Palette))
		for i, c := range img.Palette {
			r, g, b, a := c.RGBA()
			palette[i] = [4]uint32{r, g, b, a}
		}
		return func(x, y int) (uint32, uint32, uint32, uint32) {
			i := int(img.Pix[img.PixOffset(x, y)])
			if i >= len(palette) {
				return 0, 0, 0, 0
			}
			c := palette[i]
			return c[0], c[1], c[2], c[3]
		}
	}
	if img, ok := src.(image.RGBA64Image); ok { // CMYK, 16-bit, NYCbCrA...: no allocation a pixel
		return func(x, y int) (uint32, uint32, uint32, uint32) {
			c := img.RGBA64At(x, y)
			return uint32(c.R), uint32(c.G), uint32(c.B), uint32(c.A)
		}
	}
	return func(x, y int) (uint32, uint32, uint32, uint32) { return src.At(x, y).RGBA() }
}

// Refusal words a refused picture's error for the member who sent it:
// noun is what the upload is called ("image", "picture") and notImage the
// message for a file that is no picture at all. ok is false for an error
// that is not a refusal (ErrBusy, or a failure of the server).
func Refusal(err error, noun, notImage string) (msg string, ok bool) {
	switch {
	case errors.Is(err, ErrTooLarge):
		return "The " + noun + " is too large: at most 16 megapixels (4096 × 4096 pixels)", true
	case errors.Is(err, ErrTooCostly):
		return "The " + noun + " would take too much memory to process. Please upload a smaller picture, or save it as an ordinary JPEG or PNG", true
	case errors.Is(err, ErrTooManyScans):
		return fmt.Sprintf("The %s is a progressive JPEG saved in too many passes (at most %d). Please save it again as an ordinary JPEG", noun, MaxProgressiveScans), true
	case errors.Is(err, ErrLosslessWebP):
		return "Lossless WebP pictures are not accepted: please upload a JPEG, PNG or lossy WebP", true
	case errors.Is(err, ErrAnimatedWebP):
		return "Animated WebP pictures are not accepted: please upload a JPEG, PNG or still WebP", true
	case errors.Is(err, ErrNotImage):
		return notImage, true
	}
	return "", false
}
