package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

type counts struct{ covered, total int }

func parseProfile(path string) (map[string]*counts, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	pk := map[string]*counts{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "mode:") || line == "" {
			continue
		}
		// file.go:12.34,15.2 3 1
		colon := strings.LastIndex(line, ":")
		fields := strings.Fields(line[colon+1:])
		if colon < 0 || len(fields) != 3 {
			continue
		}
		stmts, _ := strconv.Atoi(fields[1])
		hits, _ := strconv.Atoi(fields[2])
		pkg := filepath.Dir(line[:colon])
		c := pk[pkg]
		if c == nil {
			c = &counts{}
			pk[pkg] = c
		}
		c.total += stmts
		if hits > 0 {
			c.covered += stmts
		}
	}
	return pk, sc.Err()
}

func colour(p float64) string {
	switch {
	case p >= 90:
		return "#4c1"
	case p >= 75:
		return "#97ca00"
	case p >= 60:
		return "#dfb317"
	case p >= 40:
		return "#fe7d37"
	}
	return "#e05d44"
}

func badge(p float64) string {
	v := fmt.Sprintf("%.1f%%", p)
	return fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="104" height="20" role="img" aria-label="coverage: %s">
<rect width="61" height="20" fill="#555"/><rect x="61" width="43" height="20" fill="%s"/>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,sans-serif" font-size="11">
<text x="30.5" y="14">coverage</text><text x="82.5" y="14">%s</text></g></svg>
`, v, colour(p), v)
}

func main() {
	profile := flag.String("profile", "cover.out", "coverage profile")
	out := flag.String("out", ".github/badges/coverage.svg", "badge path")
	min := flag.Float64("min", 0, "fail if total coverage is below this")
	flag.Parse()

	pk, err := parseProfile(*profile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "covbadge:", err)
		os.Exit(2)
	}
	names := make([]string, 0, len(pk))
	var all counts
	for n, c := range pk {
		names = append(names, n)
		all.covered += c.covered
		all.total += c.total
	}
	sort.Strings(names)
	fmt.Printf("%-40s %s\n", "package", "coverage")
	for _, n := range names {
		c := pk[n]
		fmt.Printf("%-40s %.1f%%\n", n, 100*float64(c.covered)/float64(max(c.total, 1)))
	}
	total := 100 * float64(all.covered) / float64(max(all.total, 1))
	fmt.Printf("%-40s %.1f%%\n", "total", total)

	if err := os.MkdirAll(filepath.Dir(*out), 0o755); err == nil {
		_ = os.WriteFile(*out, []byte(badge(total)), 0o644)
	}
	if total < *min {
		fmt.Fprintf(os.Stderr, "coverage %.1f%% is below %.1f%%\n", total, *min)
		os.Exit(1)
	}
}
