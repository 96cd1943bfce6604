package payments

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	razorpay "github.com/razorpay/razorpay-go"
)

// Razorpay creates orders through razorpay-go's REST client.
type Razorpay struct {
	client *razorpay.Client
	keyID  string
	secret []byte
}

// NewRazorpay builds a client for the API at base (Razorpay's, or a local
// stand-in in tests). razorpay-go keeps its base URL and HTTP client as
// exported fields of Request; there is no option for either.
func NewRazorpay(base, keyID, keySecret string, timeout time.Duration) *Razorpay {
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	c := razorpay.NewClient(keyID, keySecret)
	if base != "" {
		c.Request.BaseURL = strings.TrimRight(base, "/")
	}
	c.Request.HTTPClient = &http.Client{Timeout: timeout}
	c.SetUserAgent("SponsorBridge")
	return &Razorpay{client: c, keyID: keyID, secret: []byte(keySecret)}
}

func (r *Razorpay) Name() string           { return ProviderRazorpay }
func (r *Razorpay) KeyID() string          { return r.keyID }
func (r *Razorpay) CheckoutSecret() []byte { return r.secret }

// CreateOrder posts /v1/orders. An answer without an id, or with another
// amount or currency than asked, is an error: nothing may be stored from it.
func (r *Razorpay) CreateOrder(req OrderRequest) (Order, error) {
	notes := map[string]interface{}{}
	for k, v := range req.Notes {
		notes[k] = v
	}
	resp, err := r.client.Order.Create(map[string]interface{}{
		"amount":   req.Amount,
		"currency": req.Currency,
		"receipt":  req.Receipt,
		"notes":    notes,
	}, nil)
	if err != nil {
		var uerr *url.Error
		return Order{}, &ProviderError{Unreachable: errors.As(err, &uerr), Err: err}
	}
	id, _ := resp["id"].(string)
	if id == "" {
		return Order{}, &ProviderError{Err: errNoOrderID}
	}
	o := Order{ID: id, Amount: req.Amount, Currency: req.Currency}
	if raw, ok := resp["amount"]; ok {
		if n, ok := number(raw); !ok || n != req.Amount {
			return Order{}, &ProviderError{Err: fmt.Errorf("order %s has amount %v, asked %d", id, raw, req.Amount)}
		}
	}
	if cur, ok := resp["currency"].(string); ok && cur != req.Currency {
		return Order{}, &ProviderError{Err: fmt.Errorf("order %s has currency %q, asked %q", id, cur, req.Currency)}
	}
	return o, nil
}

// number reads a JSON number decoded into interface{} as a whole int.
func number(v interface{}) (int, bool) {
	switch n := v.(type) {
	case float64:
		if n != float64(int(n)) {
			return 0, false
		}
		return int(n), true
	case json.Number:
		i, err := n.Int64()
		return int(i), err == nil
	}
	return 0, false
}
