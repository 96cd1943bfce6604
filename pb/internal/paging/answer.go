package paging

import (
	"bytes"
	"encoding/json/jsontext"
	"io"
	"net/http"
	"strconv"
	"sync"

	"github.com/pocketbase/pocketbase/core"
)

// Headers names the headers that carry a list's paging (docs/api/README.md,
// "Lists").
type Headers struct {
	// Page is the 1-based page answered (absent on a cursor-paged list).
	Page string `json:"page"`
	// PerPage is the page size.
	PerPage string `json:"perPage"`
	// HasMore is "true" when another page follows.
	HasMore string `json:"hasMore"`
	// Total is the number of items in the whole list, on lists that count.
	Total string `json:"total"`
	// TotalEstimated is "true" when Total was estimated, not counted.
	TotalEstimated string `json:"totalEstimated"`
	// Next is the cursor of the next page, on cursor-paged lists.
	Next string `json:"next"`
}

// HeaderNames are the paging headers, spelled here only: Answer writes them,
// and the web app reads them from the generated contract (pb/cmd/apitypes
// writes them into web/src/lib/api-types.gen.ts as listHeaders).
var HeaderNames = Headers{Page: "X-Page", PerPage: "X-Per-Page", HasMore: "X-Has-More", Total: "X-Total-Count",
	TotalEstimated: "X-Total-Estimated", Next: "X-Next-Cursor"}

// Page describes the page a list answers. Params.Page 0 marks a list paged
// by cursor only (no page number).
type Page struct {
	Params
	HasMore bool
	// Total, when not nil, is the number of items in the whole list.
	Total *int
	// Estimated says Total was estimated.
	Estimated bool
	// Next is the cursor of the next page ("" when none).
	Next string
}

// Counted is the page p of a list of total items.
func Counted(p Params, total int) Page {
	return Page{Params: p, HasMore: p.Page*p.PerPage < total, Total: &total}
}

// Trim cuts rows read with one extra row (perPage+1, to learn whether
// another page exists) to perPage, and says whether there were more.
func Trim[T any](rows []T, perPage int) ([]T, bool) {
	if len(rows) > perPage {
		return rows[:perPage], true
	}
	return rows, false
}

// Answer writes a list answer: items as a JSON array (never null) with the
// page in the headers of HeaderNames. Lists are per viewer: not cached.
func Answer[T any](e *core.RequestEvent, items []T, p Page) error {
	if items == nil {
		items = []T{}
	}
	setHeaders(e, p)
	return e.JSON(http.StatusOK, items)
}

// AnswerTo answers a page whose items encode themselves: items writes the
// JSON array, byte for byte what Answer would write for them, straight to
// the response. A request that picks fields (PocketBase's fields
// parameter) goes through the same picker as Answer.
func AnswerTo(e *core.RequestEvent, items io.WriterTo, p Page) error {
	setHeaders(e, p)
	if e.Request.URL.Query().Has(fieldsParam) {
		var b bytes.Buffer
		if _, err := items.WriteTo(&b); err != nil {
			return err
		}
		return e.JSON(http.StatusOK, jsontext.Value(b.Bytes()))
	}
	// The page is written whole, once, with its length: written as it was
	// encoded (three writes a card) it went out in chunks of a few kB, a
	// system call each, and that was a tenth of a list request's CPU
	// (docs/measurements.md, "Search and speed").
	buf := answerBuffers.Get().(*bytes.Buffer)
	defer func() {
		if buf.Cap() <= maxPooledAnswer {
			answerBuffers.Put(buf)
		}
	}()
	buf.Reset()
	if _, err := items.WriteTo(buf); err != nil {
		return err
	}
	h := e.Response.Header()
	if h.Get("Content-Type") == "" {
		h.Set("Content-Type", "application/json")
	}
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	e.Response.WriteHeader(http.StatusOK)
	_, err := e.Response.Write(buf.Bytes())
	return err
}

// answerBuffers hold pages while they are written; a buffer grown past
// maxPooledAnswer (a page of 100 long listings) is left to the collector.
var answerBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}

const maxPooledAnswer = 256 << 10

// fieldsParam is the query parameter of PocketBase's field picker
// (router.Event.JSON).
const fieldsParam = "fields"

func setHeaders(e *core.RequestEvent, p Page) {
	h := e.Response.Header()
	h.Set("Cache-Control", "no-store")
	if p.Page > 0 {
		h.Set(HeaderNames.Page, strconv.Itoa(p.Page))
	}
	if p.PerPage > 0 {
		h.Set(HeaderNames.PerPage, strconv.Itoa(p.PerPage))
	}
	h.Set(HeaderNames.HasMore, strconv.FormatBool(p.HasMore))
	if p.Total != nil {
		h.Set(HeaderNames.Total, strconv.Itoa(*p.Total))
		h.Set(HeaderNames.TotalEstimated, strconv.FormatBool(p.Estimated))
	}
	if p.Next != "" {
		h.Set(HeaderNames.Next, p.Next)
	}
}
