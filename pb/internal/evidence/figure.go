package evidence

import (
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/when"
)

// Provenances of a figure (docs/api/proof-of-value.md): the server alone
// decides them.
const (
	Self      = "self"      // typed in, nothing attached
	Evidenced = "evidenced" // typed in, with one of the member's files
	Measured  = "measured"  // computed from the member's counted deals
)

// ProvenanceOf is a stored provenance (users.audienceProvenance) as
// answered: one stored before figures had one (""), or unknown, is Self.
func ProvenanceOf(stored string) string {
	switch stored {
	case Evidenced, Measured:
		return stored
	}
	return Self
}

// StaleAfterDays: a member's figure whose day is more than this before
// today is stale; a measured one never is.
const StaleAfterDays = 180

// Figure is a number as answered, with where it came from: a media kit's
// or an impact report's.
type Figure struct {
	Value      int    `json:"value"`
	Provenance string `json:"provenance"`
	// AsOf is the day it was true (YYYY-MM-DD; "" for an audience stated
	// before figures had days).
	AsOf     string        `json:"asOf"`
	Stale    bool          `json:"stale"`
	Evidence *EvidenceFile `json:"evidence"`
}

// Stated is a member's figure as of asOf: evidenced by file when it is set
// (the caller checked that it may name it), else self-reported.
func Stated(value int, asOf string, file *core.Record, now time.Time) Figure {
	f := Figure{Value: value, Provenance: Self, AsOf: asOf,
		Stale: asOf != "" && asOf < when.Day(now.AddDate(0, 0, -StaleAfterDays))}
	if file != nil {
		dto := ToFile(file)
		f.Provenance, f.Evidence = Evidenced, &dto
	}
	return f
}

// MeasuredAt is a figure the server computed, as of asOf.
func MeasuredAt(value int, asOf string) Figure {
	return Figure{Value: value, Provenance: Measured, AsOf: asOf}
}
