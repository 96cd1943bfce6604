package route

import (
	"bytes"
	"encoding/json"
	"fmt"
	"mime"
	"net/http"
	"reflect"
	"strings"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// checkAnswers is set by CheckAnswers (the test app does, before it binds
// the routes): every 2xx answer is then compared with its route's Out.
var checkAnswers bool

// CheckAnswers makes routes bound from now on check each 2xx answer against
// the type their row names: a JSON answer must hold exactly that type's
// fields (no field the type lacks, every field it always writes), a
// NoContent route must answer 204, and a route that names a JSON type must
// answer JSON. An answer that does not match becomes a 500 that says why,
// so any test that calls the route fails. Tests only: it buffers and decodes
// answers, so benchmarks that measure the routes as served turn it off.
func CheckAnswers(on bool) { checkAnswers = on }

// recorder holds an answer until it is checked.
type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (w *recorder) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *recorder) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}

// checked wraps r's handler with the answer check.
func checked(r Route) func(*core.RequestEvent) error {
	if markers[r.Out] {
		return r.Handler // a file or a page: nothing to compare
	}
	return func(e *core.RequestEvent) error {
		if e.Request.URL.Query().Has("fields") {
			return r.Handler(e) // PocketBase's field picker answers part of the type on purpose
		}
		real := e.Response
		rec := &recorder{ResponseWriter: real}
		e.Response = rec
		err := r.Handler(e)
		e.Response = real
		if err == nil && rec.status >= 200 && rec.status < 300 {
			if bad := answerMismatch(r.Out, rec.status, real.Header().Get("Content-Type"), rec.body.Bytes()); bad != "" {
				return router.NewApiError(http.StatusInternalServerError,
					fmt.Sprintf("%s answered what its route does not declare: %s", r.Pattern(), bad), nil)
			}
		}
		if rec.status != 0 {
			real.WriteHeader(rec.status)
		}
		if rec.body.Len() > 0 {
			if _, werr := real.Write(rec.body.Bytes()); werr != nil && err == nil {
				err = werr
			}
		}
		return err
	}
}

var markers = map[reflect.Type]bool{Of[File](): true, Of[Redirect](): true, Of[Page](): true}

// answerMismatch says how a 2xx answer differs from out ("" when it does not).
func answerMismatch(out reflect.Type, status int, contentType string, body []byte) string {
	switch {
	case out == nil:
		return "the route names no answer type"
	case out == Of[NoContent]():
		if status != http.StatusNoContent || len(body) > 0 {
			return fmt.Sprintf("status %d with %d bytes, want 204 with none", status, len(body))
		}
		return ""
	case markers[out]:
		return ""
	}
	if status == http.StatusNoContent {
		return "204 where the route declares " + out.String()
	}
	mt, _, _ := mime.ParseMediaType(contentType)
	if mt != "application/json" {
		return fmt.Sprintf("Content-Type %q where the route declares JSON %s", contentType, out)
	}
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return "not JSON: " + err.Error()
	}
	if bad := shapeMismatch(out, v, "answer"); bad != "" {
		return bad + " (declared " + out.String() + ")"
	}
	return ""
}

// shapeMismatch compares a decoded JSON value with the Go type that should
// have written it: object keys against the json tags (no unknown key; every
// key that is not omitempty/omitzero present), arrays element by element,
// kinds of scalars.
func shapeMismatch(t reflect.Type, v any, at string) string {
	for t.Kind() == reflect.Pointer {
		if v == nil {
			return ""
		}
		t = t.Elem()
	}
	if t.Implements(marshalerType) || reflect.PointerTo(t).Implements(marshalerType) || t.Kind() == reflect.Interface {
		return "" // writes itself (a date, a raw value): its shape is its own
	}
	switch t.Kind() {
	case reflect.Struct:
		obj, ok := v.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: %s, want an object", at, kindOf(v))
		}
		fields := jsonFields(t)
		for k := range obj {
			if _, ok := fields[k]; !ok {
				return fmt.Sprintf("%s.%s: a field %s does not have", at, k, t)
			}
		}
		for name, f := range fields {
			fv, present := obj[name]
			if !present {
				if !f.optional {
					return fmt.Sprintf("%s.%s: missing", at, name)
				}
				continue
			}
			if bad := shapeMismatch(f.typ, fv, at+"."+name); bad != "" {
				return bad
			}
		}
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.Uint8 {
			return "" // []byte is a base64 string
		}
		if v == nil {
			return ""
		}
		arr, ok := v.([]any)
		if !ok {
			return fmt.Sprintf("%s: %s, want an array", at, kindOf(v))
		}
		for i, el := range arr {
			if bad := shapeMismatch(t.Elem(), el, fmt.Sprintf("%s[%d]", at, i)); bad != "" {
				return bad
			}
		}
	case reflect.Map:
		if v == nil {
			return ""
		}
		obj, ok := v.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: %s, want an object", at, kindOf(v))
		}
		for k, el := range obj {
			if bad := shapeMismatch(t.Elem(), el, at+"."+k); bad != "" {
				return bad
			}
		}
	case reflect.String:
		if _, ok := v.(string); !ok {
			return fmt.Sprintf("%s: %s, want a string", at, kindOf(v))
		}
	case reflect.Bool:
		if _, ok := v.(bool); !ok {
			return fmt.Sprintf("%s: %s, want a boolean", at, kindOf(v))
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		if _, ok := v.(float64); !ok {
			return fmt.Sprintf("%s: %s, want a number", at, kindOf(v))
		}
	}
	return ""
}

var marshalerType = reflect.TypeFor[json.Marshaler]()

type jsonField struct {
	typ      reflect.Type
	optional bool
}

// jsonFields are the JSON object keys a struct writes, with embedded
// structs' fields promoted as encoding/json does.
func jsonFields(t reflect.Type) map[string]jsonField {
	out := map[string]jsonField{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				for k, v := range jsonFields(et) {
					if _, taken := out[k]; !taken {
						out[k] = v
					}
				}
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		optional := strings.Contains(","+opts+",", ",omitempty,") || strings.Contains(","+opts+",", ",omitzero,")
		out[name] = jsonField{typ: f.Type, optional: optional}
	}
	return out
}

func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case map[string]any:
		return "an object"
	case []any:
		return "an array"
	case string:
		return "a string"
	case float64:
		return "a number"
	case bool:
		return "a boolean"
	}
	return fmt.Sprintf("%T", v)
}
