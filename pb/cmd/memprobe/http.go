package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"time"
)

func (p *probe) do(method, path string, body io.Reader, contentType string, h http.Header) (*http.Response, []byte, error) {
	req, err := http.NewRequest(method, p.base+path, body)
	if err != nil {
		return nil, nil, err
	}
	for k, v := range h {
		req.Header[k] = v
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	req.Header.Set("Origin", p.base)
	res, err := client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	return res, raw, err
}

func (p *probe) waitFor(path string, h http.Header, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for {
		res, raw, err := p.do(http.MethodGet, path, nil, "", h)
		if err == nil && res.StatusCode == http.StatusOK {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("%s did not answer 200 within %s (last: %v %s)", path, limit, err, raw)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// session keeps only the session cookie of an answer.
func session(res *http.Response) http.Header {
	h := http.Header{}
	jar, _ := cookiejar.New(nil)
	u, _ := url.Parse(res.Request.URL.String())
	jar.SetCookies(u, res.Cookies())
	var parts []string
	for _, c := range jar.Cookies(u) {
		parts = append(parts, c.Name+"="+c.Value)
	}
	h.Set("Cookie", strings.Join(parts, "; "))
	return h
}

func (p *probe) signIn(username, password string) (http.Header, error) {
	body, _ := json.Marshal(map[string]string{"username": username, "password": password})
	res, raw, err := p.do(http.MethodPost, "/api/login", bytes.NewReader(body), "application/json", nil)
	if err != nil || res.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("sign-in as %s: %v %s", username, err, raw)
	}
	return session(res), nil
}

// members registers n new members, eight at a time, and answers their
// sessions.
func (p *probe) members(n int) ([]http.Header, error) {
	out := make([]http.Header, n)
	errs := make(chan error, n)
	sem := make(chan struct{}, 8)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			h, err := p.register(fmt.Sprintf("memprobe%d", p.seq.Add(1)))
			if err != nil {
				errs <- err
				return
			}
			out[i] = h
		}()
	}
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return out, nil
}

func (p *probe) register(username string) (http.Header, error) {
	body, _ := json.Marshal(map[string]string{"username": username, "displayName": "Probe " + username, "password": "probe-pass-1"})
	res, raw, err := p.do(http.MethodPost, "/api/register", bytes.NewReader(body), "application/json", nil)
	if err != nil || res.StatusCode != http.StatusCreated {
		return nil, fmt.Errorf("register %s: %v %s", username, err, raw)
	}
	return session(res), nil
}
