// Package avatar bounds the memory images cost. A small file can describe a
// huge picture (a 265 KB PNG of 8,000 × 8,000 pixels decodes to 256 MB), so
// an image's size is read from its header before anything decodes it;
// accepted avatars are re-encoded once, at upload, to at most StoredSide
// pixels a side (which also drops their metadata, GPS included); and image
// work runs a few at a time.
package avatar

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	_ "image/gif" // the formats an avatar may arrive in
	"image/jpeg"
	"image/png"
	"runtime/debug"
	"time"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp"
	"golang.org/x/sync/semaphore"
)

const (
	// MaxPixels is the largest picture decoded at all (4096 × 4096).
	MaxPixels = 4096 * 4096
	// maxDecodedBytes bounds the decoded size: 16-bit images count double.
	maxDecodedBytes = MaxPixels * 4
	// StoredSide is the longest side of a stored avatar (displayed at 256 at most).
	StoredSide  = 512
	jpegQuality = 85
)

// Errors a caller maps to its messages.
var (
	ErrNotImage = errors.New("avatar: not a JPEG, PNG, GIF or WebP image")
	ErrTooLarge = errors.New("avatar: the picture has too many pixels")
	ErrBusy     = errors.New("avatar: too much image work at once")
)

// formats an avatar may be, by what image.DecodeConfig reports.
var formats = map[string]bool{"jpeg": true, "png": true, "gif": true, "webp": true}

// Check reads only the header and tells whether the picture may be decoded.
func Check(raw []byte) (image.Config, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(raw))
	if err != nil || !formats[format] {
		return cfg, ErrNotImage
	}
	if cfg.Width < 1 || cfg.Height < 1 {
		return cfg, ErrNotImage
	}
	if int64(cfg.Width)*int64(cfg.Height)*bytesPerPixel(cfg.ColorModel) > maxDecodedBytes {
		return cfg, ErrTooLarge
	}
	return cfg, nil
}

// bytesPerPixel is what the decoder allocates per pixel for a colour model.
func bytesPerPixel(m color.Model) int64 {
	switch m {
	case color.RGBA64Model, color.NRGBA64Model:
		return 8
	case color.Gray16Model:
		return 2
	case color.GrayModel, color.AlphaModel:
		return 1
	}
	return 4 // RGBA, NRGBA, CMYK, YCbCr (with its planes), palettes (bounded by 4)
}

// decodeSlots bounds image work (decoding an upload, making a thumbnail)
// to one at a time: a picture of MaxPixels costs 64 MB decoded, the deploy
// has 512 MB in all, and the search engine holds most of it.
const slots = 1

var decodeSlots = semaphore.NewWeighted(slots)

// waitForSlot is how long an upload waits for a decoding slot.
const waitForSlot = 10 * time.Second

// Normalize decodes a checked picture and re-encodes it to at most
// StoredSide pixels a side: JPEG when it is opaque, PNG when it has
// transparency. An animated GIF keeps its first frame. It answers the
// encoded bytes and their file extension.
func Normalize(ctx context.Context, raw []byte) ([]byte, string, error) {
	if _, err := Check(raw); err != nil {
		return nil, "", err
	}
	wait, cancel := context.WithTimeout(ctx, waitForSlot)
	defer cancel()
	if err := decodeSlots.Acquire(wait, 1); err != nil {
		return nil, "", ErrBusy
	}
	defer decodeSlots.Release(1)

	small, err := decodeSmall(raw)
	if err != nil {
		return nil, "", err
	}

	var out bytes.Buffer
	if opaque(small) {
		err = jpeg.Encode(&out, small, &jpeg.Options{Quality: jpegQuality})
		return out.Bytes(), ".jpg", err
	}
	err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, small)
	return out.Bytes(), ".png", err
}

// decodeSmall decodes the picture and scales it to StoredSide. The full
// picture (up to 64 MB) is garbage once this returns; it is handed back to
// the system at once, before the next upload decodes, instead of waiting for
// the collector's next cycle (which lets the heap double first). Uploads are
// rare enough for the extra collection.
func decodeSmall(raw []byte) (*image.NRGBA, error) {
	defer debug.FreeOSMemory()
	src, _, err := image.Decode(bytes.NewReader(raw))
	if err != nil {
		return nil, ErrNotImage
	}
	return fit(src, StoredSide), nil
}

// fit scales src down to at most side pixels a side, keeping its shape.
// A large picture is first averaged down by a whole factor to under twice
// the target (cheap, and no aliasing), so the filter's working rows stay
// small: CatmullRom straight from 4096 rows would hold 64 MB of them.
func fit(src image.Image, side int) *image.NRGBA {
	if k := max(src.Bounds().Dx(), src.Bounds().Dy()) / (2 * side); k >= 2 {
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
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), src, b, draw.Src, nil)
	return dst
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
			dst.Set(x, y, color.RGBA64{uint16(r / n), uint16(g / n), uint16(bl / n), uint16(a / n)})
		}
	}
	return dst
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
	return func(x, y int) (uint32, uint32, uint32, uint32) { return src.At(x, y).RGBA() }
}
