package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	mrand "math/rand"
	"mime/multipart"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// words collects search terms from the titles of a few pages of listings.
func (p *probe) words(h http.Header) ([]string, error) {
	seen := map[string]bool{}
	var out []string
	for _, path := range []string{"/api/sponsorships?perPage=50", "/api/sponsorship-requests?perPage=50", "/api/sponsorships?perPage=50&sort=amount_asc"} {
		res, raw, err := p.do(http.MethodGet, path, nil, "", h)
		if err != nil || res.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("list %s: %v %s", path, err, raw)
		}
		var page []struct { // a list answers an array (the total is a header)
			Title string `json:"title"`
		}
		if err := json.Unmarshal(raw, &page); err != nil {
			return nil, err
		}
		for _, it := range page {
			for _, w := range strings.Fields(strings.ToLower(it.Title)) {
				w = strings.Trim(w, ".,;:")
				if len(w) >= 3 && !seen[w] {
					seen[w] = true
					out = append(out, w)
				}
			}
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no words in the listings")
	}
	return out, nil
}

var (
	categories = []string{"Education", "Healthcare", "Technology", "Environment", "Arts", "Community", "Business"}
	cities     = []string{"Pune", "Mumbai", "Bengaluru", "Delhi", "Lagos", "London"}
	sorts      = []string{"newest", "amount_desc", "amount_asc"}
)

// listPath is one list or search request with parameters that change on
// every request, as people's searches do.
func listPath(rng *mrand.Rand, words []string) string {
	kind := "/api/sponsorships"
	v := url.Values{}
	if rng.Intn(2) == 0 {
		kind = "/api/sponsorship-requests"
		if rng.Intn(3) == 0 {
			v.Set("status", "open")
		}
	}
	if rng.Intn(2) == 0 {
		q := words[rng.Intn(len(words))]
		switch rng.Intn(4) {
		case 0:
			q += " " + words[rng.Intn(len(words))]
		case 1:
			// the first letters of a word, as a member may type it: the
			// keyword cache keeps such sets, and at a million listings of
			// a kind each is 125 kB
			if len(q) > 2 {
				q = q[:2+rng.Intn(2)]
			}
		}
		v.Set("q", q)
	}
	if rng.Intn(3) == 0 {
		v.Set("category", categories[rng.Intn(len(categories))])
	}
	if rng.Intn(4) == 0 {
		v.Set("location", cities[rng.Intn(len(cities))])
	}
	if rng.Intn(4) == 0 {
		v.Set("minAmount", strconv.Itoa(rng.Intn(5000)))
	}
	if rng.Intn(5) == 0 {
		v.Set("verified", "true")
	}
	v.Set("sort", sorts[rng.Intn(len(sorts))])
	if rng.Intn(4) == 0 {
		v.Set("page", strconv.Itoa(2+rng.Intn(20)))
	}
	return kind + "?" + v.Encode()
}

func (p *probe) lists(h http.Header, words []string, clients int, d time.Duration) int {
	var wg sync.WaitGroup
	var count, failed atomic.Int64
	deadline := time.Now().Add(d)
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := mrand.New(mrand.NewSource(int64(c) + time.Now().UnixNano()))
			for time.Now().Before(deadline) {
				res, _, err := p.do(http.MethodGet, listPath(rng, words), nil, "", h)
				if err != nil || res.StatusCode != http.StatusOK {
					failed.Add(1)
					continue
				}
				count.Add(1)
			}
		}()
	}
	wg.Wait()
	if failed.Load() > 0 {
		fmt.Printf("  (%d list requests failed)\n", failed.Load())
	}
	return int(count.Load())
}

// largestPicture is a PNG at the pixel bound (16 megapixels) and under the
// 2 MB upload limit (a smooth gradient compresses that far). Decoding costs
// the same whatever the content: 64 MB of pixels.
func largestPicture() ([]byte, error) {
	img := image.NewNRGBA(image.Rect(0, 0, 4096, 4096))
	for y := 0; y < 4096; y++ {
		for x := 0; x < 4096; x++ {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x / 16), uint8(y / 16), uint8((x + y) / 32), 255})
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&buf, img); err != nil {
		return nil, err
	}
	if buf.Len() > 2<<20 {
		return nil, fmt.Errorf("the test picture is %d bytes, over the 2 MB limit", buf.Len())
	}
	return buf.Bytes(), nil
}

// uploads sends one avatar per member at once; answers stored and busy counts.
func (p *probe) uploads(members []http.Header, picture []byte) (stored, busy int) {
	var wg sync.WaitGroup
	var ok, told atomic.Int64
	for _, h := range members {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var body bytes.Buffer
			w := multipart.NewWriter(&body)
			part, _ := w.CreateFormFile("avatar", "big.png")
			_, _ = part.Write(picture)
			_ = w.Close()
			res, raw, err := p.do(http.MethodPost, "/api/user/avatar", &body, w.FormDataContentType(), h)
			switch {
			case err != nil:
				fmt.Println("  upload:", err)
			case res.StatusCode == http.StatusOK:
				ok.Add(1)
			case res.StatusCode == http.StatusServiceUnavailable:
				told.Add(1)
			default:
				fmt.Printf("  upload: %d %s\n", res.StatusCode, raw)
			}
		}()
	}
	wg.Wait()
	return int(ok.Load()), int(told.Load())
}

func (p *probe) avatarPath(h http.Header) (string, error) {
	res, raw, err := p.do(http.MethodGet, "/api/user", nil, "", h)
	if err != nil || res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("current user: %v %s", err, raw)
	}
	var me struct {
		Avatar string `json:"avatar"` // the file's path
	}
	if err := json.Unmarshal(raw, &me); err != nil || me.Avatar == "" {
		return "", fmt.Errorf("no avatar: %v %s", err, raw)
	}
	return me.Avatar, nil
}

// thumbnails asks for the avatars' thumbnails from n clients until stop,
// each size in turn (a thumbnail is made on its first request, then served).
func (p *probe) thumbnails(avatars []string, n int, stop chan struct{}) int {
	if len(avatars) == 0 {
		return 0
	}
	var wg sync.WaitGroup
	var count atomic.Int64
	for c := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				path := avatars[(c+i)%len(avatars)] + "?thumb=" + []string{"96x96", "256x256", ""}[i%3]
				res, raw, err := p.do(http.MethodGet, path, nil, "", nil)
				if err == nil && res.StatusCode == http.StatusOK {
					count.Add(1)
				} else if c == 0 && i == 0 {
					fmt.Printf("  thumbnail %s: %v %d %.200s\n", path, err, statusOf(res), raw)
				}
			}
		}()
	}
	wg.Wait()
	return int(count.Load())
}
