package migrations

import (
	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Receipts and refunds. A paid payment gets the next receipt number (a
// serial across all payments, so receipts read SB-000001, SB-000002, ...);
// the payments already paid are numbered here in the order they were paid.
// Razorpay's refund.processed events are kept in refunds, one record per
// Razorpay refund id, which is what makes a refund count once however often
// it is delivered. A payment refunded in full becomes "refunded"; its member
// is told with a notification of type plan_refunded. Members never reach
// refunds through PocketBase's API: every rule is closed (superusers only).
func init() {
	m.Register(func(app core.App) error {
		payments, err := app.FindCollectionByNameOrId("payments")
		if err != nil {
			return err
		}
		if f, ok := payments.Fields.GetByName("status").(*core.SelectField); ok {
			f.Values = []string{"created", "paid", "failed", "refunded"}
		}
		payments.Fields.Add(&core.NumberField{Name: "receiptNo", OnlyInt: true, Min: types.Pointer(0.0),
			Help: "Serial number of the payment's receipt (SB-000042), given when it is paid; 0 before."})
		payments.AddIndex("idx_payments_receiptNo", true, "receiptNo", "receiptNo > 0")
		if err := app.Save(payments); err != nil {
			return err
		}
		if err := numberPaidPayments(app); err != nil {
			return err
		}
		if err := app.Save(refundsCollection(payments.Id)); err != nil {
			return err
		}
		return setNoteType(app, "plan_refunded", true)
	}, func(app core.App) error {
		if _, err := app.DB().NewQuery("DELETE FROM notifications WHERE type = 'plan_refunded'").Execute(); err != nil {
			return err
		}
		if err := setNoteType(app, "plan_refunded", false); err != nil {
			return err
		}
		refunds, err := app.FindCollectionByNameOrId("refunds")
		if err != nil {
			return err
		}
		if err := app.Delete(refunds); err != nil {
			return err
		}
		// A refunded payment was paid before it was refunded.
		if _, err := app.DB().NewQuery("UPDATE payments SET status = 'paid' WHERE status = 'refunded'").Execute(); err != nil {
			return err
		}
		payments, err := app.FindCollectionByNameOrId("payments")
		if err != nil {
			return err
		}
		payments.RemoveIndex("idx_payments_receiptNo")
		payments.Fields.RemoveByName("receiptNo")
		if f, ok := payments.Fields.GetByName("status").(*core.SelectField); ok {
			f.Values = []string{"created", "paid", "failed"}
		}
		return app.Save(payments)
	})
}

// numberPaidPayments gives the payments paid so far their receipt numbers,
// in the order they were paid.
func numberPaidPayments(app core.App) error {
	var ids []string
	err := app.DB().Select("id").From("payments").Where(dbx.HashExp{"status": "paid"}).
		OrderBy("COALESCE(NULLIF(activatedAt, ''), created)", "rowid").Column(&ids)
	if err != nil {
		return err
	}
	for i, id := range ids {
		if _, err := app.DB().Update("payments", dbx.Params{"receiptNo": i + 1}, dbx.HashExp{"id": id}).Execute(); err != nil {
			return err
		}
	}
	return nil
}

func refundsCollection(paymentsID string) *core.Collection {
	c := core.NewBaseCollection("refunds")
	c.ListRule, c.ViewRule, c.CreateRule, c.UpdateRule, c.DeleteRule = nil, nil, nil, nil, nil
	c.Fields.Add(
		&core.TextField{Name: "refundId", Required: true, Max: 64, Presentable: true,
			Help: "Razorpay's refund id (rfnd_...). Written by the refund.processed webhook only."},
		&core.RelationField{Name: "payment", Required: true, MaxSelect: 1, CollectionId: paymentsID},
		&core.NumberField{Name: "amount", Required: true, OnlyInt: true, Min: types.Pointer(1.0),
			Help: "In paise (rupees × 100), as Razorpay counts."},
		&core.TextField{Name: "currency", Required: true, Max: 3},
		&core.DateField{Name: "processedAt", Required: true},
		&core.AutodateField{Name: "created", OnCreate: true},
	)
	c.AddIndex("idx_refunds_refundId", true, "refundId", "")
	c.AddIndex("idx_refunds_payment", false, "payment", "")
	return c
}
