package signin

import (
	"context"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

var (
	errKeysUnavailable = errors.New("signin: Google's signing keys could not be fetched")
	errUnknownKey      = errors.New("signin: the token names a key Google does not publish")
)

// jwksCache holds Google's ID-token signing keys for as long as Google's
// Cache-Control max-age allows. A token naming an unknown key refetches the
// set (keys rotate), at most once a minute.
type jwksCache struct {
	url    string
	client *http.Client
	now    func() time.Time

	mu        sync.Mutex
	keys      map[string]*rsa.PublicKey
	expires   time.Time
	lastFetch time.Time
}

func newJWKSCache(url string) *jwksCache {
	return &jwksCache{url: url, client: &http.Client{Timeout: googleTimeout}, now: time.Now}
}

func (c *jwksCache) key(ctx context.Context, kid string) (*rsa.PublicKey, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	now := c.now()
	fresh := now.Before(c.expires)
	if k, ok := c.keys[kid]; ok && fresh {
		return k, nil
	}
	if fresh && now.Sub(c.lastFetch) < time.Minute {
		return nil, errUnknownKey
	}
	if err := c.fetch(ctx); err != nil {
		return nil, err
	}
	if k, ok := c.keys[kid]; ok {
		return k, nil
	}
	return nil, errUnknownKey
}

func (c *jwksCache) fetch(ctx context.Context) error {
	c.lastFetch = c.now()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.url, nil)
	if err != nil {
		return fmt.Errorf("%w: %w", errKeysUnavailable, err)
	}
	res, err := c.client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %w", errKeysUnavailable, err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: status %d", errKeysUnavailable, res.StatusCode)
	}
	var set struct {
		Keys []struct {
			Kid, Kty, Alg, N, E string
		} `json:"keys"`
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(&set); err != nil {
		return fmt.Errorf("%w: %w", errKeysUnavailable, err)
	}
	keys := map[string]*rsa.PublicKey{}
	for _, k := range set.Keys {
		if k.Kty != "RSA" || (k.Alg != "" && k.Alg != "RS256") {
			continue
		}
		if pk, err := rsaKey(k.N, k.E); err == nil {
			keys[k.Kid] = pk
		}
	}
	if len(keys) == 0 {
		return fmt.Errorf("%w: no usable RSA keys", errKeysUnavailable)
	}
	c.keys = keys
	c.expires = c.lastFetch.Add(maxAge(res.Header.Get("Cache-Control")))
	return nil
}

func rsaKey(n64, e64 string) (*rsa.PublicKey, error) {
	n, err := base64.RawURLEncoding.DecodeString(n64)
	if err != nil {
		return nil, err
	}
	e, err := base64.RawURLEncoding.DecodeString(e64)
	if err != nil || len(e) == 0 || len(e) > 4 {
		return nil, errors.New("bad exponent")
	}
	exp := 0
	for _, b := range e {
		exp = exp<<8 | int(b)
	}
	if len(n) < 256 { // under 2048 bits
		return nil, errors.New("key too short")
	}
	return &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: exp}, nil
}

// maxAge reads Cache-Control's max-age, kept between a minute and a day
// (an hour when absent).
func maxAge(header string) time.Duration {
	for _, part := range strings.Split(header, ",") {
		name, value, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok || !strings.EqualFold(name, "max-age") {
			continue
		}
		secs, err := strconv.Atoi(strings.Trim(value, `"`))
		if err != nil {
			break
		}
		return min(max(time.Duration(secs)*time.Second, time.Minute), 24*time.Hour)
	}
	return time.Hour
}
