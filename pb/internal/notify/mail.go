package notify

import (
	"net/mail"
	"net/url"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/mailer"
	"github.com/pocketbase/pocketbase/tools/template"

	"sponsorbridge/pb/internal/mailbox"
	"sponsorbridge/pb/internal/publicurl"
)

// Item is one entry of a mail: a line with a link (a digest has several).
type Item struct {
	Title string `json:"title"`
	Body  string `json:"body,omitempty"`
	Link  string `json:"link"` // app path
}

// letter is what one notification e-mail says.
type letter struct {
	Greeting    string
	Heading     string
	Lead        string // what one notification says under its title
	Items       []itemView
	Action      string
	ActionURL   string
	Unsubscribe string
	TopicName   string
}

type itemView struct {
	Title, Body, URL string
}

var registry = template.NewRegistry()

// The HTML part, rendered with PocketBase's template registry (html/template:
// every value is escaped); the plain-text part says the same.
const htmlLayout = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<p style="font-size:18px;font-weight:600;color:#4f46e5">SponsorBridge</p>
<p>{{.Greeting}}</p>
<p style="font-size:16px;font-weight:600">{{.Heading}}</p>
{{if .Lead}}<p style="color:#4b5563">{{.Lead}}</p>{{end}}
{{if .Items}}<ul style="padding-left:18px">{{range .Items}}<li style="margin:8px 0"><a href="{{.URL}}" style="color:#4f46e5">{{.Title}}</a>{{if .Body}}<br><span style="color:#4b5563">{{.Body}}</span>{{end}}</li>{{end}}</ul>{{end}}
{{if .ActionURL}}<p><a href="{{.ActionURL}}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 16px;border-radius:8px;text-decoration:none">{{.Action}}</a></p>{{end}}
<p style="font-size:12px;color:#6b7280;margin-top:32px">You get these e-mails for {{.TopicName}}. <a href="{{.Unsubscribe}}" style="color:#6b7280">Unsubscribe</a> or choose what we send in Settings.</p>
</body></html>`

func (l letter) text() string {
	var b strings.Builder
	b.WriteString(l.Greeting + "\n\n" + l.Heading + "\n\n")
	if l.Lead != "" {
		b.WriteString(l.Lead + "\n")
	}
	for _, it := range l.Items {
		b.WriteString("- " + it.Title + "\n")
		if it.Body != "" {
			b.WriteString("  " + it.Body + "\n")
		}
		b.WriteString("  " + it.URL + "\n")
	}
	if l.ActionURL != "" {
		b.WriteString("\n" + l.Action + ": " + l.ActionURL + "\n")
	}
	b.WriteString("\nYou get these e-mails for " + l.TopicName + ". Unsubscribe: " + l.Unsubscribe + "\n")
	return b.String()
}

var topicNames = map[string]string{
	TopicMessages: "new messages", TopicApplications: "applications and sponsorships", TopicDeals: "your deals",
	TopicListings: "updates about your listings", TopicMatches: "new matches for your listings",
	TopicAlerts: "your saved searches", TopicPlanExpiry: "your plan",
}

// letterTo is one notification e-mail to one member.
type letterTo struct {
	UserID  string
	Topic   string // the e-mail topic it belongs to (the member may switch it off)
	Subject string // bounded by SubjectLine when sent
	Heading string
	Lead    string // one notification's words (a digest has Items instead)
	Items   []Item
	// Action is the button's words, ActionPath the app path it opens
	// (none when empty).
	Action, ActionPath string
}

// deliver e-mails a letter to a member, unless they have no address or
// switched the topic off. Every notification mail carries a one-click
// unsubscribe link for its topic and the List-Unsubscribe headers. The
// mail is composed now and sent in the background (mailbox.Send: one try,
// then the outbox); the error is only the letter's own.
func deliver(app core.App, lt letterTo) error {
	member, err := app.FindRecordById("users", lt.UserID)
	if err != nil {
		return nil //nolint:nilerr // the member is gone: nobody to tell
	}
	to := member.Email()
	if to == "" || !member.Verified() || !PrefsOf(member)[lt.Topic] { // only a proven address gets mail
		return nil
	}
	meta := app.Settings().Meta
	base := publicurl.Base(app)
	unsub := base + "/api/email/unsubscribe?" + url.Values{
		"u": {lt.UserID}, "t": {lt.Topic}, "s": {UnsubscribeSig(app, lt.UserID, lt.Topic)},
	}.Encode()
	l := letter{
		Greeting: "Hello " + member.GetString("displayName") + ",", Heading: lt.Heading, Lead: lt.Lead,
		Action: lt.Action, Unsubscribe: unsub, TopicName: topicNames[lt.Topic],
	}
	if lt.ActionPath != "" {
		l.ActionURL = base + lt.ActionPath
	}
	for _, it := range lt.Items {
		l.Items = append(l.Items, itemView{Title: it.Title, Body: it.Body, URL: base + it.Link})
	}
	html, err := registry.LoadString(htmlLayout).Render(l)
	if err != nil {
		return err
	}
	mailbox.Send(app, &mailer.Message{
		From:    mail.Address{Name: meta.SenderName, Address: meta.SenderAddress},
		To:      []mail.Address{{Name: member.GetString("displayName"), Address: to}},
		Subject: SubjectLine(lt.Subject),
		HTML:    html,
		Text:    l.text(),
		Headers: map[string]string{
			"List-Unsubscribe":      "<" + unsub + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		},
	})
	return nil
}

// MaxSubject bounds a notification mail's subject, in characters: 78 is
// the line length RFC 5322 recommends, and about what a phone's inbox
// shows.
const MaxSubject = 78

// SubjectLine is s cut to MaxSubject characters at the end of a word, with
// an ellipsis (a word longer than the whole line is cut where it must be).
func SubjectLine(s string) string {
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) <= MaxSubject {
		return string(r)
	}
	cut := r[:MaxSubject] // the room for the ellipsis is taken below
	end := MaxSubject - 1
	for i := end; i > MaxSubject/2; i-- {
		if cut[i] == ' ' {
			end = i
			break
		}
	}
	return strings.TrimRight(string(cut[:end]), " ,;:-–—") + "…"
}
