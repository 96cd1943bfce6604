package payments_test

import (
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/testutil"
)

// The migration 1764500800_receipts_and_refunds: payments paid before receipts existed are numbered in the order they were
// paid; the unpaid get no number; down and up again is lossless for them.
func TestReceiptNumbersOfEarlierPayments(t *testing.T) {
	t.Parallel()
	app := apptest.NewApp(t, nil)
	defer app.Cleanup()
	migration := testutil.Migration(t, "1764500800_receipts_and_refunds.go")
	if err := migration.Down(app); err != nil {
		t.Fatal(err)
	}

	dan := testutil.CreateMember(t, app, "dan", testutil.MemberOpts{})
	payments, err := app.FindCollectionByNameOrId("payments")
	if err != nil {
		t.Fatal(err)
	}
	base := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for _, p := range []struct {
		order, status string
		paidAt        time.Time
	}{{"order_late", "paid", base.Add(48 * time.Hour)}, {"order_open", "created", time.Time{}}, {"order_early", "paid", base}} {
		r := core.NewRecord(payments)
		r.Load(map[string]any{"orderId": p.order, "user": dan.Id, "plan": "monthly", "amount": 40000, "currency": "INR",
			"status": p.status, "provider": "razorpay", "activatedAt": p.paidAt})
		if err := app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := migration.Up(app); err != nil {
		t.Fatal(err)
	}
	for order, want := range map[string]int{"order_early": 1, "order_late": 2, "order_open": 0} {
		r, err := app.FindFirstRecordByData("payments", "orderId", order)
		if err != nil || r.GetInt("receiptNo") != want {
			t.Errorf("%s: receipt number %v, want %d (%v)", order, r.Get("receiptNo"), want, err)
		}
	}
	if _, err := app.FindCollectionByNameOrId("refunds"); err != nil {
		t.Errorf("refunds collection: %v", err)
	}
}
