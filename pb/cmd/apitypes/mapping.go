package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
)

// How a Go type becomes TypeScript (the rules in main.go's comment).

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
		if u, ok := anyFields[key+"."+f.Name]; ok {
			ts = u
		} else if e, ok := enums[key+"."+f.Name]; ok {
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
