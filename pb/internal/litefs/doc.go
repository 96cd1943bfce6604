// Package litefs holds no server code: past one VM, LiteFS's own HTTP proxy
// stands in front of the server and forwards writes made on a read replica
// to the primary (fly-replay), and makes a replica wait for a member's own
// last write before it answers their reads (the __txid cookie). Its
// configuration is deploy/litefs.yml; the test here checks it against
// fly.toml and the server's routes. docs/operations.md ("Past one VM") says
// why LiteFS's proxy and not forwarding of our own.
package litefs
