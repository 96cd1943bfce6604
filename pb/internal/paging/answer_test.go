package paging

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"io/fs"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/pocketbase/pocketbase/core"
)

func answer(t *testing.T, items []string, p Page) *httptest.ResponseRecorder {
	t.Helper()
	rec := httptest.NewRecorder()
	e := &core.RequestEvent{}
	e.Request = httptest.NewRequest("GET", "/api/things", nil)
	e.Response = rec
	if err := Answer(e, items, p); err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestAnswer(t *testing.T) {
	n := HeaderNames
	total := 7
	cases := []struct {
		name  string
		items []string
		page  Page
		body  string
		want  map[string]string // "" means absent
	}{
		{"counted", []string{"a", "b"}, Counted(Params{Page: 2, PerPage: 2}, total), `["a","b"]`,
			map[string]string{n.Page: "2", n.PerPage: "2", n.HasMore: "true", n.Total: "7", n.TotalEstimated: "false", n.Next: ""}},
		{"counted, last page", []string{"g"}, Counted(Params{Page: 4, PerPage: 2}, total), `["g"]`,
			map[string]string{n.Page: "4", n.HasMore: "false", n.Total: "7"}},
		{"empty is an array, never null", nil, Counted(Params{Page: 1, PerPage: 20}, 0), `[]`,
			map[string]string{n.Page: "1", n.HasMore: "false", n.Total: "0"}},
		{"uncounted", []string{"a"}, Page{Params: Params{Page: 3, PerPage: 20}, HasMore: true}, `["a"]`,
			map[string]string{n.Page: "3", n.HasMore: "true", n.Total: "", n.TotalEstimated: ""}},
		{"by cursor", []string{"m1"}, Page{Params: Params{PerPage: 50}, HasMore: true, Next: "m1"}, `["m1"]`,
			map[string]string{n.Page: "", n.PerPage: "50", n.HasMore: "true", n.Next: "m1"}},
		{"estimated total", []string{}, Page{Params: Params{Page: 1, PerPage: 12}, Total: &total, Estimated: true}, `[]`,
			map[string]string{n.Total: "7", n.TotalEstimated: "true"}},
	}
	for _, c := range cases {
		rec := answer(t, c.items, c.page)
		if rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != c.body {
			t.Errorf("%s: %d %s, want 200 %s", c.name, rec.Code, rec.Body, c.body)
		}
		if got := rec.Header().Get("Cache-Control"); got != "no-store" {
			t.Errorf("%s: Cache-Control %q", c.name, got)
		}
		for h, v := range c.want {
			if got, ok := rec.Header()[h]; (v == "") == ok || (ok && got[0] != v) {
				t.Errorf("%s: %s %v, want %q", c.name, h, got, v)
			}
		}
	}
}

func TestTrim(t *testing.T) {
	rows, more := Trim([]int{1, 2, 3}, 2)
	if len(rows) != 2 || !more {
		t.Errorf("3 rows of 2: %v %v", rows, more)
	}
	rows, more = Trim([]int{1, 2}, 2)
	if len(rows) != 2 || more {
		t.Errorf("2 rows of 2: %v %v", rows, more)
	}
}

// Only Answer writes the paging headers: no Go file of the server outside
// this package spells their names (tests may, to check answers).
func TestOnlyAnswerWritesTheHeaders(t *testing.T) {
	var names []string
	v := reflect.ValueOf(HeaderNames)
	for i := 0; i < v.NumField(); i++ {
		names = append(names, v.Field(i).String())
	}
	own, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join("..", "..") // pb/
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if abs, _ := filepath.Abs(path); abs == own {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, src, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			for _, name := range names {
				if strings.EqualFold(s, name) {
					t.Errorf("%s spells the paging header %q: answer lists with paging.Answer", path, s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("checked only %d files: the walk missed the server's packages", checked)
	}
}

// piecewise writes a page in many small pieces, as the list route's cards do.
type piecewise []string

func (p piecewise) WriteTo(w io.Writer) (int64, error) {
	var n int64
	for _, s := range append(append([]string{"["}, p...), "]") {
		m, err := io.WriteString(w, s)
		n += int64(m)
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// countingWriter counts the writes that reach the response.
type countingWriter struct {
	*httptest.ResponseRecorder
	writes int
}

func (c *countingWriter) Write(b []byte) (int, error) {
	c.writes++
	return c.ResponseRecorder.Write(b)
}

// A page written piece by piece reaches the connection in one write, with
// its length (not in chunks of a few kB, a system call each).
func TestAnswerToWritesThePageOnceWithItsLength(t *testing.T) {
	rec := &countingWriter{ResponseRecorder: httptest.NewRecorder()}
	e := &core.RequestEvent{}
	e.Request = httptest.NewRequest("GET", "/api/things", nil)
	e.Response = rec
	items := piecewise{`{"a":1}`, ",", `{"b":2}`}
	if err := AnswerTo(e, items, Counted(Params{Page: 1, PerPage: 20}, 2)); err != nil {
		t.Fatal(err)
	}
	const body = `[{"a":1},{"b":2}]`
	if rec.Body.String() != body || rec.writes != 1 {
		t.Fatalf("body %q in %d writes, want %q in one", rec.Body, rec.writes, body)
	}
	if got := rec.Header().Get("Content-Length"); got != strconv.Itoa(len(body)) {
		t.Fatalf("Content-Length %q, want %d", got, len(body))
	}
	if rec.Header().Get(HeaderNames.Total) != "2" || rec.Header().Get("Content-Type") != "application/json" {
		t.Fatalf("headers %v", rec.Header())
	}
}
