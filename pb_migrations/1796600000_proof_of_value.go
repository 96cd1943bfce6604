package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
	"github.com/pocketbase/pocketbase/tools/types"
)

// Proof of value (issue 42, docs/api/proof-of-value.md): media kits whose
// every figure says where it came from, impact reports of completed deals,
// tracked short links, and renewals.
//
//   - users: the audience figure (users.audience, issue 41) gets its
//     provenance and "as of" date; measuredAudience is computed by the server
//     alone (the largest measured reach of a completed, never disputed deal);
//     hideAsPastSponsor is a sponsor's consent setting for past-sponsor lists.
//   - media_kits: one per member, the member's own (goes with the account).
//   - evidence_files: a file attached to a figure (a kit's, or a report's,
//     or a receipt of a report's spending). A kit's go with the kit; a
//     report's with the deal (shared data outlives either account).
//   - impact_reports: one per completed deal, drafted by the server from the
//     deal and completed by its recipient; a revocable share link (its token
//     stored hashed).
//   - tracked_links and link_visitors: short links of a deal's deliverables
//     and their counted visitors (a salted hash, never an address).
//   - deals: the listing's category (for the benchmark and the overview) and
//     the deal a renewal renews.
//
// None of these collections has an API rule: the app's routes serve them.
func init() {
	provenances := []string{"self", "evidenced", "measured"}
	m.Register(func(app core.App) error {
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		users.Fields.Add(
			&core.SelectField{Name: "audienceProvenance", MaxSelect: 1, Values: provenances},
			&core.DateField{Name: "audienceAsOf"},
			&core.NumberField{Name: "measuredAudience", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.BoolField{Name: "hideAsPastSponsor"},
		)
		if err := app.Save(users); err != nil {
			return err
		}

		kits := core.NewBaseCollection("media_kits")
		kits.Fields.Add(
			&core.RelationField{Name: "owner", Required: true, MaxSelect: 1, CollectionId: users.Id, CascadeDelete: true},
			&core.BoolField{Name: "published"},
			&core.DateField{Name: "publishedAt"},
			&core.TextField{Name: "headline", Max: 160},
			// the audience figure's evidence (an evidence_files id, or "")
			&core.TextField{Name: "audienceEvidence", Max: 15},
			// [{id, label, share, asOf, evidence}]: share 0-100 (%)
			&core.JSONField{Name: "segments", MaxSize: 16 << 10},
			// [{id, name, url, followers, asOf, evidence}]
			&core.JSONField{Name: "channels", MaxSize: 16 << 10},
			// [{id, name, date, attendance, asOf, evidence}]
			&core.JSONField{Name: "pastEvents", MaxSize: 32 << 10},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		kits.AddIndex("idx_media_kits_owner", true, "owner", "")
		if err := app.Save(kits); err != nil {
			return err
		}

		deals, err := app.FindCollectionByNameOrId("deals")
		if err != nil {
			return err
		}
		deals.Fields.Add(
			// the listing's first category when the deal opened ("" if unknown)
			&core.TextField{Name: "category", Max: 40},
			// the completed deal this one renews
			&core.RelationField{Name: "renewalOf", MaxSelect: 1, CollectionId: deals.Id},
		)
		deals.AddIndex("idx_deals_renewal_of", true, "renewalOf", "renewalOf != ''")
		deals.AddIndex("idx_deals_category", false, "status, category, amount", "")
		if err := app.Save(deals); err != nil {
			return err
		}
		for _, q := range []string{
			`UPDATE deals SET category = COALESCE((SELECT json_extract(s.categories, '$[0]') FROM sponsorships s
				WHERE s.id = deals.listingId), '') WHERE listingKind = 'sponsorships'`,
			`UPDATE deals SET category = COALESCE((SELECT json_extract(r.categories, '$[0]') FROM sponsorship_requests r
				WHERE r.id = deals.listingId), '') WHERE listingKind = 'sponsorship_requests'`,
		} {
			if _, err := app.DB().NewQuery(q).Execute(); err != nil {
				return err
			}
		}

		evidence := core.NewBaseCollection("evidence_files")
		evidence.Fields.Add(
			&core.RelationField{Name: "owner", MaxSelect: 1, CollectionId: users.Id},
			&core.RelationField{Name: "kit", MaxSelect: 1, CollectionId: kits.Id, CascadeDelete: true},
			&core.RelationField{Name: "deal", MaxSelect: 1, CollectionId: deals.Id, CascadeDelete: true},
			&core.SelectField{Name: "kind", Required: true, MaxSelect: 1, Values: []string{"picture", "pdf"}},
			&core.TextField{Name: "name", Max: 120},
			&core.FileField{Name: "file", Required: true, MaxSelect: 1, MaxSize: 8 << 20, Protected: true,
				MimeTypes: []string{"image/jpeg", "image/png", "application/pdf"}},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		evidence.AddIndex("idx_evidence_files_kit", false, "kit", "")
		evidence.AddIndex("idx_evidence_files_deal", false, "deal", "")
		evidence.AddIndex("idx_evidence_files_owner", false, "owner, created", "")
		if err := app.Save(evidence); err != nil {
			return err
		}

		reports := core.NewBaseCollection("impact_reports")
		reports.Fields.Add(
			&core.RelationField{Name: "deal", Required: true, MaxSelect: 1, CollectionId: deals.Id, CascadeDelete: true},
			&core.SelectField{Name: "status", Required: true, MaxSelect: 1, Values: []string{"draft", "published"}},
			&core.TextField{Name: "summary", Max: 2000},
			// [{id, kind, label, value, asOf, evidence}]: kind attendance|reach|other
			&core.JSONField{Name: "figures", MaxSize: 16 << 10},
			// [{id, label, amount, receipt}]: 30 line items of 120 characters,
			// which JSON may write as six bytes apiece (\u0001), fit whatever
			// a 32 KB body holds
			&core.JSONField{Name: "spending", MaxSize: 32 << 10},
			&core.DateField{Name: "publishedAt"},
			// the share link's token, hashed (SHA-256, hex); "" when none
			&core.TextField{Name: "shareHash", Max: 64},
			&core.DateField{Name: "sharedAt"},
			&core.AutodateField{Name: "created", OnCreate: true},
			&core.AutodateField{Name: "updated", OnCreate: true, OnUpdate: true},
		)
		reports.AddIndex("idx_impact_reports_deal", true, "deal", "")
		reports.AddIndex("idx_impact_reports_share", true, "shareHash", "shareHash != ''")
		if err := app.Save(reports); err != nil {
			return err
		}

		links := core.NewBaseCollection("tracked_links")
		links.Fields.Add(
			&core.RelationField{Name: "deal", Required: true, MaxSelect: 1, CollectionId: deals.Id, CascadeDelete: true},
			&core.TextField{Name: "deliverable", Max: 15},
			&core.TextField{Name: "code", Required: true, Max: 16},
			&core.TextField{Name: "target", Required: true, Max: 500},
			&core.RelationField{Name: "createdBy", MaxSelect: 1, CollectionId: users.Id},
			&core.NumberField{Name: "visits", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.NumberField{Name: "uniqueVisitors", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.DateField{Name: "lastVisitAt"},
			&core.AutodateField{Name: "created", OnCreate: true},
		)
		links.AddIndex("idx_tracked_links_code", true, "code", "")
		links.AddIndex("idx_tracked_links_deal", false, "deal, created", "")
		links.AddIndex("idx_tracked_links_visited", false, "lastVisitAt", "")
		if err := app.Save(links); err != nil {
			return err
		}

		visitors := core.NewBaseCollection("link_visitors")
		visitors.Fields.Add(
			&core.RelationField{Name: "link", Required: true, MaxSelect: 1, CollectionId: links.Id, CascadeDelete: true},
			// a salted hash of the visitor's address and browser, never either
			&core.TextField{Name: "visitor", Required: true, Max: 64},
			&core.NumberField{Name: "visits", OnlyInt: true, Min: types.Pointer(0.0)},
			&core.DateField{Name: "lastAt"},
		)
		visitors.AddIndex("idx_link_visitors_link_visitor", true, "link, visitor", "")
		return app.Save(visitors)
	}, func(app core.App) error {
		for _, name := range []string{"link_visitors", "tracked_links", "impact_reports", "evidence_files", "media_kits"} {
			c, err := app.FindCollectionByNameOrId(name)
			if err != nil {
				return err
			}
			if err := app.Delete(c); err != nil {
				return err
			}
		}
		deals, err := app.FindCollectionByNameOrId("deals")
		if err != nil {
			return err
		}
		deals.RemoveIndex("idx_deals_renewal_of")
		deals.RemoveIndex("idx_deals_category")
		deals.Fields.RemoveByName("category")
		deals.Fields.RemoveByName("renewalOf")
		if err := app.Save(deals); err != nil {
			return err
		}
		users, err := app.FindCollectionByNameOrId("users")
		if err != nil {
			return err
		}
		for _, f := range []string{"audienceProvenance", "audienceAsOf", "measuredAudience", "hideAsPastSponsor"} {
			users.Fields.RemoveByName(f)
		}
		return app.Save(users)
	})
}
