package demo

import (
	"fmt"
	"time"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/kits"
	"sponsorbridge/pb/internal/links"
	"sponsorbridge/pb/internal/reports"
	"sponsorbridge/pb/internal/sponsoring"
	"sponsorbridge/pb/internal/when"
)

// seedProof gives the demo a sponsorship carried to its end, through the
// app's own actions: Daniel's offer "Pune health and learning fund" funds
// Priya's health camp; she delivers (one deliverable on time, one late,
// its post carrying a tracked link that a few people visited), Daniel
// confirms, her impact report is published and her media kit is public
// (docs/api/proof-of-value.md). What it shows is measured, as in the app.
func seedProof(app core.App) error {
	daniel, err := app.FindFirstRecordByData("users", "username", "daniel")
	if err != nil {
		return err
	}
	priya, err := app.FindFirstRecordByData("users", "username", "priya")
	if err != nil {
		return err
	}
	offer, err := app.FindFirstRecordByData("sponsorships", "title", "Pune health and learning fund")
	if err != nil {
		return err
	}
	application, err := sponsoring.Apply(app, priya, offer.Id, sponsoring.ApplyBody{MessageBody: sponsoring.MessageBody{
		Message: "Our free health camp screens 300 senior citizens in Hadapsar. The fund would pay for the test kits and the venue."}})
	if err != nil {
		return fmt.Errorf("apply: %w", err)
	}
	if _, err := sponsoring.Decide(app, daniel, application.Id, sponsoring.StatusAccepted); err != nil {
		return fmt.Errorf("accept: %w", err)
	}
	deal, err := app.FindFirstRecordByData("deals", "application", application.Id)
	if err != nil {
		return err
	}
	today := time.Now().In(when.India)
	if _, err := deals.Take(app, deal.Id, daniel, deals.Propose, deals.ProposeInput{Deliverables: []deals.DeliverableInput{
		{Title: "Logo on the camp banner and the registration desk", Due: today.AddDate(0, 0, 7).Format(time.DateOnly)},
		{Title: "A thank-you post on Instagram linking to the fund", Due: today.AddDate(0, 0, -2).Format(time.DateOnly)},
	}}); err != nil {
		return fmt.Errorf("propose: %w", err)
	}
	d, err := app.FindRecordById("deals", deal.Id)
	if err != nil {
		return err
	}
	version := d.GetInt("version")
	for _, step := range []struct {
		who *core.Record
		run func(me *core.Record) error
	}{
		{priya, func(me *core.Record) error {
			_, err := deals.Take(app, deal.Id, me, deals.Agree, deals.AgreeInput{Version: &version})
			return err
		}},
		{daniel, func(me *core.Record) error {
			_, err := deals.Take(app, deal.Id, me, deals.FundsSent, deals.NoInput{})
			return err
		}},
		{priya, func(me *core.Record) error {
			_, err := deals.Take(app, deal.Id, me, deals.FundsReceived, deals.NoInput{})
			return err
		}},
	} {
		if err := step.run(step.who); err != nil {
			return fmt.Errorf("deal step: %w", err)
		}
	}
	if err := deliver(app, deal.Id, priya); err != nil {
		return err
	}
	if _, err := deals.Take(app, deal.Id, daniel, deals.Complete, deals.NoInput{}); err != nil {
		return fmt.Errorf("complete: %w", err)
	}
	return tellIt(app, deal.Id, priya)
}

// deliver marks both deliverables done, the post's with its tracked link,
// visited from 19 addresses: three of them by a robot and three again
// within minutes, neither counted (16 visitors, 16 visits).
func deliver(app core.App, dealID string, priya *core.Record) error {
	d, err := app.FindRecordById("deals", dealID)
	if err != nil {
		return err
	}
	var items []deals.Deliverable
	if err := d.UnmarshalJSONField("deliverables", &items); err != nil {
		return fmt.Errorf("demo: the deal's deliverables: %w", err)
	}
	if len(items) != 2 {
		return fmt.Errorf("demo: the deal has %d deliverables, not 2", len(items))
	}
	link, err := links.Create(app, dealID, priya, links.CreateInput{Target: "https://example.org/pune-health-fund", Deliverable: items[1].ID})
	if err != nil {
		return fmt.Errorf("tracked link: %w", err)
	}
	code := link.GetString("code")
	browsers := []string{"Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Mobile/15E148",
		"Mozilla/5.0 (Linux; Android 15) Chrome/131.0 Mobile", "Mozilla/5.0 (Windows NT 10.0) Chrome/131.0",
		"Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) Safari/605.1.15", "Googlebot/2.1 (+http://www.google.com/bot.html)"}
	for i := range 22 {
		j := i % 19
		v := links.Visit{Code: code, Method: "GET", UserAgent: browsers[j%len(browsers)], Address: fmt.Sprintf("203.0.113.%d", 10+j)}
		if _, _, err := links.Follow(app, v); err != nil {
			return fmt.Errorf("visit: %w", err)
		}
	}
	for i, proof := range []deals.ProofInput{
		{ProofText: "The banner hung at the entrance all day; 312 people registered at the desk under the logo."},
		{ProofText: "Posted two days after the camp, with the link to the fund.", ProofLink: "https://www.instagram.com/p/demo-health-camp"},
	} {
		if _, err := deals.Take(app, dealID, priya, deals.Done, deals.DoneInput{ProofInput: proof, Item: items[i].ID}); err != nil {
			return fmt.Errorf("done: %w", err)
		}
	}
	return nil
}

// tellIt is what Priya writes: the report of the deal, published, and
// her media kit, public.
func tellIt(app core.App, dealID string, priya *core.Record) error {
	num := func(v float64) *float64 { return &v }
	if _, _, err := reports.Save(app, dealID, priya, reports.ImpactReportInput{
		Summary: "312 senior citizens were screened in one day: 41 were referred for eye surgery and 27 learned they had high blood pressure. Thank you for making it free.",
		Figures: []reports.FigureInput{{Kind: "attendance", Label: "People screened", Value: num(312)}},
		Spending: []reports.SpendingInput{{Label: "Glucose and blood-pressure test kits", Amount: num(1100)},
			{Label: "Venue and chairs for the day", Amount: num(450)}, {Label: "Printed reports for every patient", Amount: num(250)}},
	}); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if _, _, err := reports.Publish(app, dealID, priya); err != nil {
		return fmt.Errorf("publish report: %w", err)
	}
	asOf := time.Now().In(when.India).AddDate(0, -1, 0).Format(time.DateOnly)
	lastYear := time.Now().In(when.India).AddDate(-1, 0, 0).Format(time.DateOnly)
	if _, err := kits.Save(app, priya.Id, kits.KitInput{
		Headline: "Free health camps and coding clubs in Pune, run by volunteers",
		Audience: &kits.AudienceInput{Value: 300, AsOf: asOf},
		Segments: []kits.SegmentInput{{Label: "Senior citizens (60+)", Share: 70, AsOf: asOf},
			{Label: "Students", Share: 20, AsOf: asOf}, {Label: "From Pune", Share: 95, AsOf: asOf}},
		Channels:   []kits.ChannelInput{{Name: "Instagram", URL: "https://www.instagram.com/", Followers: 2400, AsOf: asOf}},
		PastEvents: []kits.PastEventInput{{Name: "Health camp, Hadapsar", Date: lastYear, Attendance: 260, AsOf: lastYear}},
	}); err != nil {
		return fmt.Errorf("kit: %w", err)
	}
	if _, err := kits.Publish(app, priya.Id); err != nil {
		return fmt.Errorf("publish kit: %w", err)
	}
	return nil
}
