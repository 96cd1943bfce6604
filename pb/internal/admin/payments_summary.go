package admin

import (
	"fmt"
	"strings"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/when"

	"github.com/pocketbase/pocketbase/core"
)

// recentPayments is how many of the latest payments the overview lists.
const recentPayments = 20

// PaymentsSummary sums up the payments collection. The collection belongs
// to the payments feature; this reads it only when it exists, and reads only
// the fields it has (user, plan, amount, currency, status, provider,
// orderId, receiptNo), so the overview works before, and keeps working
// after, that feature lands. Refunds come from the payments feature's
// refunds collection.
type PaymentsSummary struct {
	Available bool            `json:"available"`
	Count     int             `json:"count"`
	Paid      int             `json:"paid"`
	Totals    []CurrencyTotal `json:"totals"`
	Recent    []Payment       `json:"recent"`
}

// CurrencyTotal is the sum of the amounts received in one currency (payments
// paid, refunded ones included), in the unit the payments collection stores,
// and how much of it was refunded since.
type CurrencyTotal struct {
	Currency string `json:"currency"`
	Amount   int64  `json:"amount"`
	Count    int    `json:"count"`
	Refunded int64  `json:"refunded"`
}

// Payment is one payment as administrators see it.
type Payment struct {
	ID        string          `json:"id"`
	OrderID   string          `json:"orderId"`
	Member    accounts.Person `json:"member"`
	Plan      string          `json:"plan"`
	Amount    int64           `json:"amount"`
	Currency  string          `json:"currency"`
	Status    string          `json:"status"`
	Provider  string          `json:"provider"`
	CreatedAt string          `json:"createdAt"`
	// ReceiptNumber is "" for a payment never paid (no receipt to open).
	ReceiptNumber string `json:"receiptNumber"`
	// RefundedAmount sums the payment's refunds; RefundedAt is the latest's time.
	RefundedAmount int64  `json:"refundedAmount"`
	RefundedAt     string `json:"refundedAt"`
}

type paymentRow struct {
	ID          string `db:"id"`
	OrderID     string `db:"orderId"`
	User        string `db:"user"`
	Username    string `db:"username"`
	DisplayName string `db:"displayName"`
	IsVerified  bool   `db:"isVerified"`
	Plan        string `db:"plan"`
	Amount      int64  `db:"amount"`
	Currency    string `db:"currency"`
	Status      string `db:"status"`
	Provider    string `db:"provider"`
	Created     string `db:"created"`
	ReceiptNo   int    `db:"receiptNo"`
}

func paymentsSummary(app core.App) (PaymentsSummary, error) {
	s := PaymentsSummary{Totals: []CurrencyTotal{}, Recent: []Payment{}}
	c, err := app.FindCollectionByNameOrId("payments")
	if err != nil {
		return s, nil //nolint:nilerr // no payments feature yet: the users table tells the rest
	}
	s.Available = true
	col := func(name, fallback string) string {
		if c.Fields.GetByName(name) != nil {
			return "p.[[" + name + "]]"
		}
		return fallback
	}
	paid := "1 = 1" // without a status every stored payment counts
	if c.Fields.GetByName("status") != nil {
		paid = "p.status IN ('paid', 'refunded')" // received, whatever was refunded since
	}

	var total, paidCount int
	if err := app.DB().NewQuery("SELECT count(*) FROM payments").Row(&total); err != nil {
		return s, fmt.Errorf("admin: payments count: %w", err)
	}
	s.Count = total
	currency, amount := col("currency", "'INR'"), col("amount", "0")
	err = app.DB().NewQuery(fmt.Sprintf(
		"SELECT %s AS currency, COALESCE(SUM(%s), 0) AS amount, count(*) AS count FROM payments p WHERE %s GROUP BY 1 ORDER BY 1",
		currency, amount, paid)).All(&s.Totals)
	if err != nil {
		return s, fmt.Errorf("admin: payments totals: %w", err)
	}
	for _, t := range s.Totals {
		paidCount += t.Count
	}
	s.Paid = paidCount
	if err := addRefundTotals(app, s.Totals); err != nil {
		return s, err
	}

	user := col("user", "''")
	cols := []string{"p.id AS id", col("orderId", "''") + " AS orderId", user + " AS user",
		"COALESCE(u.username, '') AS username", "COALESCE(u.displayName, '') AS displayName",
		"COALESCE(u.isVerified, 0) AS isVerified", col("plan", "''") + " AS plan", amount + " AS amount",
		currency + " AS currency", col("status", "''") + " AS status", col("provider", "''") + " AS provider",
		col("created", "''") + " AS created", col("receiptNo", "0") + " AS receiptNo"}
	var rows []paymentRow
	err = app.DB().NewQuery(fmt.Sprintf("SELECT %s FROM payments p LEFT JOIN users u ON u.id = %s ORDER BY p.rowid DESC LIMIT %d",
		strings.Join(cols, ", "), user, recentPayments)).All(&rows)
	if err != nil {
		return s, fmt.Errorf("admin: recent payments: %w", err)
	}
	ids := make([]string, len(rows))
	for i, r := range rows {
		ids[i] = r.ID
	}
	refunds, err := payments.RefundTotals(app, ids...)
	if err != nil {
		return s, fmt.Errorf("admin: refunds: %w", err)
	}
	for _, r := range rows {
		s.Recent = append(s.Recent, Payment{ID: r.ID, OrderID: r.OrderID,
			Member: accounts.Person{ID: r.User, Username: r.Username, DisplayName: r.DisplayName, IsVerified: r.IsVerified},
			Plan:   r.Plan, Amount: r.Amount, Currency: r.Currency, Status: r.Status, Provider: r.Provider,
			CreatedAt: when.APIStored(r.Created), ReceiptNumber: payments.ReceiptNumber(r.ReceiptNo),
			RefundedAmount: int64(refunds[r.ID].Amount), RefundedAt: refunds[r.ID].LatestAt})
	}
	return s, nil
}

// addRefundTotals fills in what was refunded per currency.
func addRefundTotals(app core.App, totals []CurrencyTotal) error {
	var rows []struct {
		Currency string `db:"currency"`
		Amount   int64  `db:"amount"`
	}
	err := app.DB().NewQuery("SELECT currency, COALESCE(SUM(amount), 0) AS amount FROM refunds GROUP BY currency").All(&rows)
	if err != nil {
		return fmt.Errorf("admin: refund totals: %w", err)
	}
	for _, r := range rows {
		for i := range totals {
			if totals[i].Currency == r.Currency {
				totals[i].Refunded = r.Amount
			}
		}
	}
	return nil
}
