package payments_test

import (
	"strings"
	"testing"

	"sponsorbridge/pb/internal/payments"
)

// Razorpay's published examples (razorpay-go v1.4.0, documents/paymentVerification.md).
const (
	publishedSecret        = "EnLs21M47BllR3X8PSFtjtbd"
	publishedOrderID       = "order_IEIaMR65cu6nz3"
	publishedPaymentID     = "pay_IH4NVgf4Dreq1l"
	publishedPaymentSig    = "0d4e745a1838664ad6c9c9902212a32d627d68e917290b0ad5f08ff4561bc50f"
	publishedWebhookSecret = "123456"
	publishedWebhookSig    = "56df260ab4647b07b729b0b48d2a95b71de42f109884949e5ec387a2bb8b6919"
	publishedWebhookBody   = `{"entity":"event","account_id":"acc_HVFD0PFnHPAzKj","event":"payment.authorized","contains":["payment"],"payload":{"payment":{"entity":{"id":"pay_JUEM4c0pSLpFEW","entity":"payment","amount":12300,"currency":"INR","status":"authorized","order_id":"order_JUELuT6cFaHkvd","invoice_id":null,"international":false,"method":"netbanking","amount_refunded":0,"refund_status":null,"captured":false,"description":"#JUELZ1z1EC0pwi","card_id":null,"bank":"SBIN","wallet":null,"vpa":null,"email":"gaurav.kumar@example.com","contact":"+919999999999","notes":[],"fee":null,"tax":null,"error_code":null,"error_description":null,"error_source":null,"error_step":null,"error_reason":null,"acquirer_data":{"bank_transaction_id":"6416615"},"created_at":1652339804}}},"created_at":1652339806}`
)

func TestPublishedCheckoutSignature(t *testing.T) {
	t.Parallel()
	secret := []byte(publishedSecret)
	if !payments.ValidCheckoutSignature(secret, publishedOrderID, publishedPaymentID, publishedPaymentSig) {
		t.Fatal("Razorpay's published payment signature was refused")
	}
	if got := payments.Sign(secret, publishedOrderID+"|"+publishedPaymentID); got != publishedPaymentSig {
		t.Errorf("Sign = %s, want %s", got, publishedPaymentSig)
	}
	for name, c := range map[string][3]string{
		"ids swapped":            {publishedPaymentID, publishedOrderID, publishedPaymentSig},
		"other payment":          {publishedOrderID, "pay_IH4NVgf4Dreq1m", publishedPaymentSig},
		"one hex digit changed":  {publishedOrderID, publishedPaymentID, "1" + publishedPaymentSig[1:]},
		"truncated":              {publishedOrderID, publishedPaymentID, publishedPaymentSig[:63]},
		"not hex":                {publishedOrderID, publishedPaymentID, strings.Repeat("z", 64)},
		"empty":                  {publishedOrderID, publishedPaymentID, ""},
		"signature of the order": {publishedOrderID, publishedPaymentID, hexHMAC(publishedSecret, publishedOrderID)},
	} {
		if payments.ValidCheckoutSignature(secret, c[0], c[1], c[2]) {
			t.Errorf("%s: forged signature accepted", name)
		}
	}
	if payments.ValidCheckoutSignature([]byte("another secret"), publishedOrderID, publishedPaymentID, publishedPaymentSig) {
		t.Error("signature accepted under another secret")
	}
	// Upper-case hex is the same MAC; Razorpay sends lower case but a proxy might not.
	if !payments.ValidCheckoutSignature(secret, publishedOrderID, publishedPaymentID, strings.ToUpper(publishedPaymentSig)) {
		t.Error("upper-case hex refused")
	}
}

func TestPublishedWebhookSignature(t *testing.T) {
	t.Parallel()
	secret := []byte(publishedWebhookSecret)
	if !payments.ValidWebhookSignature(secret, []byte(publishedWebhookBody), publishedWebhookSig) {
		t.Fatal("Razorpay's published webhook signature was refused")
	}
	// The signature covers the raw bytes: re-encoding (a space) breaks it.
	spaced := strings.Replace(publishedWebhookBody, `"event":"payment.authorized"`, `"event": "payment.authorized"`, 1)
	if payments.ValidWebhookSignature(secret, []byte(spaced), publishedWebhookSig) {
		t.Error("signature accepted for a re-encoded body")
	}
	tampered := strings.Replace(publishedWebhookBody, `"amount":12300`, `"amount":1`, 1)
	if payments.ValidWebhookSignature(secret, []byte(tampered), publishedWebhookSig) {
		t.Error("signature accepted for a tampered amount")
	}
}

func TestEmptySecretNeverVerifies(t *testing.T) {
	t.Parallel()
	sig := hexHMAC("", "order_x|pay_y")
	if payments.ValidCheckoutSignature(nil, "order_x", "pay_y", sig) {
		t.Error("an empty secret verified a signature anyone can compute")
	}
	if payments.ValidWebhookSignature([]byte{}, []byte("{}"), hexHMAC("", "{}")) {
		t.Error("an empty webhook secret verified a body")
	}
}

func TestSignMatchesIndependentHMAC(t *testing.T) {
	t.Parallel()
	if got, want := payments.Sign([]byte(testKeySecret), "order_A|pay_B"), hexHMAC(testKeySecret, "order_A|pay_B"); got != want {
		t.Errorf("Sign = %s, want %s", got, want)
	}
}
