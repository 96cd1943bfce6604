package app

import (
	"html"
	"regexp"
	"strings"

	"github.com/pocketbase/pocketbase/core"

	"sponsorbridge/pb/internal/kits"
	"sponsorbridge/pb/internal/listings"
	"sponsorbridge/pb/internal/reports"
)

// Link previews: chat apps and social sites read a shared link's HTML, not
// the SPA it starts, so the server writes each page's Open Graph tags into
// index.html before sending it. The generic title and description stay in
// web/index.html (the one place for them, also what the development server
// shows); the server makes og:image absolute (scrapers drop relative
// images), adds og:url, and for a page with a preview of its own puts in
// its title and description: an approved listing (listings.Store.PreviewOf
// decides which), a published media kit (kits.PreviewOf) and a shared
// impact report while its link is live (reports.PreviewOf). Each such page
// is a preview source, found by its path's first segment. A shared report's
// page is also kept out of search engines, live or not (unlisted).

// pagePreview is the tags of one page: og:title, og:description and the
// description, the document's <title>, and the page's own path (og:url).
type pagePreview struct {
	Path, Title, Description, DocumentTitle string
}

// previewSource answers the preview of an app path's segments (the first
// one names the source), or false for the generic tags.
type previewSource func(app core.App, parts []string) (pagePreview, bool)

// previewSources are the pages with previews of their own, by their path's
// first segment.
func previewSources(store *listings.Store) map[string]previewSource {
	return map[string]previewSource{
		"listings": listingPreview(store),
		"kits":     kitPreview,
		"r":        reportPreview,
	}
}

// previewOf is the preview of the app path p (without its leading slash),
// or nil for the generic tags.
func previewOf(app core.App, sources map[string]previewSource, p string) *pagePreview {
	parts := strings.Split(p, "/")
	source, ok := sources[parts[0]]
	if !ok {
		return nil
	}
	if preview, ok := source(app, parts); ok {
		return &preview
	}
	return nil
}

var (
	metaTag     = regexp.MustCompile(`(?is)<meta\s[^>]*?\b(?:property|name)\s*=\s*"([^"]+)"[^>]*>`)
	contentAttr = regexp.MustCompile(`(?is)\bcontent\s*=\s*"([^"]*)"`)
	titleTag    = regexp.MustCompile(`(?is)<title>.*?</title>`)
)

// unlisted pages carry a robots noindex: a shared report's (/r/{token}),
// whose link is the sponsor's to hand out, not a search engine's to find.
func unlisted(p string) bool { return p == "r" || strings.HasPrefix(p, "r/") }

// withPreview answers index.html with the tags of one page: p's when it is
// not nil, else the generic ones with absolute addresses; noindex adds the
// robots tag that keeps the page out of search engines. base is the public
// URL.
func withPreview(index []byte, base string, p *pagePreview, noindex bool) []byte {
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
		out = titleTag.ReplaceAllLiteralString(out, "<title>"+html.EscapeString(p.DocumentTitle)+"</title>")
	}
	if noindex {
		out = strings.Replace(out, "</head>", `  <meta name="robots" content="noindex" />`+"\n  </head>", 1)
	}
	return []byte(out)
}

func property(name, content string) string {
	return `<meta property="` + name + `" content="` + html.EscapeString(content) + `" />`
}

// listingPreview is the source of /listings/{kind}/{id}.
func listingPreview(store *listings.Store) previewSource {
	return func(_ core.App, parts []string) (pagePreview, bool) {
		if len(parts) != 3 || store == nil {
			return pagePreview{}, false
		}
		p, ok := store.PreviewOf(parts[1], parts[2])
		return pagePreview{Path: p.Path, Title: p.Title, Description: p.Description,
			DocumentTitle: p.Title + " · SponsorBridge"}, ok
	}
}

// kitPreview is the source of /kits/{username}.
func kitPreview(app core.App, parts []string) (pagePreview, bool) {
	if len(parts) != 2 {
		return pagePreview{}, false
	}
	p, ok := kits.PreviewOf(app, parts[1])
	return pagePreview{Path: p.Path, Title: p.Title, Description: p.Description, DocumentTitle: p.Title}, ok
}

// reportPreview is the source of /r/{token}.
func reportPreview(app core.App, parts []string) (pagePreview, bool) {
	if len(parts) != 2 {
		return pagePreview{}, false
	}
	p, ok := reports.PreviewOf(app, parts[1])
	return pagePreview{Path: p.Path, Title: p.Title, Description: p.Description, DocumentTitle: p.Title}, ok
}
