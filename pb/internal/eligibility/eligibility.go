// Package eligibility is who may apply to an Open Sponsorship
// (docs/api/eligibility.md): the criteria an offer's poster sets, the
// questions applicants answer, and the check of a member's profile against
// them, with the sentence the member reads for each rule they fail. It has
// no HTTP: the listings read it to tell a viewer why before they write, and
// the application's transaction checks it again.
package eligibility

import (
	"encoding/json"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// Limits of the criteria, the questions and the cap.
const (
	MaxLocations   = 10
	MaxPlace       = 80
	MaxAudience    = 1_000_000_000
	MaxCap         = 500
	MaxQuestions   = 5
	MaxLabel       = 200
	MaxQuestionID  = 20
	MaxShortAnswer = 200
	MaxLongAnswer  = 2000
	MaxLinkAnswer  = 500
	MaxNumber      = 1e12
	// MaxStoredAnswers bounds an application's answers as stored (JSON,
	// with the questions' labels), in bytes: the applications.answers
	// field's size.
	MaxStoredAnswers = 16 << 10
	// MaxProfileLocation bounds a member's eventLocation, in characters.
	MaxProfileLocation = 120
)

// Online is the place of events held online: it matches itself only.
const Online = "Online"

// Criteria are an offer's rules on who may apply: every rule is off when
// its value is empty (no places, no categories, no dates, 0, false).
// Dates are "YYYY-MM-DD".
type Criteria struct {
	Locations    []string `json:"locations"`
	Categories   []string `json:"categories"`
	EventFrom    string   `json:"eventFrom"`
	EventTo      string   `json:"eventTo"`
	MinAudience  int      `json:"minAudience"`
	VerifiedOnly bool     `json:"verifiedOnly"`
	ReliableOnly bool     `json:"reliableOnly"`
}

// Empty tells whether the criteria set no rule.
func (c Criteria) Empty() bool {
	return len(c.Locations) == 0 && len(c.Categories) == 0 && c.EventFrom == "" && c.EventTo == "" &&
		c.MinAudience == 0 && !c.VerifiedOnly && !c.ReliableOnly
}

// answered is c with every list present ([] rather than null), as offers
// answer it.
func (c Criteria) answered() Criteria {
	if c.Locations == nil {
		c.Locations = []string{}
	}
	if c.Categories == nil {
		c.Categories = []string{}
	}
	return c
}

// The kinds of question.
const (
	KindShort  = "short"
	KindLong   = "long"
	KindNumber = "number"
	KindYesNo  = "yesno"
	KindLink   = "link"
)

// Kinds are the kinds a question may be.
var Kinds = []string{KindShort, KindLong, KindNumber, KindYesNo, KindLink}

// Question is one question of an offer: id is the key of its answer (a
// poster may leave it out: CleanQuestions makes one).
type Question struct {
	ID       string `json:"id,omitzero"`
	Label    string `json:"label"`
	Kind     string `json:"kind"`
	Required bool   `json:"required"`
}

// Profile is the applicant's side of the rules: their events as their
// profile describes them, and the marks the site gives them.
type Profile struct {
	EventLocation   string
	EventCategories []string
	// NextEventDate is "YYYY-MM-DD", or "" when not stated.
	NextEventDate string
	// Audience is self-reported (0: not stated).
	Audience int
	Verified bool
	Reliable bool
}

// ProfileOf reads a member's profile from their users record.
func ProfileOf(user *core.Record) Profile {
	return Profile{
		EventLocation:   strings.TrimSpace(user.GetString("eventLocation")),
		EventCategories: user.GetStringSlice("eventCategories"),
		NextEventDate:   Day(user.GetString("nextEventDate")),
		Audience:        user.GetInt("audience"),
		Verified:        user.GetBool("isVerified"),
		Reliable:        user.GetBool("isReliable"),
	}
}

// Day is a stored date ("2027-04-12 00:00:00.000Z") as "YYYY-MM-DD"; ""
// when empty.
func Day(stored string) string {
	if len(stored) < len("2006-01-02") {
		return ""
	}
	return stored[:len("2006-01-02")]
}

// Rules are an offer's criteria, questions and cap as they are stored on
// its sponsorships row.
type Rules struct {
	Criteria  Criteria
	Questions []Question
	Cap       int
	Count     int
}

// Prepare makes the rules ready to check members against.
func (r Rules) Prepare() *Prepared { return Prepare(r.Criteria, r.Cap, r.Count) }

// DecodeCriteria reads criteria stored as JSON ("", "null" or unreadable:
// none), with every list present.
func DecodeCriteria(stored string) Criteria {
	var c Criteria
	if stored != "" {
		_ = json.Unmarshal([]byte(stored), &c)
	}
	return c.answered()
}

// DecodeQuestions reads questions stored as JSON ([] when none).
func DecodeQuestions(stored string) []Question {
	var qs []Question
	if stored != "" {
		_ = json.Unmarshal([]byte(stored), &qs)
	}
	if qs == nil {
		qs = []Question{}
	}
	return qs
}
