// Package provenance names where a figure SponsorBridge shows came from
// (docs/api/proof-of-value.md): typed in by the member (Self), typed in
// with a file attached (Evidenced), or computed by the server from the
// member's completed deals (Measured).
package provenance

// The provenances, as stored (users.audienceProvenance) and answered.
const (
	Self      = "self"
	Evidenced = "evidenced"
	Measured  = "measured"
)

// All are the provenances, in the order above.
var All = []string{Self, Evidenced, Measured}

// Of is a stored provenance as answered: a figure stored before figures had
// one ("") was typed in by the member.
func Of(stored string) string {
	if stored == "" {
		return Self
	}
	return stored
}
