package limits

import "time"

// MemberRules are the per-member limits, by route pattern. They sit well
// above what a person does by hand and well below what a script does: the
// attack pass sent 150 messages from one member at once. Each route that
// sends e-mail has one, so a member cannot make the server mail others in
// bulk. TestMemberRulesNameRealRoutes keeps the patterns in step with the
// router.
var MemberRules = map[string][]Rule{
	"POST /api/conversations/{id}/messages": {
		{Bucket: "messages", Max: 20, Window: time.Minute, Message: "You are sending messages too quickly."},
		{Bucket: "messages-hour", Max: 300, Window: time.Hour, Message: "You have sent a great many messages this hour."},
	},
	"POST /api/conversations": {
		{Bucket: "conversations", Max: 20, Window: time.Hour, Message: "You have started many conversations in a short time."},
	},
	"POST /api/sponsorships/{id}/apply": {
		{Bucket: "applications", Max: 10, Window: time.Hour, Message: "You have sent many applications in a short time."},
		{Bucket: "applications-day", Max: 30, Window: 24 * time.Hour, Message: "You have sent many applications today."},
	},
	"POST /api/sponsorship-requests/{id}/sponsor": {
		{Bucket: "sponsoring", Max: 10, Window: time.Hour, Message: "You have sponsored many requests in a short time."},
	},
	"POST /api/commitments/{id}/withdraw": {
		{Bucket: "withdrawals", Max: 10, Window: time.Hour, Message: "You have withdrawn many pledges in a short time."},
	},
	"POST /api/applications/{id}/accept": {
		{Bucket: "decisions", Max: 60, Window: time.Hour, Message: "You have answered many applications in a short time."},
	},
	"POST /api/applications/{id}/decline": {
		{Bucket: "decisions", Max: 60, Window: time.Hour, Message: "You have answered many applications in a short time."},
	},
	"POST /api/deals/{id}/deliverables": {
		{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."},
	},
	"POST /api/deals/{id}/agree": {
		{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."},
	},
	"POST /api/deals/{id}/funds-sent": {
		{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."},
	},
	"POST /api/deals/{id}/funds-received": {
		{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."},
	},
	"POST /api/deals/{id}/deliverables/{item}/done": {
		{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."},
	},
	"POST /api/deals/{id}/complete": {
		{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."},
	},
	"POST /api/deals/{id}/cancel": {
		{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."},
	},
	"POST /api/deals/{id}/dispute": {
		{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."},
	},
	"POST /api/deals/{id}/dispute/answer": {
		{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."},
	},
	"POST /api/deals/{id}/review": {
		{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."},
	},
	"POST /api/reviews/{id}/reply": {
		{Bucket: "deal-steps", Max: 60, Window: time.Hour, Message: "You have taken many deal steps in a short time."},
	},
	"POST /api/sponsorship-requests/{id}/updates": {
		{Bucket: "updates", Max: 10, Window: 24 * time.Hour, Message: "You have posted many updates today."},
	},
	"POST /api/sponsorships/{id}/report": {
		{Bucket: "reports", Max: 10, Window: time.Hour, Message: "You have sent many reports in a short time."},
		{Bucket: "reports-day", Max: 30, Window: 24 * time.Hour, Message: "You have sent many reports today."},
	},
	"POST /api/sponsorship-requests/{id}/report": {
		{Bucket: "reports", Max: 10, Window: time.Hour, Message: "You have sent many reports in a short time."},
		{Bucket: "reports-day", Max: 30, Window: 24 * time.Hour, Message: "You have sent many reports today."},
	},
	"POST /api/user/email": {
		{Bucket: "email-change", Max: 5, Window: time.Hour, Message: "You have asked for many e-mail codes in a short time."},
	},
	"POST /api/user/password": {
		{Bucket: "password", Max: 10, Window: time.Hour, Message: "You have changed your password many times in a short time."},
	},
	"POST /api/contact": {
		{Bucket: "contact", Max: 5, Window: time.Hour, Message: "You have sent many messages to us in a short time."},
	},
}
