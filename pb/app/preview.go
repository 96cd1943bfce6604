package app

import (
	"html"
	"regexp"
	"strings"

	"sponsorbridge/pb/internal/listings"
)

// Link previews: chat apps and social sites read a shared link's HTML, not
// the SPA it starts, so the server writes each page's Open Graph tags into
// index.html before sending it. The generic title and description stay in
// web/index.html (the one place for them, also what the development server
// shows); the server makes og:image absolute (scrapers drop relative
// images), adds og:url, and for an approved listing puts in its own title
// and description (listings.Store.PreviewOf decides which listings).

var (
	metaTag     = regexp.MustCompile(`(?is)<meta\s[^>]*?\b(?:property|name)\s*=\s*"([^"]+)"[^>]*>`)
	contentAttr = regexp.MustCompile(`(?is)\bcontent\s*=\s*"([^"]*)"`)
	titleTag    = regexp.MustCompile(`(?is)<title>.*?</title>`)
)

// withPreview answers index.html with the tags of one page: the listing's
// when p is not nil, else the generic ones with absolute addresses. base is
// the public URL; pagePath the page's own path when it has a preview.
func withPreview(index []byte, base string, p *listings.Preview) []byte {
	pageURL := base + "/"
	if p != nil {
		pageURL = base + p.Path
	}
	seen := map[string]bool{}
	out := metaTag.ReplaceAllStringFunc(string(index), func(tag string) string {
		key := strings.ToLower(metaTag.FindStringSubmatch(tag)[1])
		seen[key] = true
		switch key {
		case "og:image":
			if m := contentAttr.FindStringSubmatch(tag); m != nil && strings.HasPrefix(m[1], "/") {
				return property(key, base+html.UnescapeString(m[1]))
			}
		case "og:url":
			return property(key, pageURL)
		case "og:title":
			if p != nil {
				return property(key, p.Title)
			}
		case "og:description":
			if p != nil {
				return property(key, p.Description)
			}
		case "description":
			if p != nil {
				return `<meta name="description" content="` + html.EscapeString(p.Description) + `" />`
			}
		}
		return tag
	})
	if !seen["og:url"] {
		out = strings.Replace(out, "</head>", "  "+property("og:url", pageURL)+"\n  </head>", 1)
	}
	if p != nil {
		out = titleTag.ReplaceAllLiteralString(out, "<title>"+html.EscapeString(p.Title+" · SponsorBridge")+"</title>")
	}
	return []byte(out)
}

func property(name, content string) string {
	return `<meta property="` + name + `" content="` + html.EscapeString(content) + `" />`
}

// listingPreview answers the preview of an app path /listings/{kind}/{id}
// (p without its leading slash), or nil for every other page.
func listingPreview(store *listings.Store, p string) *listings.Preview {
	parts := strings.Split(p, "/")
	if len(parts) != 3 || parts[0] != "listings" || store == nil {
		return nil
	}
	if preview, ok := store.PreviewOf(parts[1], parts[2]); ok {
		return &preview
	}
	return nil
}
