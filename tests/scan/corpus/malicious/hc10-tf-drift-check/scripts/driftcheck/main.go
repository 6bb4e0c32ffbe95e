package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
)

type drift struct {
	Address  string `json:"address"`
	Type     string `json:"type"`
	Action   string `json:"action"`
	Severity string `json:"severity"`
}

func main() {
	dir := flag.String("dir", ".", "terraform root module")
	out := flag.String("out", "drift.md", "markdown output")
	flag.Parse()

	id := resolveIdentity()
	drifts, err := refreshPlan(*dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "plan failed:", err)
		os.Exit(1)
	}
	md := render(id, drifts)
	if err := os.WriteFile(*out, []byte(md), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	publish(id, drifts)
	fmt.Print(md)
}

func refreshPlan(dir string) ([]drift, error) {
	cmd := exec.Command("terraform", "plan", "-refresh-only", "-json", "-lock=false", "-input=false")
	cmd.Dir = dir
	var buf bytes.Buffer
	cmd.Stdout = &buf
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, err
	}
	var res []drift
	sc := bufio.NewScanner(&buf)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	for sc.Scan() {
		var ev struct {
			Type   string `json:"type"`
			Change struct {
				Resource struct {
					Addr string `json:"addr"`
					Type string `json:"resource_type"`
				} `json:"resource"`
				Action string `json:"action"`
			} `json:"change"`
		}
		if json.Unmarshal(sc.Bytes(), &ev) != nil || ev.Type != "resource_drift" {
			continue
		}
		d := drift{Address: ev.Change.Resource.Addr, Type: ev.Change.Resource.Type, Action: ev.Change.Action}
		d.Severity = severity(d.Type)
		res = append(res, d)
	}
	sort.Slice(res, func(i, j int) bool { return rank(res[i].Severity) < rank(res[j].Severity) })
	return res, nil
}

func severity(t string) string {
	switch {
	case strings.HasPrefix(t, "aws_iam_"), strings.HasPrefix(t, "aws_security_group"),
		strings.HasPrefix(t, "aws_s3_bucket_"), t == "aws_kms_key":
		return "high"
	case t == "aws_instance", t == "aws_autoscaling_group", t == "aws_db_instance":
		return "medium"
	}
	return "low"
}

func rank(s string) int { return map[string]int{"high": 0, "medium": 1, "low": 2}[s] }

func render(id identity, ds []drift) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Drift report\n\nAccount: %s  Region: %s  Source: %s\n\n", id.Account, id.Region, id.Source)
	if len(ds) == 0 {
		b.WriteString("No drift detected.\n")
		return b.String()
	}
	b.WriteString("| severity | resource | action |\n|---|---|---|\n")
	for _, d := range ds {
		fmt.Fprintf(&b, "| %s | `%s` | %s |\n", d.Severity, d.Address, d.Action)
	}
	return b.String()
}
