package notify

import "html"

// page is the unsubscribe link's page. The link is opened from a mail
// client, outside the app and often signed out, so the page stands alone
// (no script, no app bundle) but wears the app's look: the colours of the
// sponsorbridge themes in web/src/index.css (light, and dark when the
// system asks), the app's font stack, a card on the base colour, and a
// way back to the e-mail choices in Settings. body may hold trusted markup.
func page(title, body string) string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
		`<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light dark">` +
		`<title>` + html.EscapeString(title) + ` · SponsorBridge</title><style>` + pageStyle + `</style></head>` +
		`<body><header><a class="brand" href="/">SponsorBridge</a></header>` +
		`<main><h1>` + html.EscapeString(title) + `</h1><p>` + body + `</p>` +
		`<p class="more"><a href="/settings#email-preferences">Choose what we e-mail you in Settings</a></p></main></body></html>`
}

// pageStyle: the themes' values (keep in step with web/src/index.css).
const pageStyle = `:root{--base-100:oklch(100% 0 0);--base-200:oklch(97.5% 0.005 264);--base-300:oklch(91% 0.012 264);` +
	`--content:oklch(24% 0.03 264);--primary:oklch(45% 0.2 277);--primary-content:oklch(99% 0 0)}` +
	`@media (prefers-color-scheme:dark){:root{--base-100:oklch(22% 0.02 264);--base-200:oklch(19% 0.02 264);` +
	`--base-300:oklch(32% 0.025 264);--content:oklch(93% 0.01 264);--primary:oklch(72% 0.15 277);--primary-content:oklch(18% 0.05 277)}}` +
	`*{box-sizing:border-box}body{margin:0;min-height:100vh;background:var(--base-200);color:var(--content);` +
	`font-family:ui-sans-serif,system-ui,sans-serif,"Apple Color Emoji","Segoe UI Emoji";line-height:1.5}` +
	`header{background:var(--base-100);border-bottom:1px solid var(--base-300);padding:12px 16px}` +
	`.brand{font-weight:700;font-size:1.25rem;color:var(--primary);text-decoration:none}` +
	`main{max-width:32rem;margin:48px auto;padding:24px;background:var(--base-100);border:1px solid var(--base-300);border-radius:.75rem}` +
	`@media (max-width:36rem){main{margin:24px 16px}}h1{font-size:1.375rem;line-height:1.3;margin:0 0 12px}` +
	`a{color:var(--primary)}.more{margin-bottom:0;font-size:.875rem}` +
	`.btn{background:var(--primary);color:var(--primary-content);border:0;border-radius:.5rem;padding:10px 16px;` +
	`font:inherit;font-weight:600;cursor:pointer}.btn:focus-visible,a:focus-visible{outline:2px solid var(--primary);outline-offset:2px}`
