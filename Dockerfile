# A plain multi-stage mirror of `make build`.
FROM node:20-bookworm AS web
WORKDIR /src
COPY web/package.json web/package-lock.json web/
RUN npm --prefix web ci --no-audit --no-fund
COPY web web
RUN npm --prefix web run build

FROM golang:1.27-bookworm AS server
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY pb pb
COPY pb_migrations pb_migrations
RUN CGO_ENABLED=0 go build -trimpath -o /out/sponsorbridge ./pb

FROM debian:bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /pb
COPY --from=server /out/sponsorbridge /pb/sponsorbridge
COPY --from=web /src/pb_public /pb/pb_public
EXPOSE 8090
CMD ["/pb/sponsorbridge", "serve", "--http", "0.0.0.0:8090", "--dir", "/pb/pb_data", "--publicDir", "/pb/pb_public"]
