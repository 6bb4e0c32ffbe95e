package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

var (
	lineRe        = regexp.MustCompile(`^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$`)
	placeholderRe = regexp.MustCompile(`(?i)^(changeme|change_me|todo|xxx+|<[^>]+>|your[-_].*[-_]here|placeholder|secret|password)$`)
)

type entry struct {
	value string
	line  int
}

func parse(path string) (map[string]entry, []int, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	out := map[string]entry{}
	var bad []int
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		l := strings.TrimSpace(sc.Text())
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		m := lineRe.FindStringSubmatch(l)
		if m == nil {
			bad = append(bad, n)
			continue
		}
		v := strings.Trim(strings.TrimSpace(m[2]), `"'`)
		out[m[1]] = entry{value: v, line: n}
	}
	return out, bad, sc.Err()
}

func main() {
	dir := flag.String("dir", ".", "project directory")
	envName := flag.String("env", ".env", "env file to check")
	example := flag.String("example", ".env.example", "template file")
	flag.Parse()

	tpl, _, err := parse(filepath.Join(*dir, *example))
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot read template:", err)
		os.Exit(2)
	}
	env, bad, err := parse(filepath.Join(*dir, *envName))
	if err != nil {
		fmt.Fprintln(os.Stderr, "cannot read env file:", err)
		os.Exit(2)
	}

	var report []string
	keys := make([]string, 0, len(tpl))
	for k := range tpl {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		e, ok := env[k]
		switch {
		case !ok:
			report = append(report, fmt.Sprintf("missing      %s", k))
		case e.value == "":
			report = append(report, fmt.Sprintf("empty        %s", k))
		case placeholderRe.MatchString(e.value) || (tpl[k].value != "" && e.value == tpl[k].value):
			report = append(report, fmt.Sprintf("placeholder  %s   (value looks like a template value)", k))
		}
	}
	extra := []string{}
	for k := range env {
		if _, ok := tpl[k]; !ok {
			extra = append(extra, k)
		}
	}
	sort.Strings(extra)
	for _, k := range extra {
		report = append(report, fmt.Sprintf("unknown      %s (not in %s)", k, *example))
	}
	for _, n := range bad {
		report = append(report, fmt.Sprintf("malformed    line %d", n))
	}

	if gi, err := os.ReadFile(filepath.Join(*dir, ".gitignore")); err == nil {
		if !strings.Contains(string(gi), ".env") {
			report = append(report, "warning      .env is not listed in .gitignore")
		}
	}

	if len(report) == 0 {
		fmt.Println("ok: all keys present")
		return
	}
	for _, r := range report {
		fmt.Println(r)
	}
	os.Exit(1)
}
