package testutil

import "sponsorbridge/pb/internal/route"

// Every app a test builds checks its answers against the route table: a
// route that answers a type its row does not name answers 500, and the
// test that called it fails (route.CheckAnswers).
func init() { route.CheckAnswers(true) }
