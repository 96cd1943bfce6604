package route

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// IPRules are the table's per-address limits as PocketBase's rate-limit
// rules: each label once, the routes' own labels before the families'
// (PocketBase answers the first prefix that matches).
func IPRules(table []Route) []core.RateLimitRule {
	var exact, families []core.RateLimitRule
	seen := map[string]bool{}
	for _, r := range table {
		l := r.PerIP
		if l == nil || seen[l.Label] {
			continue
		}
		seen[l.Label] = true
		rule := core.RateLimitRule{Label: l.Label, MaxRequests: l.Max, Duration: l.Seconds}
		if strings.HasSuffix(l.Label, "/") {
			families = append(families, rule)
		} else {
			exact = append(exact, rule)
		}
	}
	return append(exact, families...)
}

// Check says what is wrong with a table: a pattern twice, a route without
// a handler or an answer type, a per-address label that does not name its
// route, one label with two different limits, or a route under a family's
// prefix that does not count in the family.
func Check(table []Route) []error {
	var errs []error
	patterns := map[string]bool{}
	labels := map[string]IPLimit{}
	for _, r := range table {
		p := r.Pattern()
		if patterns[p] {
			errs = append(errs, fmt.Errorf("%s is declared twice", p))
		}
		patterns[p] = true
		if r.Handler == nil {
			errs = append(errs, fmt.Errorf("%s has no handler", p))
		}
		if r.Out == nil {
			errs = append(errs, fmt.Errorf("%s names no answer type (Out)", p))
		}
		if r.Upload > 0 && r.Method == http.MethodGet {
			errs = append(errs, fmt.Errorf("%s takes an upload on a GET", p))
		}
		if l := r.PerIP; l != nil {
			if prev, ok := labels[l.Label]; ok && prev != *l {
				errs = append(errs, fmt.Errorf("%s: label %q has two limits: %+v and %+v", p, l.Label, prev, *l))
			}
			labels[l.Label] = *l
			if !covers(l.Label, r) {
				errs = append(errs, fmt.Errorf("%s: per-address label %q does not name this route", p, l.Label))
			}
		}
	}
	for _, r := range table {
		for label, l := range labels {
			if strings.HasSuffix(label, "/") && covers(label, r) && (r.PerIP == nil || *r.PerIP != l) {
				if r.PerIP != nil && !strings.HasSuffix(r.PerIP.Label, "/") && r.PerIP.Label == r.Pattern() {
					continue // the route's own label wins over the family's
				}
				errs = append(errs, fmt.Errorf("%s is under the family %q but does not name its limit", r.Pattern(), label))
			}
		}
	}
	return errs
}

// covers says whether PocketBase's limiter applies label to the route:
// the label is the route's "METHOD /path", or a family prefix of it (the
// path up to its first parameter).
func covers(label string, r Route) bool {
	p := r.Pattern()
	if label == p {
		return true
	}
	if !strings.HasSuffix(label, "/") {
		return false
	}
	fixed, _, _ := strings.Cut(p, "{")
	return strings.HasPrefix(fixed+"/", label) && len(fixed) >= len(label)
}
