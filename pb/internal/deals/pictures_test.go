package deals_test

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"mime/multipart"
	"net/http"
	"path/filepath"
	"strings"
	"testing"

	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/testutil"
)

// part is one field of a multipart form: a text, or a file when file is set.
type part struct {
	name, value string
	file        []byte
}

// multipartForm answers the body and its content type.
func multipartForm(t *testing.T, parts ...part) (string, string) {
	t.Helper()
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	for _, p := range parts {
		if p.file == nil {
			if err := w.WriteField(p.name, p.value); err != nil {
				t.Fatal(err)
			}
			continue
		}
		fw, err := w.CreateFormFile(p.name, p.value)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := fw.Write(p.file); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.String(), w.FormDataContentType()
}

// sendForm is a step with a multipart body.
func (j *journey) sendForm(name, who, url string, parts []part, status int, events map[string]int, want ...string) testutil.Answer {
	j.t.Helper()
	body, ctype := multipartForm(j.t, parts...)
	if len(want) == 0 {
		want = []string{fmt.Sprintf(`"status":%d`, status)}
	}
	return j.Do(j.t, testutil.Call{Name: name, Who: who, Method: http.MethodPost, URL: url, Body: body,
		Headers: map[string]string{"content-type": ctype}, Status: status, Events: events, Want: want})
}

// photo is an opaque w × h PNG: a gradient, so it is not all one colour.
func photo(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.SetNRGBA(x, y, color.NRGBA{uint8(x * 255 / w), uint8(y * 255 / h), 90, 255})
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// funded takes the sponsor's deal to funded with the deliverables named,
// and answers their ids.
func (j *journey) funded(sponsor, id string, titles ...string) []string {
	j.t.Helper()
	d := "/api/deals/" + id
	list := make([]string, len(titles))
	for i, title := range titles {
		list[i] = `{"title":"` + title + `"}`
	}
	j.Do(j.t, testutil.Call{Name: "propose", Who: "rita", Method: http.MethodPost, URL: d + "/deliverables", Body: `{"deliverables":[` + strings.Join(list, ",") + `]}`, Status: 200, Events: step, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "agree", Who: sponsor, Method: http.MethodPost, URL: d + "/agree", Body: fmt.Sprintf(`{"version":%d}`, j.deal(id).GetInt("version")), Status: 200, Events: step, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "sent", Who: sponsor, Method: http.MethodPost, URL: d + "/funds-sent", Status: 200, Events: step, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "received", Who: "rita", Method: http.MethodPost, URL: d + "/funds-received", Status: 200, Events: step, Want: []string{`"status":"funded"`}})
	var items []deals.Deliverable
	if err := j.deal(id).UnmarshalJSONField("deliverables", &items); err != nil || len(items) != len(titles) {
		j.t.Fatalf("deliverables %v (%v)", items, err)
	}
	ids := make([]string, len(items))
	for i, it := range items {
		ids[i] = it.ID
	}
	return ids
}

// A picture larger than what a form keeps in memory waits in a temporary
// file while the request is read; none is left once the answer is out,
// whether the picture was refused or stored. (Not parallel: it points
// TMPDIR at a folder of its own, once its app is made: the test apps'
// template stays where every other test finds it.)
func TestPicturesLeaveNoTemporaryFiles(t *testing.T) {
	j := newJourney(t)
	id := j.pledge("sam", 600)
	items := j.funded("sam", id, "Logo on the banner")
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	done := "/api/deals/" + id + "/deliverables/" + items[0] + "/done"
	j.sendForm("a file over 8 MB", "rita", done, []part{{"picture", "big.png", make([]byte, deals.MaxPicture+1)}}, 400, refused,
		"The picture must be at most 8 MB")
	j.sendForm("a stored picture", "rita", done, []part{{"picture", "banner.png", photo(t, 1600, 1200)}}, 200,
		testutil.WritesAmidMail(3, 1), `"proofPicture":"`)
	left, err := filepath.Glob(filepath.Join(tmp, "multipart-*"))
	if err != nil || len(left) > 0 {
		t.Errorf("temporary files left after the uploads: %v (%v)", left, err)
	}
}

// A picture of the proof is stored re-encoded with the step, and read only
// through the deal, by its members; a refused picture or step writes
// nothing.
func TestProofPictures(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	id := j.pledge("sam", 600)
	other := j.pledge("sid", 300)
	items := j.funded("sam", id, "Logo on the banner", "A mention on stage", "A booth")
	d := "/api/deals/" + id
	done := func(i int) string { return d + "/deliverables/" + items[i] + "/done" }
	banner := photo(t, 1600, 1200)

	j.sendForm("a visitor", "", done(0), []part{{"picture", "banner.png", banner}}, 401, refused)
	j.sendForm("another member", "olive", done(0), []part{{"picture", "banner.png", banner}}, 404, refused, "Deal not found.")
	j.sendForm("the sponsor does not deliver", "sam", done(0), []part{{"picture", "banner.png", banner}}, 403, refused,
		"Only the recipient can do this.")
	j.sendForm("an unknown deliverable", "rita", d+"/deliverables/nothing/done", []part{{"picture", "banner.png", banner}}, 404, refused,
		"Deliverable not found.")
	j.sendForm("no proof at all", "rita", done(0), []part{{"proofText", "  ", nil}}, 400, refused, "Add proof: a note, a link or a picture")
	j.sendForm("not a picture", "rita", done(0), []part{{"picture", "banner.png", []byte("a text file, named as a picture")}}, 400, refused,
		`"picture":{"code":"validation_invalid_picture","message":"The picture must be a JPEG, PNG, GIF or WebP image"}`)
	j.sendForm("too many pixels", "rita", done(0), []part{{"picture", "huge.png",
		testutil.CraftPNG(t, testutil.PNGSpec{W: 8000, H: 8000, Colour: 2, Depth: 8})}}, 400, refused,
		"The picture is too large: at most 16 megapixels (4096 × 4096 pixels)")
	j.sendForm("two pictures", "rita", done(0), []part{{"picture", "a.png", banner}, {"picture", "b.png", banner}}, 400, refused,
		"Choose one picture")
	j.sendForm("a file over 8 MB", "rita", done(0), []part{{"picture", "big.png", make([]byte, deals.MaxPicture+1)}}, 400, refused,
		"The picture must be at most 8 MB")
	j.sendForm("a body over the limit", "rita", done(0), []part{{"picture", "big.png", make([]byte, deals.MaxPicture+100<<10)}}, 413, refused)
	j.Do(j.t, testutil.Call{Name: "a JSON body still works", Who: "rita", Method: http.MethodPost, URL: done(1), Body: `{"proofText":"Said on stage at 8 pm"}`, Status: 200, Events: step, Want: []string{`"proofText":"Said on stage at 8 pm"`, `"proofPicture":""`}})

	// the deal's history entry and notification, and the picture
	a := j.sendForm("a picture with a note", "rita", done(0), []part{{"proofText", "The banner at the gate", nil},
		{"picture", "banner.png", banner}}, 200, testutil.WritesAmidMail(3, 1), `"proofText":"The banner at the gate"`, `"proofPicture":"`)
	var answer deals.Deal
	a.Decode(t, &answer)
	pic := answer.Deliverables[0].ProofPicture
	if pic == "" || answer.Deliverables[1].ProofPicture != "" {
		t.Fatalf("the proof pictures: %+v", answer.Deliverables)
	}
	j.sendForm("a picture alone is proof", "rita", done(2), []part{{"picture", "booth.jpg", jpegOf(t, 800, 600)}}, 200,
		testutil.WritesAmidMail(3, 1), `"status":"delivered"`)

	// reading it: the deal's two members, nobody else
	url := d + "/pictures/" + pic
	for _, who := range []string{"sam", "rita"} {
		got := j.Do(j.t, testutil.Call{Name: who + " sees the picture", Who: who, Method: http.MethodGet, URL: url, Status: 200, Events: refused, Want: []string{"\xff\xd8\xff"}})
		if ct, cc := got.Header.Get("Content-Type"), got.Header.Get("Cache-Control"); ct != "image/jpeg" || !strings.HasPrefix(cc, "private") {
			t.Errorf("%s: Content-Type %q, Cache-Control %q", who, ct, cc)
		}
		img, err := jpeg.Decode(strings.NewReader(got.Body))
		if err != nil || img.Bounds().Dx() != 1024 || img.Bounds().Dy() != 768 {
			t.Errorf("%s: the stored picture %v (%v), want 1024 × 768", who, img.Bounds(), err)
		}
	}
	j.Do(j.t, testutil.Call{Name: "a visitor", Method: http.MethodGet, URL: url, Status: 401, Events: refused})
	j.Do(j.t, testutil.Call{Name: "another member", Who: "olive", Method: http.MethodGet, URL: url, Status: 404, Events: refused, Want: []string{"Deal not found."}})
	j.Do(j.t, testutil.Call{Name: "an administrator before a dispute", Who: "boss", Method: http.MethodGet, URL: url, Status: 404, Events: refused, Want: []string{"Deal not found."}})
	j.Do(j.t, testutil.Call{Name: "through another deal", Who: "sid", Method: http.MethodGet, URL: "/api/deals/" + other + "/pictures/" + pic, Status: 404, Events: refused, Want: []string{"Picture not found."}})
	j.Do(j.t, testutil.Call{Name: "an unknown picture", Who: "sam", Method: http.MethodGet, URL: d + "/pictures/nothing", Status: 404, Events: refused, Want: []string{"Picture not found."}})
	rec := testutil.Find(t, j.app, "deal_pictures", pic)
	j.Do(j.t, testutil.Call{Name: "PocketBase's file route does not serve it", Who: "sam", Method: http.MethodGet, URL: "/api/files/deal_pictures/" + pic + "/" + rec.GetString("file"), Status: 404, Events: refused})
	j.Do(j.t, testutil.Call{Name: "sam disputes", Who: "sam", Method: http.MethodPost, URL: d + "/dispute", Body: `{"reason":"The banner is not ours"}`, Status: 200, Events: disputed, Want: []string{`"id":"`}})
	j.Do(j.t, testutil.Call{Name: "the administrators see the proof of a disputed deal", Who: "boss", Method: http.MethodGet, URL: url, Status: 200, Events: refused, Want: []string{"\xff\xd8\xff"}})
}

// An update's picture reaches every sponsor on their own deal.
func TestUpdatePictures(t *testing.T) {
	t.Parallel()
	j := newJourney(t)
	u := "/api/sponsorship-requests/" + j.request().Id + "/updates"
	stage := photo(t, 900, 600)
	j.sendForm("nobody to tell yet", "rita", u, []part{{"body", "The stage", nil}, {"picture", "stage.png", stage}}, 409, refused,
		"This request has no sponsors to update yet.")
	samDeal, sidDeal := j.pledge("sam", 600), j.pledge("sid", 300)
	j.sendForm("only the poster", "sam", u, []part{{"body", "The stage", nil}, {"picture", "stage.png", stage}}, 403, refused,
		"Only the poster of the request can post updates to its sponsors.")
	j.sendForm("a picture needs words", "rita", u, []part{{"picture", "stage.png", stage}}, 400, refused, "Write the update")
	j.sendForm("not a picture", "rita", u, []part{{"body", "The stage", nil}, {"picture", "stage.png", []byte("<svg/>")}}, 400, refused,
		"The picture must be a JPEG, PNG, GIF or WebP image")
	// the update, its picture, and a notification to each sponsor
	a := j.sendForm("the poster shows the stage", "rita", u, []part{{"body", "The stage is up.", nil}, {"picture", "stage.png", stage}}, 201,
		testutil.WritesAmidMail(4, 0), `"body":"The stage is up."`, `"picture":"`)
	var update deals.Update
	a.Decode(t, &update)
	for who, id := range map[string]string{"sam": samDeal, "sid": sidDeal} {
		j.Do(j.t, testutil.Call{Name: who + " reads it on their deal", Who: who, Method: http.MethodGet, URL: "/api/deals/" + id, Status: 200, Events: refused, Want: []string{`"picture":"` + update.Picture + `"`}})
		got := j.Do(j.t, testutil.Call{Name: who + " sees the picture", Who: who, Method: http.MethodGet, URL: "/api/deals/" + id + "/pictures/" + update.Picture, Status: 200, Events: refused, Want: []string{"\xff\xd8\xff"}})
		if img, err := jpeg.Decode(strings.NewReader(got.Body)); err != nil || img.Bounds().Dx() != 900 {
			t.Errorf("%s: the stored picture %v (%v), want 900 px wide (smaller than 1024: kept)", who, img.Bounds(), err)
		}
	}
	j.Do(j.t, testutil.Call{Name: "another member", Who: "olive", Method: http.MethodGet, URL: "/api/deals/" + samDeal + "/pictures/" + update.Picture, Status: 404, Events: refused, Want: []string{"Deal not found."}})
}

func jpegOf(t *testing.T, w, h int) []byte {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(photo(t, w, h)))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
