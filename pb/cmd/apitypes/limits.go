package main

import (
	"bytes"
	"fmt"
	"strings"

	"sponsorbridge/pb/internal/accounts"
	"sponsorbridge/pb/internal/admin"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/eligibility"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/kits"
	trackedlinks "sponsorbridge/pb/internal/links"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/messaging"
	"sponsorbridge/pb/internal/reports"
	"sponsorbridge/pb/internal/savedsearch"
	"sponsorbridge/pb/internal/settings"
	"sponsorbridge/pb/internal/signin"
	"sponsorbridge/pb/internal/sponsoring"
	"sponsorbridge/pb/internal/tiers"
)

// A limit is one number the server enforces and the web app shows or
// checks before sending: a field's length, a count, a page size.
type limit struct {
	key   string // the web app's name for it
	value int
	doc   string // what it bounds and in which unit; the Go constant
}

// limits are written as `export const limits = {…} as const`: the web app's
// forms, counters and pagers read them, so a limit changes in one place.
var limits = []limit{
	{"listingTitle", listings.MaxTitle, "characters of a listing's title (listings.MaxTitle)"},
	{"listingDescription", listings.MaxDescription, "characters of a listing's description (listings.MaxDescription)"},
	{"listingLocation", listings.MaxLocation, "characters of a listing's location (listings.MaxLocation)"},
	{"messageBody", messaging.MaxBody, "characters of a message (messaging.MaxBody)"},
	{"applicationMessage", sponsoring.MaxMessage, "characters of the note with an application or a commitment (sponsoring.MaxMessage)"},
	{"withdrawReason", sponsoring.MaxWithdrawReason, "characters of the reason for withdrawing a pledge (sponsoring.MaxWithdrawReason)"},
	{"declineNote", sponsoring.MaxDeclineNote, "characters of the poster's note with a declined application (sponsoring.MaxDeclineNote)"},
	{"deliverables", deals.MaxDeliverables, "deliverables of a deal (deals.MaxDeliverables)"},
	{"deliverableTitle", deals.MaxDeliverableTitle, "characters of a deliverable (deals.MaxDeliverableTitle)"},
	{"proofText", deals.MaxProofText, "characters of a deliverable's proof note (deals.MaxProofText)"},
	{"proofLink", deals.MaxProofLink, "characters of a deliverable's proof link (deals.MaxProofLink)"},
	{"pictureBytes", deals.MaxPicture, "bytes of a picture on proof or an update, as uploaded (deals.MaxPicture)"},
	{"dealReason", deals.MaxReason, "characters of the reason for cancelling a deal (deals.MaxReason)"},
	{"resolutionNote", admin.MaxResolution, "characters of an administrator's note on a resolved dispute (admin.MaxResolution)"},
	{"requestUpdate", deals.MaxUpdate, "characters of an update to a request's sponsors (deals.MaxUpdate)"},
	{"reviewText", deals.MaxReviewText, "characters of a review or a reply to one (deals.MaxReviewText)"},
	{"disputeText", deals.MaxDisputeText, "characters of a dispute or its answer (deals.MaxDisputeText)"},
	{"renewalAmount", deals.MaxRenewalAmount, "dollars a renewal may be for, at most (deals.MaxRenewalAmount)"},
	{"tiers", tiers.MaxTiers, "packages of a request (tiers.MaxTiers)"},
	{"tierName", tiers.MaxName, "characters of a package's name (tiers.MaxName)"},
	{"tierQuantity", tiers.MaxQuantity, "slots of a package, when limited (tiers.MaxQuantity)"},
	{"tierBenefits", tiers.MaxBenefits, "benefits of a package (tiers.MaxBenefits)"},
	{"tierBenefitTitle", tiers.MaxBenefitTitle, "characters of a package's benefit (tiers.MaxBenefitTitle)"},
	{"holdDaysDefault", tiers.DefaultHoldDays, "days a package's slot is held for its deal unless the poster chooses (tiers.DefaultHoldDays)"},
	{"holdDaysMax", tiers.MaxHoldDays, "days a package's slot may be held for its deal, at most (tiers.MaxHoldDays)"},
	{"savedSearches", savedsearch.MaxPerMember, "saved searches a member may keep (savedsearch.MaxPerMember)"},
	{"savedSearchName", savedsearch.MaxName, "characters of a saved search's name (savedsearch.MaxName)"},
	{"codeDigits", signin.CodeDigits, "digits of a code mailed to an address: sign-in, confirmation, password reset (signin.CodeDigits)"},
	{"displayName", accounts.MaxDisplayName, "characters of a display name (accounts.MaxDisplayName)"},
	{"bio", settings.MaxBio, "characters of a profile's bio (settings.MaxBio)"},
	{"socialLinks", settings.MaxLinks, "social links on a profile (settings.MaxLinks)"},
	{"socialUsername", settings.MaxLinkUsername, "characters of a social link's username (settings.MaxLinkUsername)"},
	{"avatarBytes", settings.MaxAvatar, "bytes of an avatar file (settings.MaxAvatar)"},
	{"reason", admin.MaxReason, "characters of a report's or a rejection's reason (admin.MaxReason)"},
	{"contactName", admin.MaxContactName, "characters of the contact form's name (admin.MaxContactName)"},
	{"contactSubject", admin.MaxContactSubject, "characters of the contact form's subject (admin.MaxContactSubject)"},
	{"contactMessage", admin.MaxContactMessage, "characters of the contact form's message (admin.MaxContactMessage)"},
	{"memberSearch", admin.MaxMemberSearch, "characters of the administrators' member search (admin.MaxMemberSearch)"},
	{"eventLocation", eligibility.MaxProfileLocation, "characters of a member's event location (eligibility.MaxProfileLocation)"},
	{"audience", eligibility.MaxAudience, "a member's expected audience, and an offer's minimum, at most (eligibility.MaxAudience)"},
	{"criteriaLocations", eligibility.MaxLocations, "places an offer's criteria may name (eligibility.MaxLocations)"},
	{"criteriaPlace", eligibility.MaxPlace, "characters of a place in an offer's criteria (eligibility.MaxPlace)"},
	{"applicationCap", eligibility.MaxCap, "applications an offer's cap may be, at most (eligibility.MaxCap)"},
	{"questions", eligibility.MaxQuestions, "questions of an offer (eligibility.MaxQuestions)"},
	{"questionLabel", eligibility.MaxLabel, "characters of a question (eligibility.MaxLabel)"},
	{"shortAnswer", eligibility.MaxShortAnswer, "characters of a short answer (eligibility.MaxShortAnswer)"},
	{"longAnswer", eligibility.MaxLongAnswer, "characters of a long answer (eligibility.MaxLongAnswer)"},
	{"linkAnswer", eligibility.MaxLinkAnswer, "characters of a link answer (eligibility.MaxLinkAnswer)"},
	{"numberAnswer", eligibility.MaxNumber, "a number answer's size, either side of 0, at most (eligibility.MaxNumber)"},
	{"evidencePdfBytes", evidence.MaxPDF, "bytes of an evidence PDF (evidence.MaxPDF; an evidence picture is bounded as pictureBytes)"},
	{"kitHeadline", kits.MaxHeadline, "characters of a media kit's headline (kits.MaxHeadline)"},
	{"kitSegments", kits.MaxSegments, "segments of a media kit (kits.MaxSegments)"},
	{"kitChannels", kits.MaxChannels, "channels of a media kit (kits.MaxChannels)"},
	{"kitPastEvents", kits.MaxPastEvents, "past events of a media kit (kits.MaxPastEvents)"},
	{"kitLabel", kits.MaxLabel, "characters of a kit segment's or channel's name (kits.MaxLabel)"},
	{"kitEventName", kits.MaxEventName, "characters of a kit past event's name (kits.MaxEventName)"},
	{"kitUrl", kits.MaxURL, "characters of a kit channel's link (kits.MaxURL)"},
	{"reportFigures", reports.MaxFigures, "figures of an impact report (reports.MaxFigures)"},
	{"reportFigureLabel", reports.MaxFigureLabel, "characters of a report figure's label (reports.MaxFigureLabel)"},
	{"reportFigureValue", reports.MaxFigureValue, "a report figure's value, at most (reports.MaxFigureValue)"},
	{"reportSpending", reports.MaxSpending, "spending lines of an impact report (reports.MaxSpending)"},
	{"reportSpendingLabel", reports.MaxSpendingLabel, "characters of a spending line's label (reports.MaxSpendingLabel)"},
	{"reportSummary", reports.MaxSummary, "characters of an impact report's summary (reports.MaxSummary)"},
	{"trackedLinks", trackedlinks.MaxPerDeal, "tracked links of a deal (links.MaxPerDeal)"},
	{"trackedLinkTarget", trackedlinks.MaxTarget, "characters of a tracked link's target (links.MaxTarget)"},
}

// writeLimits writes limits.
func writeLimits(out *bytes.Buffer) {
	out.WriteString("/** The limits the server enforces, by what they bound (pb/cmd/apitypes/limits.go). */\nexport const limits = {\n")
	for _, l := range limits {
		fmt.Fprintf(out, "  /** %s */\n  %s: %d,\n", l.doc, l.key, l.value)
	}
	out.WriteString("} as const\n\n")
}

// A constList is a list of values the web app offers (a select's options):
// written as `export const name = [...] as const`.
type constList struct {
	name, doc string
	values    []string
}

// constLists are the contract's lists of values.
var constLists = []constList{
	{"socialPlatforms", "The social networks a member may link, in the order the profile form offers them (settings.Platforms).", settings.Platforms},
}

// writeConstLists writes constLists.
func writeConstLists(out *bytes.Buffer) {
	for _, l := range constLists {
		quoted := make([]string, len(l.values))
		for i, v := range l.values {
			quoted[i] = "'" + v + "'"
		}
		fmt.Fprintf(out, "/** %s */\nexport const %s = [%s] as const\n\n", l.doc, l.name, strings.Join(quoted, ", "))
	}
}
