package payments_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/testutil"
)

// The payment actions called directly, without HTTP: each refusal with the
// kind and words its route answers.
func TestActionsRefuse(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seedMembers(t, app)
	seedPayment(t, app, "dan", "order_live_D", paymentOpts{})
	seedPayment(t, app, "dan", "order_sandbox_D", paymentOpts{provider: "sandbox"})
	dan, priya := testutil.FindByUsername(t, app, "dan"), testutil.FindByUsername(t, app, "priya")
	sb := payments.Sandbox()
	now := time.Now()

	_, err := payments.CreateSubscription(app, sb, dan, payments.CreateSubscriptionInput{PlanID: "weekly"}, now)
	testutil.WantRefusal(t, err, refusal.Invalid, "Please choose one of the plans.")
	ghost := core.NewRecord(dan.Collection())
	ghost.Id = "ghostmember0001"
	_, err = payments.CreateSubscription(app, sb, ghost, payments.CreateSubscriptionInput{PlanID: "monthly"}, now)
	testutil.WantRefusal(t, err, refusal.NotSignedIn, "You are not signed in.")

	_, err = payments.VerifySubscription(app, sb, dan, payments.VerifySubscriptionInput{OrderID: "order_sandbox_D"}, now)
	testutil.WantRefusal(t, err, refusal.Invalid, "The payment details are incomplete.")
	signed := func(order string) payments.VerifySubscriptionInput {
		id, sig := sb.Pay(order)
		return payments.VerifySubscriptionInput{OrderID: order, PaymentID: id, Signature: sig}
	}
	_, err = payments.VerifySubscription(app, sb, priya, signed("order_sandbox_D"), now)
	testutil.WantRefusal(t, err, refusal.NotFound, "This payment order was not found.")
	_, err = payments.VerifySubscription(app, sb, dan, signed("order_live_D"), now)
	testutil.WantRefusal(t, err, refusal.Invalid, "This order was created in another payment mode and cannot be verified here.")
	forged := signed("order_sandbox_D")
	forged.Signature = strings.Repeat("0", len(forged.Signature))
	_, err = payments.VerifySubscription(app, sb, dan, forged, now)
	testutil.WantRefusal(t, err, refusal.Invalid, "The payment signature is not valid.")

	_, err = payments.SandboxPay(app, sb, dan, payments.SandboxPayInput{OrderID: "order_sandbox_D", Outcome: "maybe"})
	testutil.WantRefusal(t, err, refusal.Invalid, "Please check the test payment.")
	_, err = payments.SandboxPay(app, sb, priya, payments.SandboxPayInput{OrderID: "order_sandbox_D"})
	testutil.WantRefusal(t, err, refusal.NotFound, "This payment order was not found.")
	_, err = payments.SandboxPay(app, sb, dan, payments.SandboxPayInput{OrderID: "order_live_D"})
	testutil.WantRefusal(t, err, refusal.Invalid, "Only test-mode orders can be paid in the sandbox.")

	_, err = payments.ReceiptOf(app, dan, "nope", config.Seller{})
	testutil.WantRefusal(t, err, refusal.NotFound, "This receipt was not found.")
	unpaid := paymentOf(t, app, "order_sandbox_D")
	_, err = payments.ReceiptOf(app, dan, unpaid.Id, config.Seller{})
	testutil.WantRefusal(t, err, refusal.NotFound, "This receipt was not found.")

	body := `{"event":"payment.failed","payload":{"payment":{"entity":{"id":"pay_1","order_id":"order_live_D"}}}}`
	_, err = payments.ReceiveWebhook(app, nil, payments.Delivery{Body: strings.NewReader(body)}, now)
	testutil.WantRefusal(t, err, refusal.Unavailable, "Payment webhooks are not configured on this server.")
	secret := []byte(testWebhookSecret)
	_, err = payments.ReceiveWebhook(app, secret, payments.Delivery{Body: strings.NewReader(body), Signature: "00"}, now)
	testutil.WantRefusal(t, err, refusal.Invalid, "Invalid webhook signature.")
	_, err = payments.ReceiveWebhook(app, secret, payments.Delivery{Body: failingReader{}}, now)
	testutil.WantRefusal(t, err, refusal.TooLarge, "The webhook body is too large.")
	_, err = payments.ReceiveWebhook(app, secret, payments.Delivery{Body: strings.NewReader("{"), Signature: hexHMAC(testWebhookSecret, "{")}, now)
	testutil.WantRefusal(t, err, refusal.Invalid, "The webhook body is not valid JSON.")

	if p := paymentOf(t, app, "order_live_D"); p.GetString("status") != "created" {
		t.Errorf("a refused webhook changed the payment: %v", p.PublicExport())
	}
	if d := testutil.FindByUsername(t, app, "dan"); d.GetString("subscriptionStatus") != "" {
		t.Error("a refused verification activated a plan")
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("http: request body too large") }

// The sandbox's full purchase through the actions: the order, the test
// payment, the activation and its receipt; a replayed verification and a
// declined payment of a paid order change nothing.
func TestSandboxPurchaseActions(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	t.Cleanup(app.Cleanup)
	seedMembers(t, app)
	dan := testutil.FindByUsername(t, app, "dan")
	sb := payments.Sandbox()
	now := time.Now()

	payment, err := payments.CreateSubscription(app, sb, dan, payments.CreateSubscriptionInput{PlanID: " quarterly "}, now)
	if err != nil {
		t.Fatal(err)
	}
	if payment.GetString("status") != payments.StatusCreated || payment.GetInt("amount") != 90000 || payment.GetString("provider") != "sandbox" {
		t.Fatalf("the order: %v", payment.PublicExport())
	}
	order := payment.GetString("orderId")
	paid, err := payments.SandboxPay(app, sb, dan, payments.SandboxPayInput{OrderID: order})
	if err != nil || !paid.Sandbox || paid.Error != nil {
		t.Fatalf("SandboxPay: %+v, %v", paid, err)
	}
	in := payments.VerifySubscriptionInput{OrderID: paid.OrderID, PaymentID: paid.PaymentID, Signature: paid.Signature}
	member, err := payments.VerifySubscription(app, sb, dan, in, now)
	if err != nil {
		t.Fatal(err)
	}
	if member.GetString("subscriptionPlan") != "quarterly" || member.GetString("subscriptionStatus") != "active" {
		t.Fatalf("the member after verification: %v", member.PublicExport())
	}
	expiry := testutil.FindByUsername(t, app, "dan").GetString("subscriptionExpiry")
	if _, err := payments.VerifySubscription(app, sb, dan, in, now.Add(time.Hour)); err != nil {
		t.Fatalf("a replay: %v", err)
	}
	if after := testutil.FindByUsername(t, app, "dan").GetString("subscriptionExpiry"); after != expiry {
		t.Fatalf("a replay moved the expiry from %s to %s", expiry, after)
	}
	declined, err := payments.SandboxPay(app, sb, dan, payments.SandboxPayInput{OrderID: order, Outcome: "failed"})
	if err != nil || declined.Error == nil || declined.Error.Reason != "payment_failed" {
		t.Fatalf("a declined payment: %+v, %v", declined, err)
	}
	if p := paymentOf(t, app, order); p.GetString("status") != payments.StatusPaid {
		t.Errorf("declining a paid order marked it %q", p.GetString("status"))
	}
	receipt, err := payments.ReceiptOf(app, dan, payment.Id, config.Seller{})
	if err != nil {
		t.Fatal(err)
	}
	if receipt.Number != "SB-000001" || receipt.PlanID != "quarterly" || receipt.BilledTo.Username != "dan" || receipt.Seller.Name == "" {
		t.Errorf("the receipt: %+v", receipt)
	}
	_, err = payments.ReceiptOf(app, testutil.FindByUsername(t, app, "priya"), payment.Id, config.Seller{})
	testutil.WantRefusal(t, err, refusal.NotFound, "This receipt was not found.")
	if _, err := payments.ReceiptOf(app, testutil.FindByUsername(t, app, "boss"), payment.Id, config.Seller{}); err != nil {
		t.Errorf("an administrator reads the receipt: %v", err)
	}
}
