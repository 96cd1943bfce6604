// Package catalog holds the product's constants: categories and plans
// (spec section 9). They are defined once here and served to the web app.
package catalog

// Categories a listing can carry.
var Categories = []string{"Education", "Healthcare", "Technology", "Environment", "Arts", "Community", "Business"}

// Plan is a paid subscription plan. Prices are whole rupees.
type Plan struct {
	ID       string   `json:"id"`
	Name     string   `json:"name"`
	Price    int      `json:"price"`
	Currency string   `json:"currency"`
	Months   int      `json:"months"`
	Note     string   `json:"note"`
	Features []string `json:"features"`
}

// Plans are the spec's three plans, cheapest first.
var Plans = []Plan{
	{ID: "monthly", Name: "1 Month Plan", Price: 400, Currency: "INR", Months: 1,
		Features: []string{"Post once per day", "Full access", "Priority support"}},
	{ID: "quarterly", Name: "3 Month Plan", Price: 900, Currency: "INR", Months: 3, Note: "saves 25%",
		Features: []string{"Post once per day", "Full access", "Priority support"}},
	{ID: "biannual", Name: "6 Month Plan", Price: 1500, Currency: "INR", Months: 6, Note: "saves 38%",
		Features: []string{"Post once per day", "Full access", "Premium priority support"}},
}

// FindPlan returns the plan with the given id.
func FindPlan(id string) (Plan, bool) {
	for _, p := range Plans {
		if p.ID == id {
			return p, true
		}
	}
	return Plan{}, false
}

// PlanIDs lists the plan ids.
func PlanIDs() []string {
	ids := make([]string, len(Plans))
	for i, p := range Plans {
		ids[i] = p.ID
	}
	return ids
}
