package payments

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"strings"
)

// Sign returns the lowercase hex HMAC-SHA256 of message under secret, the
// form Razorpay uses for checkout and webhook signatures.
func Sign(secret []byte, message string) string {
	return hex.EncodeToString(mac(secret, []byte(message)))
}

// ValidCheckoutSignature checks Checkout's razorpay_signature over
// "order_id|payment_id".
func ValidCheckoutSignature(secret []byte, orderID, paymentID, signature string) bool {
	return validSignature(secret, []byte(orderID+"|"+paymentID), signature)
}

// ValidWebhookSignature checks X-Razorpay-Signature over the raw body.
func ValidWebhookSignature(secret []byte, body []byte, signature string) bool {
	return validSignature(secret, body, signature)
}

func validSignature(secret, message []byte, signature string) bool {
	if len(secret) == 0 {
		// An empty key would let anyone compute a "valid" signature.
		return false
	}
	given, err := hex.DecodeString(strings.TrimSpace(signature))
	if err != nil || len(given) != sha256.Size {
		return false
	}
	return hmac.Equal(mac(secret, message), given)
}

func mac(secret, message []byte) []byte {
	h := hmac.New(sha256.New, secret)
	h.Write(message)
	return h.Sum(nil)
}
