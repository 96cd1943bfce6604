package accounts

import "github.com/pocketbase/pocketbase/core"

// ReliabilityOf is what the deals of the member r (a users record) say of
// them, as their public profile answers it.
func ReliabilityOf(r *core.Record) Reliability { return reliabilityOf(r) }
