package evidence_test

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"testing"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tests"
	"github.com/pocketbase/pocketbase/tools/types"

	"sponsorbridge/pb/internal/apptest"
	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/evidence"
	"sponsorbridge/pb/internal/testutil"
)

// form is a multipart body with one file in the field file, and texts.
func form(t testing.TB, name string, content []byte, texts ...string) (string, map[string]string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for i := 0; i+1 < len(texts); i += 2 {
		if err := w.WriteField(texts[i], texts[i+1]); err != nil {
			t.Fatal(err)
		}
	}
	fw, err := w.CreateFormFile(evidence.Field, name)
	if err == nil {
		_, err = fw.Write(content)
	}
	if err == nil {
		err = w.Close()
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.String(), map[string]string{"content-type": w.FormDataContentType()}
}

// picture is an opaque PNG screenshot of w × h.
func picture(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x), uint8(y), 90, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

var pdf = []byte("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n")

// world: rita (a recipient) and sam (her sponsor) with a completed deal and
// a funded one; vic, a member of neither.
type world struct {
	app                 *tests.TestApp
	j                   *testutil.Journey
	completed, funded   string
	rita, sam, vic, ada *core.Record
}

func newWorld(t *testing.T) *world { return newWorldWith(t, testutil.Config()) }

func newWorldWith(t *testing.T, cfg *config.Config) *world {
	t.Helper()
	app := apptest.NewApp(t, cfg)
	t.Cleanup(app.Cleanup)
	w := &world{app: app}
	w.rita = testutil.CreateMember(t, app, "rita", testutil.MemberOpts{})
	w.sam = testutil.CreateMember(t, app, "sam", testutil.MemberOpts{})
	w.vic = testutil.CreateMember(t, app, "vic", testutil.MemberOpts{})
	w.ada = testutil.CreateMember(t, app, "ada", testutil.MemberOpts{Admin: true})
	w.completed = deal(t, app, w.sam, w.rita, "completed")
	w.funded = deal(t, app, w.sam, w.rita, "funded")
	w.j = testutil.NewJourney(t, app)
	return w
}

// deal saves a deal between sponsor and recipient in status.
func deal(t testing.TB, app core.App, sponsor, recipient *core.Record, status string) string {
	t.Helper()
	c, err := app.FindCollectionByNameOrId("deals")
	if err != nil {
		t.Fatal(err)
	}
	r := core.NewRecord(c)
	r.Load(map[string]any{"listingKind": "sponsorships", "listingId": "abcdefghijklmno", "title": "Robotics kits",
		"sponsor": sponsor.Id, "recipient": recipient.Id, "amount": 1000, "status": status, "deliverables": "[]"})
	if status == "completed" {
		r.Set("completedAt", types.NowDateTime())
	}
	if err := app.Save(r); err != nil {
		t.Fatal(err)
	}
	return r.Id
}

// upload sends a file as who and answers the stored file's id.
func (w *world) upload(t *testing.T, who, name string, content []byte, texts ...string) string {
	t.Helper()
	body, headers := form(t, name, content, texts...)
	creates := 1
	if kit, err := evidence.KitOf(w.app, testutil.FindByUsername(t, w.app, who).Id, false); err == nil && kit == nil && len(texts) == 0 {
		creates++ // the member's first kit file makes their kit
	}
	var out evidence.EvidenceFile
	w.j.Do(t, testutil.Call{Name: "upload " + name, Who: who, Method: http.MethodPost, URL: "/api/evidence", Body: body,
		Headers: headers, Status: 201, Events: testutil.Writes(creates, 0, 0), Want: []string{`"url":"/api/evidence/`}}).Decode(t, &out)
	return out.ID
}

func TestUploadingEvidence(t *testing.T) {
	w := newWorld(t)
	pngBody, pngHeaders := form(t, "tickets.png", picture(t, 40, 30))
	refused := func(msg string) []string {
		return []string{`"message":"Please check the highlighted fields."`, `"file":{"code":"validation_invalid_file","message":"` + msg + `"}`}
	}
	text, textHeaders := form(t, "notes.txt", []byte("hello, this is no picture"))
	bigPDF, bigHeaders := form(t, "big.pdf", append(append([]byte{}, pdf...), make([]byte, evidence.MaxPDF)...))
	forDeal := func(id string) (string, map[string]string) { return form(t, "a.pdf", pdf, "deal", id) }
	strangers, strangersHeaders := forDeal(w.completed)
	open, openHeaders := forDeal(w.funded)
	unknown, unknownHeaders := forDeal("nosuchdeal12345")
	for _, c := range []testutil.Call{
		{Name: "a visitor", Method: http.MethodPost, URL: "/api/evidence", Body: pngBody, Headers: pngHeaders, Status: 401},
		{Name: "not a form", Who: "rita", Method: http.MethodPost, URL: "/api/evidence", Body: `{"file":"x"}`, Status: 400,
			Want: []string{"Send the file as multipart form data in the field file (at most 8 MB)."}},
		{Name: "a text file", Who: "rita", Method: http.MethodPost, URL: "/api/evidence", Body: text, Headers: textHeaders, Status: 400,
			Want: refused("Attach a picture (JPEG, PNG, GIF or WebP) or a PDF")},
		{Name: "a PDF over 4 MB", Who: "rita", Method: http.MethodPost, URL: "/api/evidence", Body: bigPDF, Headers: bigHeaders, Status: 400,
			Want: refused("The PDF must be at most 4 MB")},
		{Name: "a deal of others", Who: "vic", Method: http.MethodPost, URL: "/api/evidence", Body: strangers, Headers: strangersHeaders, Status: 404,
			Want: []string{`"message":"Deal not found."`}},
		{Name: "a deal not completed", Who: "rita", Method: http.MethodPost, URL: "/api/evidence", Body: open, Headers: openHeaders, Status: 404,
			Want: []string{`"message":"Deal not found."`}},
		{Name: "an unknown deal", Who: "rita", Method: http.MethodPost, URL: "/api/evidence", Body: unknown, Headers: unknownHeaders, Status: 404,
			Want: []string{`"message":"Deal not found."`}},
	} {
		w.j.Do(t, c)
	}

	// A kit's picture: re-encoded (a JPEG, so named), attached to a kit made for it.
	id := w.upload(t, "rita", `C:\scans\tickets sold.webp.png`, picture(t, 2000, 500))
	r := testutil.Find(t, w.app, evidence.Collection, id)
	if r.GetString("kind") != evidence.KindPicture || r.GetString("name") != "tickets sold.webp.jpg" || r.GetString("kit") == "" || r.GetString("deal") != "" {
		t.Errorf("stored %v", r.FieldsData())
	}
	kit := testutil.Find(t, w.app, evidence.KitCollection, r.GetString("kit"))
	if kit.GetString("owner") != w.rita.Id || kit.GetBool("published") {
		t.Errorf("the kit made for the file: %v", kit.FieldsData())
	}
	// A second file goes to the same kit.
	pdfID := w.upload(t, "rita", "report.pdf", pdf)
	if got := testutil.Find(t, w.app, evidence.Collection, pdfID); got.GetString("kit") != kit.Id || got.GetString("kind") != evidence.KindPDF {
		t.Errorf("the PDF: %v", got.FieldsData())
	}
	// A deal's file, by either of its members.
	for _, who := range []string{"rita", "sam"} {
		dealFile := w.upload(t, who, "receipt.pdf", pdf, "deal", w.completed)
		if got := testutil.Find(t, w.app, evidence.Collection, dealFile); got.GetString("deal") != w.completed || got.GetString("kit") != "" {
			t.Errorf("%s's deal file: %v", who, got.FieldsData())
		}
	}
}

func TestWhoReadsEvidence(t *testing.T) {
	w := newWorld(t)
	kitPicture := w.upload(t, "rita", "tickets.png", picture(t, 40, 30))
	kitPDF := w.upload(t, "rita", "report.pdf", pdf)
	dealPDF := w.upload(t, "sam", "receipt.pdf", pdf, "deal", w.completed)
	// What a report's figure may name: a file of its deal, and nothing else.
	for _, c := range []struct {
		deal, file string
		want       bool
	}{{w.completed, dealPDF, true}, {w.funded, dealPDF, false}, {w.completed, kitPDF, false}, {"", kitPDF, false}, {w.completed, "", false}} {
		if files, err := evidence.OfDeal(w.app, c.deal, c.file, "nosuchfile12345"); err != nil || (files[c.file] != nil) != c.want || len(files) > 1 {
			t.Errorf("OfDeal(%q, %q) = %v, %v; want the file %v", c.deal, c.file, files, err, c.want)
		}
	}
	if own, err := evidence.OfMember(w.app, w.rita.Id, kitPicture, kitPDF, dealPDF, "nosuchfile12345"); err != nil || len(own) != 2 || own[dealPDF] != nil {
		t.Errorf("OfMember: %v, %v; want her two kit files", own, err)
	}
	get := func(name, who, id string, status int, headers map[string]string) testutil.Call {
		c := testutil.Call{Name: name, Who: who, Method: http.MethodGet, URL: "/api/evidence/" + id, Status: status, WantHeaders: headers}
		if status == 200 {
			c.Want = []string{""}
		} else {
			c.Want = []string{`"message":"File not found."`}
		}
		return c
	}
	pdfHeaders := map[string]string{"Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="report.pdf"`,
		"Content-Security-Policy": "sandbox", "X-Content-Type-Options": "nosniff", "Cache-Control": "private, no-cache"}
	pngHeaders := map[string]string{"Content-Type": "image/jpeg", "X-Content-Type-Options": "nosniff"}
	for _, c := range []testutil.Call{
		get("the owner, their unpublished kit's picture", "rita", kitPicture, 200, pngHeaders),
		get("the owner, their PDF", "rita", kitPDF, 200, pdfHeaders),
		get("a visitor, an unpublished kit's file", "", kitPicture, 404, nil),
		get("another member, an unpublished kit's file", "vic", kitPDF, 404, nil),
		get("an administrator, an unpublished kit's file", "ada", kitPDF, 404, nil),
		get("the recipient, the deal's file", "rita", dealPDF, 200, map[string]string{"Content-Disposition": `attachment; filename="receipt.pdf"`}),
		get("the sponsor, the deal's file", "sam", dealPDF, 200, nil),
		get("a stranger, the deal's file", "vic", dealPDF, 404, nil),
		get("a visitor, the deal's file", "", dealPDF, 404, nil),
		get("an unknown id", "rita", "nosuchfile12345", 404, nil),
	} {
		w.j.Do(t, c)
	}

	// Published, the kit shows the files its figures name to anyone; the
	// one it does not name stays its owner's.
	kit := testutil.Find(t, w.app, evidence.KitCollection, testutil.Find(t, w.app, evidence.Collection, kitPDF).GetString("kit"))
	kit.Set("published", true)
	kit.Set("pastEvents", []map[string]any{{"id": "e1", "name": "Fest", "date": "2026-01-01", "attendance": 300, "asOf": "2026-01-02", "evidence": kitPDF}})
	if err := w.app.Save(kit); err != nil {
		t.Fatal(err)
	}
	w.j.Do(t, get("a visitor, a published kit's named PDF", "", kitPDF, 200, pdfHeaders))
	w.j.Do(t, get("a visitor, a published kit's file no figure names", "", kitPicture, 404, nil))
	kit.Set("published", false)
	if err := w.app.Save(kit); err != nil {
		t.Fatal(err)
	}
	w.j.Do(t, get("a visitor, once the kit is unpublished", "", kitPDF, 404, nil))
}

// The sweep deletes the files no figure names a day after their upload,
// with their stored files, and keeps the named ones and the new ones.
func TestTheSweepDeletesUnnamedFiles(t *testing.T) {
	w := newWorld(t)
	named := w.upload(t, "rita", "named.png", picture(t, 40, 30))
	unnamed := w.upload(t, "rita", "unnamed.png", picture(t, 40, 30))
	fresh := w.upload(t, "rita", "fresh.pdf", pdf)
	receipt := w.upload(t, "rita", "receipt.pdf", pdf, "deal", w.completed)
	orphan := w.upload(t, "sam", "orphan.pdf", pdf, "deal", w.completed)
	kit := testutil.Find(t, w.app, evidence.KitCollection, testutil.Find(t, w.app, evidence.Collection, named).GetString("kit"))
	kit.Set("segments", []map[string]any{{"id": "s1", "label": "Students", "share": 60, "asOf": "2026-01-01", "evidence": named}})
	report, err := w.app.FindCollectionByNameOrId("impact_reports")
	if err != nil {
		t.Fatal(err)
	}
	rep := core.NewRecord(report)
	rep.Load(map[string]any{"deal": w.completed, "status": "draft", "figures": "[]",
		"spending": []map[string]any{{"id": "x", "label": "Kits", "amount": 500, "receipt": receipt}}})
	for _, r := range []*core.Record{kit, rep} {
		if err := w.app.Save(r); err != nil {
			t.Fatal(err)
		}
	}
	old := types.NowDateTime().Add(-evidence.SweepAfter - time.Minute).String()
	if _, err := w.app.DB().NewQuery("UPDATE evidence_files SET created = {:old} WHERE id != {:fresh}").
		Bind(map[string]any{"old": old, "fresh": fresh}).Execute(); err != nil {
		t.Fatal(err)
	}
	stored := testutil.Find(t, w.app, evidence.Collection, unnamed)
	if err := evidence.Sweep(w.app); err != nil {
		t.Fatal(err)
	}
	left, err := evidence.ByID(w.app, named, unnamed, fresh, receipt, orphan)
	if err != nil {
		t.Fatal(err)
	}
	for id, want := range map[string]bool{named: true, unnamed: false, fresh: true, receipt: true, orphan: false} {
		if _, ok := left[id]; ok != want {
			t.Errorf("file %s kept %v, want %v", id, ok, want)
		}
	}
	fsys, err := w.app.NewFilesystem()
	if err != nil {
		t.Fatal(err)
	}
	defer fsys.Close()
	// PocketBase removes a deleted record's files after the delete, in the background
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if ok, _ := fsys.Exists(stored.BaseFilesPath() + "/" + stored.GetString("file")); !ok {
			break
		} else if time.Now().After(deadline) {
			t.Fatal("the swept file is still stored")
		}
	}
}

// A kit's files go with the member's account; a deal's stay with the deal,
// their uploader emptied, still read by the member who remains.
func TestFilesWhenAMemberLeaves(t *testing.T) {
	w := newWorld(t)
	kitFile := w.upload(t, "sam", "fans.pdf", pdf)
	dealFile := w.upload(t, "sam", "receipt.pdf", pdf, "deal", w.completed)
	if err := w.app.Delete(w.sam); err != nil {
		t.Fatal(err)
	}
	left, err := evidence.ByID(w.app, kitFile, dealFile)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := left[kitFile]; ok {
		t.Error("the kit's file outlived the account")
	}
	if r, ok := left[dealFile]; !ok || r.GetString("owner") != "" {
		t.Fatalf("the deal's file: %v", r)
	}
	w.j.Do(t, testutil.Call{Name: "the recipient still reads it", Who: "rita", Method: http.MethodGet, URL: "/api/evidence/" + dealFile,
		Status: 200, Want: []string{""}})
}
