# syntax=docker/dockerfile:1
# The same layout as `make image-layout` (which builds it into a folder and smoke-tests it, since
# this machine has no container builder): /pb/sponsorbridge, /pb/pb_public, /pb/entrypoint.sh,
# data in /pb/pb_data (the Fly volume; fly.toml's destination equals --dir).

# Debian trixie throughout (bookworm's regular security support ended in June 2026).
# Node 24: the LTS line supported until April 2028 (web/package.json's @types/node follows it).
FROM node:24-trixie-slim AS web
WORKDIR /src
COPY web/package.json web/package-lock.json web/
RUN npm --prefix web ci --no-audit --no-fund
COPY web web
RUN npm --prefix web run build

FROM golang:1.27-trixie AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY pb pb
COPY pb_migrations pb_migrations
# Stripped and versioned as in the Makefile; the build context has no .git, so pass the version:
# fly deploy --build-arg VERSION=$(git describe --always --dirty)
ARG VERSION=dev
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X sponsorbridge/pb/internal/buildinfo.version=${VERSION}" -o /out/sponsorbridge ./pb

FROM debian:trixie-slim
# util-linux (essential, named for clarity) brings setpriv, with which the entrypoint drops root.
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates util-linux \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 sponsorbridge \
 && useradd --system --uid 10001 --gid 10001 --home-dir /pb --no-create-home --shell /usr/sbin/nologin sponsorbridge \
 && mkdir -p /pb/pb_data && chown 10001:10001 /pb/pb_data
WORKDIR /pb
# Everything but the data directory belongs to root and is read-only for the server.
COPY --from=server /out/sponsorbridge /pb/sponsorbridge
COPY --from=web /src/pb_public /pb/pb_public
COPY deploy/entrypoint.sh /pb/entrypoint.sh
EXPOSE 8090
# The entrypoint gives the (root-owned) volume to uid 10001 and drops root: the server never runs as root.
ENTRYPOINT ["/pb/entrypoint.sh"]
CMD ["/pb/sponsorbridge", "serve", "--http", "0.0.0.0:8090", "--dir", "/pb/pb_data", "--publicDir", "/pb/pb_public"]
# Fly uses fly.toml's check; this one is for docker run and other hosts. No curl in the image:
# bash's /dev/tcp asks /api/health: 200 while reads are served (a full volume still serves them).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/8090 && printf 'GET /api/health HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"]
