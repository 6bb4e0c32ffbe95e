module github.com/tidewater-labs/pg-migrate-runner

go 1.22

require github.com/lib/pq v1.10.9
