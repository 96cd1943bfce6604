package admin

import (
	"fmt"
	"strings"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/when"

	"github.com/pocketbase/pocketbase/core"
)

// recentPayments is how many of the latest payments the overview lists.
const recentPayments = 20

// PaymentsSummary sums up the payments collection. The collection belongs
// to the payments feature; this reads it only when it exists, and reads only
// the fields it has (user, plan, amount, currency, status, provider,
// orderId), so the overview works before, and keeps working after, that
// feature lands.
type PaymentsSummary struct {
	Available bool            `json:"available"`
	Count     int             `json:"count"`
	Paid      int             `json:"paid"`
	Totals    []CurrencyTotal `json:"totals"`
	Recent    []Payment       `json:"recent"`
}

// CurrencyTotal is the sum of paid amounts in one currency, in the unit the
// payments collection stores.
type CurrencyTotal struct {
	Currency string `json:"currency"`
	Amount   int64  `json:"amount"`
	Count    int    `json:"count"`
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
		paid = "p.status = 'paid'"
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

	user := col("user", "''")
	cols := []string{"p.id AS id", col("orderId", "''") + " AS orderId", user + " AS user",
		"COALESCE(u.username, '') AS username", "COALESCE(u.displayName, '') AS displayName",
		"COALESCE(u.isVerified, 0) AS isVerified", col("plan", "''") + " AS plan", amount + " AS amount",
		currency + " AS currency", col("status", "''") + " AS status", col("provider", "''") + " AS provider",
		col("created", "''") + " AS created"}
	var rows []paymentRow
	err = app.DB().NewQuery(fmt.Sprintf("SELECT %s FROM payments p LEFT JOIN users u ON u.id = %s ORDER BY p.rowid DESC LIMIT %d",
		strings.Join(cols, ", "), user, recentPayments)).All(&rows)
	if err != nil {
		return s, fmt.Errorf("admin: recent payments: %w", err)
	}
	for _, r := range rows {
		s.Recent = append(s.Recent, Payment{ID: r.ID, OrderID: r.OrderID,
			Member: accounts.Person{ID: r.User, Username: r.Username, DisplayName: r.DisplayName, IsVerified: r.IsVerified},
			Plan:   r.Plan, Amount: r.Amount, Currency: r.Currency, Status: r.Status, Provider: r.Provider,
			CreatedAt: when.APIStored(r.Created)})
	}
	return s, nil
}
