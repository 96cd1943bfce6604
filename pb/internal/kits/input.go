package kits

import (
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"

	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/eligibility"
)

// The bounds of a kit.
const (
	MaxHeadline     = 160
	MaxSegments     = 8
	MaxChannels     = 8
	MaxPastEvents   = 20
	MaxLabel        = 60 // a segment's or channel's name
	MaxEventName    = 120
	MaxURL          = 300
	MaxFollowers    = 1_000_000_000
	MaxAttendance   = 10_000_000
	MaxBody         = 32 << 10
	SavesPerDay     = 200
	PublicPerMinute = 120
)

// KitInput is PUT /api/user/kit's body: the whole kit. A provenance or a
// measured figure in it is not read: the server decides them.
type KitInput struct {
	Headline string `json:"headline"`
	// Audience is the member's audience figure (users.audience, the Events
	// card's); absent leaves it as it is.
	Audience *AudienceInput `json:"audience"`
	// AudienceMeasured: "Use my measured reach".
	AudienceMeasured bool             `json:"audienceMeasured"`
	Segments         []SegmentInput   `json:"segments"`
	Channels         []ChannelInput   `json:"channels"`
	PastEvents       []PastEventInput `json:"pastEvents"`
}

// AudienceInput is the audience as the member states it.
type AudienceInput struct {
	Value    float64 `json:"value"`
	AsOf     string  `json:"asOf"`
	Evidence string  `json:"evidence"`
}

// SegmentInput is a segment as the member states it.
type SegmentInput struct {
	Label    string  `json:"label"`
	Share    float64 `json:"share"`
	AsOf     string  `json:"asOf"`
	Evidence string  `json:"evidence"`
}

// ChannelInput is a channel as the member states it.
type ChannelInput struct {
	Name      string  `json:"name"`
	URL       string  `json:"url"`
	Followers float64 `json:"followers"`
	AsOf      string  `json:"asOf"`
	Evidence  string  `json:"evidence"`
}

// PastEventInput is a past event as the member states it.
type PastEventInput struct {
	Name       string  `json:"name"`
	Date       string  `json:"date"`
	Attendance float64 `json:"attendance"`
	AsOf       string  `json:"asOf"`
	Evidence   string  `json:"evidence"`
}

// Field messages (docs/api/proof-of-value.md, "Media kits").
const (
	msgDate     = "The date must be a date (YYYY-MM-DD), not in the future"
	msgEvidence = "Attach one of your own files"
	msgAudience = "Audience must be a whole number from 0 to 1,000,000,000"
)

// checked is a kit's body once validated: its lists as they will be
// stored (without ids), the days filled in.
type checked struct {
	headline   string
	audience   *storedAudience
	segments   []storedSegment
	channels   []storedChannel
	pastEvents []storedEvent
	// evidence names every file the body attaches, by its field key.
	evidence map[string]string
}

type storedAudience struct {
	value          int
	asOf, evidence string
}

// validate checks the body against today (YYYY-MM-DD in India), collecting
// every field's message by its key ("segments.2.share").
func (in KitInput) validate(today string) (checked, validation.Errors) {
	errs := validation.Errors{}
	out := checked{headline: strings.TrimSpace(in.Headline), evidence: map[string]string{}}
	if utf8.RuneCountInString(out.headline) > MaxHeadline {
		errs["headline"] = field("too_long", fmt.Sprintf("Headline must be at most %d characters", MaxHeadline))
	}
	day := func(key, s string) string {
		d, ok := pastDay(s, today)
		if !ok {
			errs[key] = field("date", msgDate)
		}
		return d
	}
	attach := func(key, id string) string {
		id = strings.TrimSpace(id)
		if id != "" {
			out.evidence[key] = id
		}
		return id
	}
	whole := func(key string, v float64, max int, msg string) int {
		n, ok := eligibility.WholeNumber(v, max)
		if !ok {
			errs[key] = field("number", msg)
		}
		return n
	}
	if a := in.Audience; a != nil && !in.AudienceMeasured {
		out.audience = &storedAudience{
			value:    whole("audience.value", a.Value, eligibility.MaxAudience, msgAudience),
			asOf:     day("audience.asOf", a.AsOf),
			evidence: attach("audience.evidence", a.Evidence),
		}
	}
	if len(in.Segments) > MaxSegments {
		errs["segments"] = field("too_many", fmt.Sprintf("At most %d segments", MaxSegments))
	} else {
		for i, s := range in.Segments {
			k := fmt.Sprintf("segments.%d.", i)
			out.segments = append(out.segments, storedSegment{
				Label:    name(errs, k+"label", s.Label, MaxLabel, "Name the segment", "A segment's name is at most 60 characters"),
				Share:    whole(k+"share", s.Share, 100, "Share must be from 0 to 100 (%)"),
				AsOf:     day(k+"asOf", s.AsOf),
				Evidence: attach(k+"evidence", s.Evidence),
			})
		}
	}
	if len(in.Channels) > MaxChannels {
		errs["channels"] = field("too_many", fmt.Sprintf("At most %d channels", MaxChannels))
	} else {
		for i, c := range in.Channels {
			k := fmt.Sprintf("channels.%d.", i)
			link := strings.TrimSpace(c.URL)
			if link != "" && !webLink(link) {
				errs[k+"url"] = field("invalid_url", "Enter a link starting with http:// or https://")
			}
			out.channels = append(out.channels, storedChannel{
				Name:      name(errs, k+"name", c.Name, MaxLabel, "Name the channel", "A channel's name is at most 60 characters"),
				URL:       link,
				Followers: whole(k+"followers", c.Followers, MaxFollowers, "Followers must be a whole number from 0 to 1,000,000,000"),
				AsOf:      day(k+"asOf", c.AsOf),
				Evidence:  attach(k+"evidence", c.Evidence),
			})
		}
	}
	if len(in.PastEvents) > MaxPastEvents {
		errs["pastEvents"] = field("too_many", fmt.Sprintf("At most %d past events", MaxPastEvents))
	} else {
		for i, e := range in.PastEvents {
			k := fmt.Sprintf("pastEvents.%d.", i)
			date, ok := pastDay(e.Date, today)
			if !ok || date == "" || strings.TrimSpace(e.Date) == "" {
				errs[k+"date"] = field("date", msgDate)
			}
			out.pastEvents = append(out.pastEvents, storedEvent{
				Name:       name(errs, k+"name", e.Name, MaxEventName, "Name the event", "An event's name is at most 120 characters"),
				Date:       date,
				Attendance: whole(k+"attendance", e.Attendance, MaxAttendance, "Attendance must be a whole number from 0 to 10,000,000"),
				AsOf:       day(k+"asOf", e.AsOf),
				Evidence:   attach(k+"evidence", e.Evidence),
			})
		}
	}
	return out, errs
}

// name trims a name and checks it is present and at most max characters.
func name(errs validation.Errors, key, s string, max int, missing, tooLong string) string {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		errs[key] = field("required", missing)
	case utf8.RuneCountInString(s) > max || !utf8.ValidString(s):
		errs[key] = field("too_long", tooLong)
	}
	return s
}

// pastDay is a "YYYY-MM-DD" day not after today; "" is today.
func pastDay(s, today string) (string, bool) {
	s = strings.TrimSpace(s)
	if s == "" {
		return today, true
	}
	if _, err := time.Parse(time.DateOnly, s); err != nil || s > today {
		return "", false
	}
	return s, true
}

// webLink: an http or https address with a host, at most MaxURL long.
func webLink(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && len(raw) <= MaxURL && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" &&
		!strings.ContainsAny(raw, " <>\"'")
}

func field(code, msg string) error { return apierr.Field("validation_"+code, msg) }
