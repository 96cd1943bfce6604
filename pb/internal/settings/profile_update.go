package settings

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/apierr"
	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/industry"
	"sponsorbridge/pb/internal/refusal"
	"sponsorbridge/pb/internal/when"
)

// ProfileRequest is PATCH /api/user's body: the fields to change (an
// absent one stays as it is).
type ProfileRequest struct {
	DisplayName *string        `json:"displayName"`
	Bio         *string        `json:"bio"`
	SocialMedia *[]LinkRequest `json:"socialMedia"`
	// Industry is an industry's key, or "" for none (docs/api/packages.md).
	Industry *string `json:"industry"`
	// The member's events, read by the offers' eligibility rules
	// (docs/api/eligibility.md): a city or "Online" ("" none), listing
	// categories, the next event's day (YYYY-MM-DD or ""), an audience
	// (0: not stated).
	EventLocation   *string   `json:"eventLocation"`
	EventCategories *[]string `json:"eventCategories"`
	NextEventDate   *string   `json:"nextEventDate"`
	Audience        *float64  `json:"audience"`
	audience        int
	// HideAsPastSponsor keeps the member off the past sponsors of the media
	// kits of members they sponsored (docs/api/proof-of-value.md).
	HideAsPastSponsor *bool `json:"hideAsPastSponsor"`
}

// LinkRequest is one social link of a ProfileRequest.
type LinkRequest struct {
	Platform string `json:"platform"`
	Username string `json:"username"`
}

// UpdateProfile changes memberID's display name, bio and social links.
// A link keeps its verification only while its platform and username stay
// the same; any changed or new link starts unverified.
func UpdateProfile(app core.App, memberID string, in ProfileRequest) (*core.Record, error) {
	if err := in.validate(); err != nil {
		return nil, refusal.Fields(err)
	}
	member, err := changeMember(app, memberID, func(member *core.Record) error {
		if in.DisplayName != nil {
			member.Set("displayName", *in.DisplayName)
		}
		if in.Bio != nil {
			member.Set("bio", *in.Bio)
		}
		if in.Industry != nil {
			// pledges keep the industry they were made in
			member.Set("industry", *in.Industry)
		}
		if in.EventLocation != nil {
			member.Set("eventLocation", *in.EventLocation)
		}
		if in.EventCategories != nil {
			member.Set("eventCategories", *in.EventCategories)
		}
		if in.NextEventDate != nil {
			member.Set("nextEventDate", storedDay(*in.NextEventDate))
		}
		if in.Audience != nil && in.audience != member.GetInt("audience") {
			// a number typed here is the member's own, as of today: not
			// measured, nor backed by the kit's file any more
			member.Set("audience", in.audience)
			member.Set("audienceProvenance", evidence.Self)
			member.Set("audienceAsOf", storedDay(when.Day(time.Now())))
		}
		if in.HideAsPastSponsor != nil {
			member.Set("hideAsPastSponsor", *in.HideAsPastSponsor)
		}
		if in.SocialMedia != nil {
			// verification carried over from the links as stored now, not as first read
			previous := accounts.ToPublic(member).SocialMedia
			member.Set("socialMedia", mergeLinks(previous, *in.SocialMedia))
		}
		return nil
	})
	return member, orInvalid(err, "Could not save your profile.")
}

// mergeLinks builds the stored links from the submitted ones, carrying over
// the verification of links that did not change.
func mergeLinks(previous []accounts.SocialLink, submitted []LinkRequest) []accounts.SocialLink {
	out := make([]accounts.SocialLink, 0, len(submitted))
	for _, l := range submitted {
		link := accounts.SocialLink{Platform: l.Platform, Username: l.Username}
		for _, p := range previous {
			if p.Platform == l.Platform && strings.EqualFold(p.Username, l.Username) {
				link.Verified, link.VerificationDate = p.Verified, p.VerificationDate
				break
			}
		}
		out = append(out, link)
	}
	return out
}

// ----------------------------------------------------------------

// Platforms are the social networks a member may link.
var Platforms = []string{"twitter", "x", "instagram", "linkedin", "github", "youtube", "facebook", "website"}

// The limits of a profile's own fields.
const (
	MaxLinks        = 8    // social links
	MaxLinkUsername = 100  // characters of a link's username
	MaxBio          = 1000 // characters
)

// handlePattern is what a handle may contain: letters, digits and the few
// marks real handles use ("@name", "in/first-last"). No spaces or markup.
var handlePattern = regexp.MustCompile(`^@?[A-Za-z0-9._\-/]+$`)

func (f *ProfileRequest) validate() error {
	errs := validation.Errors{}
	if f.DisplayName != nil {
		name := strings.TrimSpace(*f.DisplayName)
		f.DisplayName = &name
		if err := accounts.CheckDisplayName(name); err != nil {
			errs["displayName"] = err
		}
	}
	if f.Bio != nil {
		bio := strings.TrimSpace(*f.Bio)
		f.Bio = &bio
		if utf8.RuneCountInString(bio) > MaxBio {
			errs["bio"] = apierr.Field("validation_too_long", "Bio must be at most "+strconv.Itoa(MaxBio)+" characters")
		}
	}
	if f.Industry != nil {
		ind := strings.TrimSpace(*f.Industry)
		f.Industry = &ind
		if ind != "" && !industry.Valid(ind) {
			errs["industry"] = apierr.Field("validation_unknown_industry", "Choose an industry from the list")
		}
	}
	f.validateEvents(errs)
	if f.SocialMedia != nil {
		if err := validateLinks(*f.SocialMedia); err != nil {
			errs["socialMedia"] = err
		}
	}
	if len(errs) > 0 {
		return errs
	}
	return nil
}

// validateEvents checks the member's events (docs/api/eligibility.md, "A
// member's events").
func (f *ProfileRequest) validateEvents(errs validation.Errors) {
	if f.EventLocation != nil {
		place := strings.TrimSpace(*f.EventLocation)
		if strings.EqualFold(place, eligibility.Online) {
			place = eligibility.Online
		}
		f.EventLocation = &place
		if utf8.RuneCountInString(place) > eligibility.MaxProfileLocation || !utf8.ValidString(place) {
			errs["eventLocation"] = apierr.Field("validation_too_long", "Location must be at most "+strconv.Itoa(eligibility.MaxProfileLocation)+" characters")
		}
	}
	if f.EventCategories != nil {
		cats, ok := eligibility.CleanCategories(*f.EventCategories)
		if !ok {
			errs["eventCategories"] = eligibility.CategoriesError()
		}
		f.EventCategories = &cats
	}
	if f.NextEventDate != nil {
		day, ok := eligibility.CleanDate(*f.NextEventDate)
		if !ok {
			errs["nextEventDate"] = eligibility.DateError()
		}
		f.NextEventDate = &day
	}
	if f.Audience != nil {
		n, ok := eligibility.WholeNumber(*f.Audience, eligibility.MaxAudience)
		if !ok {
			errs["audience"] = apierr.Field("validation_audience", "Audience must be a whole number from 0 to 1,000,000,000")
		}
		f.audience = n
	}
}

// storedDay is a "YYYY-MM-DD" day as PocketBase stores a date ("" none).
func storedDay(day string) string {
	t, err := time.Parse("2006-01-02", day)
	if err != nil {
		return ""
	}
	return when.Stored(t)
}

func validateLinks(links []LinkRequest) error {
	if len(links) > MaxLinks {
		return apierr.Field("validation_too_many", fmt.Sprintf("At most %d social links", MaxLinks))
	}
	seen := map[string]bool{}
	for i := range links {
		l := &links[i]
		l.Platform = strings.ToLower(strings.TrimSpace(l.Platform))
		l.Username = strings.TrimSpace(l.Username)
		if !isPlatform(l.Platform) {
			return apierr.Field("validation_invalid_platform", "Unknown platform: choose "+strings.Join(Platforms, ", "))
		}
		switch {
		case l.Username == "":
			return apierr.Field("validation_required", "Each link needs a username")
		case utf8.RuneCountInString(l.Username) > MaxLinkUsername:
			return apierr.Field("validation_too_long", "Usernames must be at most "+strconv.Itoa(MaxLinkUsername)+" characters")
		case l.Platform == "website" && !isWebURL(l.Username):
			return apierr.Field("validation_invalid_url", "Website must be an http:// or https:// address")
		case l.Platform != "website" && !handlePattern.MatchString(l.Username):
			return apierr.Field("validation_invalid_username", "Usernames may only contain letters, numbers, dots, dashes, underscores, slashes and a leading @")
		}
		key := l.Platform + "\x00" + strings.ToLower(l.Username)
		if seen[key] {
			return apierr.Field("validation_duplicate", "Each link may appear only once")
		}
		seen[key] = true
	}
	return nil
}

func isPlatform(p string) bool {
	for _, known := range Platforms {
		if p == known {
			return true
		}
	}
	return false
}

func isWebURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && !strings.ContainsAny(raw, " <>\"'")
}
