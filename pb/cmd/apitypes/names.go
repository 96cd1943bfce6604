package main

import (
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/industry"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/reports"
	"sponsorbridge/pb/internal/settings"
	"sponsorbridge/pb/internal/sponsoring"
)

// What the generated types are called: Go types renamed for the web, and
// the string fields typed by unions of their values.

// names renames Go types whose name is taken or reads differently on the
// web ("package.Type").
var names = map[string]string{
	"listings.Listing":     "ListingItem",
	"listings.Poster":      "ListingPoster",
	"accounts.PublicUser":  "PublicProfile",
	"accounts.OwnUser":     "CurrentUser",
	"accounts.SocialLink":  "SocialMediaEntry",
	"messaging.Unread":     "UnreadCounts",
	"notify.Notification":  "AppNotification",
	"savedsearch.Saved":    "SavedSearch",
	"admin.Member":         "AdminMember",
	"admin.Payment":        "AdminPayment",
	"admin.ReportEntry":    "ReportReason",
	"admin.QueueItem":      "ModerationQueueItem",
	"admin.ContactMessage": "ContactMessage",

	"listings.StoredFilter": "SavedQuery",
	"listings.Preview":      "ListingPreview",
	"payments.OrderAnswer":  "SubscriptionOrder",
	"signin.CodeSent":       "EmailCodeSent",

	"industry.Entry": "Industry",
	"tiers.Input":    "TierInput",

	"appconfig.Answer":          "AppConfig",
	"appconfig.demoCredentials": "DemoCredentials",
}

// An enum is a named union of string literals.
type enum struct {
	name   string
	doc    string
	values []string
}

var (
	listingKind = enum{"ListingKind",
		"A listing kind as the server names it in bodies and the listing screen's ?tab= (listings.Kind.Segment).",
		[]string{listings.Sponsorships.Segment, listings.Requests.Segment}}
	listingSegment = enum{"ListingSegment",
		"A listing kind as its API route segment names it (/api/<segment>; the admin routes' kind).",
		[]string{listings.Sponsorships.APISegment(), listings.Requests.APISegment()}}
	listingStatus = enum{"ListingStatus",
		"A listing's status: offers are open or closed, requests also sponsored.",
		[]string{listings.StatusOpen, listings.StatusSponsored, listings.StatusClosed}}
	closedReason = enum{"ClosedReason",
		"Why a listing cannot be backed: closed by its poster, its event date passed, sponsored, or an offer holding all the applications its cap takes.",
		[]string{listings.ClosedByPoster, listings.ClosedEventPassed, listings.ClosedSponsored, listings.ClosedCap}}
	questionKind    = enum{"QuestionKind", "The kind of an offer's question, and of its answer (docs/api/eligibility.md).", eligibility.Kinds}
	eligibilityCode = enum{"EligibilityCode", "An offer's rule a member fails, in the order they are checked (docs/api/eligibility.md, \"Who may apply\").",
		eligibility.Codes}
	applicationStatus = enum{"ApplicationStatus", "",
		[]string{sponsoring.StatusPending, sponsoring.StatusAccepted, sponsoring.StatusDeclined, sponsoring.StatusWithdrawn}}
	dealStatus   = enum{"DealStatus", "A deal's state (docs/api/deals.md, States).", deals.Statuses}
	pledgeStatus = enum{"PledgeStatus", "A pledge (commitment) is active until its sponsor withdraws it.",
		[]string{sponsoring.PledgeActive, sponsoring.PledgeWithdrawn}}
	// messaging sets these as literals (conversations.go, Post).
	messageKind        = enum{"MessageKind", "", []string{"text", "system"}}
	messageContextType = enum{"MessageContextType", "", []string{"", "application", "commitment"}}
	paymentStatus      = enum{"PaymentStatus", "", []string{payments.StatusCreated, payments.StatusPaid, payments.StatusFailed, payments.StatusRefunded}}
	subscriptionStatus = enum{"SubscriptionStatus",
		"A member's subscription status as stored ('' before the first plan); subscriptionActive is the verdict (membership.Status*).",
		[]string{"", membership.StatusActive, membership.StatusExpired, membership.StatusCancelled}}
	paymentsMode = enum{"PaymentsMode", "How plans are sold: live (Razorpay keys), sandbox, or off (the payment routes answer 503; config.PaymentsMode*).",
		[]string{config.PaymentsModeLive, config.PaymentsModeSandbox, config.PaymentsModeOff}}
	industryKey = enum{"IndustryKey", "An industry a member may state (industry.All; docs/api/packages.md).", industryKeys()}
	provenance  = enum{"Provenance", "Where a figure came from (docs/api/proof-of-value.md; evidence.Self, Evidenced, Measured).",
		[]string{evidence.Self, evidence.Evidenced, evidence.Measured}}
	evidenceKind   = enum{"EvidenceKind", "An evidence file's kind: a picture or a PDF.", []string{evidence.KindPicture, evidence.KindPDF}}
	socialPlatform = enum{"SocialPlatform", "A social network a member may link (settings.Platforms; the values: socialPlatforms).", settings.Platforms}
	reportStatus   = enum{"ReportStatus", "An impact report's state (reports.StatusDraft, StatusPublished).", []string{reports.StatusDraft, reports.StatusPublished}}
	figureKind     = enum{"FigureKind", "What an impact report's figure counts (reports.FigureKinds).", reports.FigureKinds}
)

// enums types string fields ("package.Type.Field").
var enums = map[string]enum{
	"listings.Listing.Status":             listingStatus,
	"listings.Listing.ClosedReason":       closedReason,
	"listings.AudienceFigure.Provenance":  provenance,
	"eligibility.Question.Kind":           questionKind,
	"eligibility.Answer.Kind":             questionKind,
	"eligibility.Reason.Code":             eligibilityCode,
	"savedsearch.Saved.Kind":              listingKind,
	"listings.Preview.Kind":               listingKind,
	"admin.QueueItem.Kind":                listingSegment,
	"deals.DealListing.Kind":              listingSegment,
	"sponsoring.Application.Status":       applicationStatus,
	"sponsoring.Commitment.Status":        pledgeStatus,
	"deals.Deal.Status":                   dealStatus,
	"messaging.Message.Kind":              messageKind,
	"messaging.Message.ContextType":       messageContextType,
	"payments.Payment.Status":             paymentStatus,
	"payments.Receipt.Status":             paymentStatus,
	"accounts.OwnUser.SubscriptionStatus": subscriptionStatus,
	"admin.Member.SubscriptionStatus":     subscriptionStatus,
	"accounts.SocialLink.Platform":        socialPlatform,
	"industry.Entry.Key":                  industryKey,
	"evidence.Figure.Provenance":          provenance,
	"evidence.EvidenceFile.Kind":          evidenceKind,
	"appconfig.Answer.Payments.Mode":      paymentsMode,
	"reports.ImpactReport.Status":         reportStatus,
	"reports.ReportListing.Kind":          listingSegment,
	"reports.ReportFigure.Kind":           figureKind,
	"reports.FigureInput.Kind":            figureKind,
}

func industryKeys() []string {
	out := make([]string, 0, len(industry.All))
	for _, e := range industry.All {
		out = append(out, string(e.Key))
	}
	return out
}

// anyFields type the fields the server declares as any ("package.Type.Field")
// by the values it puts there.
var anyFields = map[string]string{
	// a number (number), a bool (yesno) or a string (docs/api/eligibility.md)
	"eligibility.Answer.Value": "number | boolean | string",
}

// extraEnums are written even when no field uses them.
var extraEnums = []enum{listingKind, listingSegment}
