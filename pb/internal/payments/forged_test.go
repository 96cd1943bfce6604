package payments_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/tools/logger"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/testutil"
)

// The webhook has no per-address limit (Razorpay calls from many
// addresses): a flood of forged ones is refused each time and warned about
// at most once a minute, not one log entry each (docs/security.md, "The
// request log").
func TestForgedWebhooksAreOneWarningAMinute(t *testing.T) {
	cfg := testutil.Config()
	cfg.LogsMaxDays = 7 // logs kept, as deployed
	app := apptest.NewApp(t, cfg)
	defer app.Cleanup()
	testutil.Handler(t, app) // start: the log's retention applied
	now := time.Now()
	for i := range 50 {
		d := payments.Delivery{Body: strings.NewReader(orderPaid("order_F", "pay_F", 90000)), Signature: hexHMAC("guess", "x"),
			EventID: "evt_forged", From: "203.0.113.9"}
		if _, err := payments.ReceiveWebhook(app, []byte(testWebhookSecret), d, now.Add(time.Duration(i)*time.Millisecond)); err == nil ||
			!strings.Contains(err.Error(), "Invalid webhook signature.") {
			t.Fatalf("forged webhook %d: %v, want refused", i, err)
		}
	}
	if err := app.Logger().Handler().(*logger.BatchHandler).WriteAll(context.WithValue(context.Background(), logger.BlockKey, true)); err != nil {
		t.Fatal(err)
	}
	var warned []string
	if err := app.AuxDB().NewQuery(`SELECT message FROM _logs WHERE message LIKE 'Payments: webhook%signature%'`).Column(&warned); err != nil {
		t.Fatal(err)
	}
	if len(warned) > 1 {
		t.Errorf("%d warnings for 50 forged webhooks within a second, want at most one", len(warned))
	}
}
