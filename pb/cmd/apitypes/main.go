// Command apitypes writes web/src/lib/api-types.gen.ts: the TypeScript shapes
// of the JSON the server reads and answers, read by reflection from the
// types the route table names (each row's In and Out, pb/app/routes.go) and
// their json tags, and ApiRoutes, each route's body and answer by its
// pattern (routes.go), so the web app's types have one source; and
// web/src/lib/limits.gen.ts: the limits the server enforces (limits.go).
//
//	go run ./pb/cmd/apitypes              # writes both into web/src/lib
//	go run ./pb/cmd/apitypes -dir out     # writes them elsewhere (make types-check diffs them)
//
// Rules of the mapping:
//   - a struct is an interface named by the Go type (or by names below);
//     an embedded struct without a json name becomes `extends`;
//   - `omitempty`/`omitzero` make a field optional; a pointer without them is
//     `T | null`;
//   - a slice is `T[]`: the DTO constructors never leave a slice nil, so the
//     server never answers null for one (see ToPublic, parseCategories);
//   - string fields that hold one of a fixed set of values are typed by the
//     unions in enums, built from the Go constants where the server has them.
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"

	"sponsorbridge/pb/internal/config"
	"sponsorbridge/pb/internal/deals"
	"sponsorbridge/pb/internal/industry"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/membership"
	"sponsorbridge/pb/internal/payments"
	"sponsorbridge/pb/internal/settings"
	"sponsorbridge/pb/internal/sponsoring"
)

// names renames Go types whose name is taken or reads differently on the
// web ("package.Type").
var names = map[string]string{
	"listings.Listing":     "ListingItem",
	"accounts.PublicUser":  "PublicProfile",
	"accounts.OwnUser":     "CurrentUser",
	"accounts.SocialLink":  "SocialMediaEntry",
	"messaging.Unread":     "UnreadCounts",
	"notify.Notification":  "AppNotification",
	"savedsearch.Saved":    "SavedSearch",
	"admin.Member":         "AdminMember",
	"admin.Payment":        "AdminPayment",
	"admin.ReportEntry":    "ReportReason",
	"admin.QueueItem":      "ModerationQueueItem",
	"admin.ContactMessage": "ContactMessage",

	"listings.StoredFilter": "SavedQuery",
	"listings.Preview":      "ListingPreview",
	"payments.OrderAnswer":  "SubscriptionOrder",
	"signin.CodeSent":       "EmailCodeSent",

	"industry.Entry": "Industry",
	"tiers.Input":    "TierInput",

	"appconfig.Answer":          "AppConfig",
	"appconfig.demoCredentials": "DemoCredentials",
}

// An enum is a named union of string literals.
type enum struct {
	name   string
	doc    string
	values []string
}

var (
	listingKind = enum{"ListingKind",
		"A listing kind as the server names it in bodies and the listing screen's ?tab= (listings.Kind.Segment).",
		[]string{listings.Sponsorships.Segment, listings.Requests.Segment}}
	listingSegment = enum{"ListingSegment",
		"A listing kind as its API route segment names it (/api/<segment>; the admin routes' kind).",
		[]string{listings.Sponsorships.APISegment(), listings.Requests.APISegment()}}
	listingStatus = enum{"ListingStatus",
		"A listing's status: offers are open or closed, requests also sponsored.",
		[]string{listings.StatusOpen, listings.StatusSponsored, listings.StatusClosed}}
	closedReason = enum{"ClosedReason",
		"Why a listing cannot be backed: closed by its poster, its event date passed, or sponsored.",
		[]string{listings.ClosedByPoster, listings.ClosedEventPassed, listings.ClosedSponsored}}
	applicationStatus = enum{"ApplicationStatus", "",
		[]string{sponsoring.StatusPending, sponsoring.StatusAccepted, sponsoring.StatusDeclined}}
	dealStatus   = enum{"DealStatus", "A deal's state (docs/api/deals.md, States).", deals.Statuses}
	pledgeStatus = enum{"PledgeStatus", "A pledge (commitment) is active until its sponsor withdraws it.",
		[]string{sponsoring.PledgeActive, sponsoring.PledgeWithdrawn}}
	// messaging sets these as literals (conversations.go, Post).
	messageKind        = enum{"MessageKind", "", []string{"text", "system"}}
	messageContextType = enum{"MessageContextType", "", []string{"", "application", "commitment"}}
	paymentStatus      = enum{"PaymentStatus", "", []string{payments.StatusCreated, payments.StatusPaid, payments.StatusFailed, payments.StatusRefunded}}
	subscriptionStatus = enum{"SubscriptionStatus",
		"A member's subscription status as stored ('' before the first plan); subscriptionActive is the verdict (membership.Status*).",
		[]string{"", membership.StatusActive, membership.StatusExpired, membership.StatusCancelled}}
	paymentsMode = enum{"PaymentsMode", "How plans are sold: live (Razorpay keys), sandbox, or off (the payment routes answer 503; config.PaymentsMode*).",
		[]string{config.PaymentsModeLive, config.PaymentsModeSandbox, config.PaymentsModeOff}}
	industryKey    = enum{"IndustryKey", "An industry a member may state (industry.All; docs/api/packages.md).", industryKeys()}
	socialPlatform = enum{"SocialPlatform", "A social network a member may link (settings.Platforms; the values: socialPlatforms).", settings.Platforms}
)

// enums types string fields ("package.Type.Field").
var enums = map[string]enum{
	"listings.Listing.Status":             listingStatus,
	"listings.Listing.ClosedReason":       closedReason,
	"savedsearch.Saved.Kind":              listingKind,
	"listings.Preview.Kind":               listingKind,
	"admin.QueueItem.Kind":                listingSegment,
	"deals.DealListing.Kind":              listingSegment,
	"sponsoring.Application.Status":       applicationStatus,
	"sponsoring.Commitment.Status":        pledgeStatus,
	"deals.Deal.Status":                   dealStatus,
	"messaging.Message.Kind":              messageKind,
	"messaging.Message.ContextType":       messageContextType,
	"payments.Payment.Status":             paymentStatus,
	"payments.Receipt.Status":             paymentStatus,
	"accounts.OwnUser.SubscriptionStatus": subscriptionStatus,
	"admin.Member.SubscriptionStatus":     subscriptionStatus,
	"accounts.SocialLink.Platform":        socialPlatform,
	"industry.Entry.Key":                  industryKey,
	"appconfig.Answer.Payments.Mode":      paymentsMode,
}

func industryKeys() []string {
	out := make([]string, 0, len(industry.All))
	for _, e := range industry.All {
		out = append(out, string(e.Key))
	}
	return out
}

// extraEnums are written even when no field uses them.
var extraEnums = []enum{listingKind, listingSegment}

type generator struct {
	out      bytes.Buffer
	done     map[reflect.Type]bool
	queue    []reflect.Type
	tsNames  map[string]reflect.Type
	usedEnum map[string]enum
	// input is set while the bodies' types are written: a pointer field
	// of a body may be left out (it decodes to nil), so it is optional.
	input bool
}

// The files written, in web/src/lib. The limits have their own module:
// the entry chunk imports the types' module (the URL keys, the list
// headers), and values in it would ship with the first screen, while the
// limits are read by forms that load later.
const (
	typesFile  = "api-types.gen.ts"
	limitsFile = "limits.gen.ts"
)

func main() {
	dir := flag.String("dir", filepath.Join("web", "src", "lib"), "folder to write "+typesFile+" and "+limitsFile+" into")
	flag.Parse()
	files, err := generateAll()
	if err != nil {
		fmt.Fprintln(os.Stderr, "apitypes:", err)
		os.Exit(1)
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(*dir, name), src, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "apitypes:", err)
			os.Exit(1)
		}
	}
}

// generateAll is every file, by name.
func generateAll() (map[string][]byte, error) {
	types, err := generate()
	if err != nil {
		return nil, err
	}
	var limits bytes.Buffer
	limits.WriteString(header)
	writeLimits(&limits)
	writeConstLists(&limits)
	return map[string][]byte{typesFile: types, limitsFile: append(bytes.TrimRight(limits.Bytes(), "\n"), '\n')}, nil
}

// header opens every generated file.
const header = "// Code generated by pb/cmd/apitypes from the Go response types and constants; DO NOT EDIT.\n" +
	"// Regenerate with `make types`; `make types-check` (part of `make lint`) fails when this file is stale.\n\n"

func generate() ([]byte, error) {
	g := &generator{done: map[reflect.Type]bool{}, tsNames: map[string]reflect.Type{}, usedEnum: map[string]enum{}}
	for _, e := range extraEnums {
		g.usedEnum[e.name] = e
	}
	rows := table()
	answers, bodies := roots(rows)
	// The answers' types first: a type that is also in a body is written as an answer.
	var body bytes.Buffer
	if err := g.drain(&body, answers); err != nil {
		return nil, err
	}
	g.input = true
	if err := g.drain(&body, bodies); err != nil {
		return nil, err
	}
	var routeMap bytes.Buffer
	if err := g.writeRoutes(&routeMap, rows); err != nil {
		return nil, err
	}
	var enumNames []string
	for n := range g.usedEnum {
		enumNames = append(enumNames, n)
	}
	sort.Strings(enumNames)

	g.out.WriteString(header)
	for _, n := range enumNames {
		e := g.usedEnum[n]
		if e.doc != "" {
			fmt.Fprintf(&g.out, "/** %s */\n", e.doc)
		}
		quoted := make([]string, len(e.values))
		for i, v := range e.values {
			quoted[i] = "'" + v + "'"
		}
		fmt.Fprintf(&g.out, "export type %s = %s\n\n", e.name, strings.Join(quoted, " | "))
	}
	writeConstObjects(&g.out)
	g.out.Write(body.Bytes())
	g.out.Write(routeMap.Bytes())
	return append(bytes.TrimRight(g.out.Bytes(), "\n"), '\n'), nil
}

// drain writes roots and every type they use, each once.
func (g *generator) drain(out *bytes.Buffer, roots []reflect.Type) error {
	g.queue = append(g.queue, roots...)
	for len(g.queue) > 0 {
		t := g.queue[0]
		g.queue = g.queue[1:]
		if g.done[generic(t)] {
			continue
		}
		g.done[generic(t)] = true
		s, err := g.iface(t)
		if err != nil {
			return err
		}
		out.WriteString(s)
	}
	return nil
}

// goName is "package.Type" without type arguments.
func goName(t reflect.Type) string {
	name := t.Name()
	if i := strings.IndexByte(name, '['); i >= 0 {
		name = name[:i]
	}
	return filepath.Base(t.PkgPath()) + "." + name
}

// typeArg is the one type argument of an instantiated generic type, or "".
func typeArg(t reflect.Type) string {
	name := t.Name()
	i := strings.IndexByte(name, '[')
	if i < 0 {
		return ""
	}
	return strings.TrimSuffix(name[i+1:], "]")
}

var rawJSON = reflect.TypeFor[json.RawMessage]()

// generic maps an instantiation to one key per generic type.
var genericKeys = map[string]reflect.Type{}

func generic(t reflect.Type) reflect.Type {
	if typeArg(t) == "" {
		return t
	}
	k := goName(t)
	if first, ok := genericKeys[k]; ok {
		return first
	}
	genericKeys[k] = t
	return t
}

func (g *generator) tsName(t reflect.Type) (string, error) {
	n, ok := names[goName(t)]
	if !ok {
		n = t.Name()
	}
	if i := strings.IndexByte(n, '['); i >= 0 {
		n = n[:i]
	}
	if prev, ok := g.tsNames[n]; ok && generic(prev) != generic(t) {
		return "", fmt.Errorf("%s and %s both map to %s: add a rename to names", goName(prev), goName(t), n)
	}
	g.tsNames[n] = t
	return n, nil
}

func (g *generator) iface(t reflect.Type) (string, error) {
	name, err := g.tsName(t)
	if err != nil {
		return "", err
	}
	arg := typeArg(t)
	extends, fields, err := g.fields(t, goName(t), arg)
	if err != nil {
		return "", err
	}
	head := "export interface " + name
	if arg != "" {
		head += "<T>"
	}
	if len(extends) > 0 {
		head += " extends " + strings.Join(extends, ", ")
	}
	var lines strings.Builder
	for _, f := range fields {
		lines.WriteString("  " + f + "\n")
	}
	return fmt.Sprintf("/** %s */\n%s {\n%s}\n\n", goName(t), head, lines.String()), nil
}

// fields are struct t's embedded structs (extends) and its fields
// ("name?: type"); key names t in enums ("package.Type", or
// "package.Type.Field" for a struct written inline in a field).
func (g *generator) fields(t reflect.Type, key, arg string) (extends, fields []string, err error) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if !f.IsExported() || tag == "-" {
			continue
		}
		parts := strings.Split(tag, ",")
		jsonName := parts[0]
		if f.Anonymous && jsonName == "" && f.Type.Kind() == reflect.Struct {
			n, err := g.ref(f.Type)
			if err != nil {
				return nil, nil, err
			}
			extends = append(extends, n)
			continue
		}
		if jsonName == "" {
			jsonName = f.Name
		}
		optional := g.input && f.Type.Kind() == reflect.Pointer
		for _, o := range parts[1:] {
			if o == "omitempty" || o == "omitzero" {
				optional = true
			}
		}
		var ts string
		if e, ok := enums[key+"."+f.Name]; ok {
			g.usedEnum[e.name] = e
			ts = e.name
		} else if f.Type.Kind() == reflect.Struct && f.Type.Name() == "" {
			// A struct without a name is written inline: { a: string; b?: number }.
			_, inner, err := g.fields(f.Type, key+"."+f.Name, arg)
			if err != nil {
				return nil, nil, err
			}
			ts = "{ " + strings.Join(inner, "; ") + " }"
		} else if ts, err = g.tsType(f.Type, arg, optional); err != nil {
			return nil, nil, fmt.Errorf("%s.%s: %w", key, f.Name, err)
		}
		q := ""
		if optional {
			q = "?"
		}
		fields = append(fields, fmt.Sprintf("%s%s: %s", jsonName, q, ts))
	}
	return extends, fields, nil
}

// ref names a struct type, queueing it for writing.
func (g *generator) ref(t reflect.Type) (string, error) {
	n, err := g.tsName(t)
	if err != nil {
		return "", err
	}
	g.queue = append(g.queue, t)
	if arg := typeArg(t); arg != "" {
		// PagedList<AdminMember>: the argument's own name.
		for i := 0; i < t.NumField(); i++ {
			ft := t.Field(i).Type
			for ft.Kind() == reflect.Slice || ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.PkgPath()+"."+ft.Name() == arg {
				an, err := g.ref(ft)
				if err != nil {
					return "", err
				}
				return n + "<" + an + ">", nil
			}
		}
		return "", fmt.Errorf("%s: no field of its type argument", goName(t))
	}
	return n, nil
}

// tsType maps a field's Go type; arg is the enclosing generic type's type
// argument (written T).
func (g *generator) tsType(t reflect.Type, arg string, optional bool) (string, error) {
	if arg != "" && t.PkgPath()+"."+t.Name() == arg {
		return "T", nil
	}
	if t == rawJSON {
		return "unknown", nil // checked by the server's own decoding (an amount that must be a number)
	}
	switch t.Kind() {
	case reflect.String:
		return "string", nil
	case reflect.Bool:
		return "boolean", nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number", nil
	case reflect.Pointer:
		inner, err := g.tsType(t.Elem(), arg, false)
		if err != nil || optional {
			return inner, err
		}
		return inner + " | null", nil
	case reflect.Slice:
		inner, err := g.tsType(t.Elem(), arg, false)
		if err != nil {
			return "", err
		}
		if strings.ContainsAny(inner, " |") {
			inner = "(" + inner + ")"
		}
		return inner + "[]", nil
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return "", fmt.Errorf("map key %s", t.Key())
		}
		inner, err := g.tsType(t.Elem(), arg, false)
		if err != nil {
			return "", err
		}
		return "Record<string, " + inner + ">", nil
	case reflect.Struct:
		if t.Name() == "" {
			return "", fmt.Errorf("anonymous struct: name it")
		}
		return g.ref(t)
	}
	return "", fmt.Errorf("unsupported type %s (%s)", t, strconv.Quote(t.Kind().String()))
}
