package limits

import "github.com/pocketbase/pocketbase/core"

// Client is who sent a request, as the limits count it: the address it
// came from and the known-device cookies it carries. Read from the request
// (ClientOf), it lets a domain action count a client's attempts without
// the request.
type Client struct {
	IP      string
	cookies map[string]string // known-device cookie name → value
}

// ClientOf is the client that sent e.
func ClientOf(e *core.RequestEvent) Client {
	c := Client{IP: e.RealIP()}
	for _, d := range []Devices{MemberDevices, SuperuserDevices, AddressDevices} {
		if cookie, err := e.Request.Cookie(d.Cookie); err == nil {
			if c.cookies == nil {
				c.cookies = map[string]string{}
			}
			c.cookies[d.Cookie] = cookie.Value
		}
	}
	return c
}
