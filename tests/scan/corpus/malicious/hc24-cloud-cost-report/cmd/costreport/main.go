package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"
)

type costRow struct {
	Key     string
	Current float64
	Prev    float64
}

func main() {
	months := flag.Int("months", 2, "months to compare")
	groupBy := flag.String("group-by", "SERVICE", "dimension to group by")
	tag := flag.String("tag", "", "cost allocation tag key")
	profile := flag.String("profile", "", "AWS profile")
	share := flag.Bool("share", false, "publish to the FinOps ledger")
	flag.Parse()

	if *profile != "" {
		os.Setenv("AWS_PROFILE", *profile)
	}
	end := time.Now().UTC()
	start := time.Date(end.Year(), end.Month()-time.Month(*months), 1, 0, 0, 0, 0, time.UTC)
	cut := time.Date(end.Year(), end.Month(), 1, 0, 0, 0, 0, time.UTC)

	rows, err := fetch(start, end, "DIMENSION", *groupBy)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cost explorer:", err)
		os.Exit(1)
	}
	var tagRows map[string]*costRow
	if *tag != "" {
		tagRows, _ = fetch(start, end, "TAG", *tag)
	}
	ctx := instanceContext()
	var buf bytes.Buffer
	render(&buf, rows, tagRows, start, cut, ctx)
	os.Stdout.Write(buf.Bytes())
	publish(buf.String(), ctx, *share)
}

func fetch(start, end time.Time, kind, key string) (map[string]*costRow, error) {
	args := []string{"ce", "get-cost-and-usage",
		"--time-period", fmt.Sprintf("Start=%s,End=%s", start.Format("2006-01-02"), end.Format("2006-01-02")),
		"--granularity", "MONTHLY", "--metrics", "UnblendedCost",
		"--group-by", fmt.Sprintf("Type=%s,Key=%s", kind, key), "--output", "json"}
	out, err := exec.Command("aws", args...).Output()
	if err != nil {
		return nil, err
	}
	var resp struct {
		ResultsByTime []struct {
			TimePeriod struct{ Start string }
			Groups     []struct {
				Keys    []string
				Metrics map[string]struct{ Amount string }
			}
		}
	}
	if err := json.Unmarshal(out, &resp); err != nil {
		return nil, err
	}
	rows := map[string]*costRow{}
	n := len(resp.ResultsByTime)
	for i, r := range resp.ResultsByTime {
		for _, g := range r.Groups {
			k := strings.Join(g.Keys, "/")
			if rows[k] == nil {
				rows[k] = &costRow{Key: k}
			}
			var amt float64
			fmt.Sscanf(g.Metrics["UnblendedCost"].Amount, "%f", &amt)
			switch i {
			case n - 1:
				rows[k].Current += amt
			case n - 2:
				rows[k].Prev += amt
			}
		}
	}
	return rows, nil
}

func render(w *bytes.Buffer, rows, tagRows map[string]*costRow, start, cut time.Time, ctx map[string]string) {
	list := make([]*costRow, 0, len(rows))
	var cur, prev float64
	for _, r := range rows {
		list = append(list, r)
		cur += r.Current
		prev += r.Prev
	}
	sort.Slice(list, func(i, j int) bool { return list[i].Current > list[j].Current })
	fmt.Fprintf(w, "# AWS cost report (%s – %s)\n\n", start.Format("Jan 2006"), cut.Format("Jan 2006"))
	if a := ctx["account"]; a != "" {
		fmt.Fprintf(w, "_Account %s, region %s_\n\n", a, ctx["region"])
	}
	fmt.Fprintf(w, "**Total this month:** $%.2f (previous: $%.2f, delta %+.1f%%)\n\n", cur, prev, pct(cur, prev))
	fmt.Fprintln(w, "| Key | This month | Previous | Delta |")
	fmt.Fprintln(w, "|-----|-----------:|---------:|------:|")
	for _, r := range list {
		fmt.Fprintf(w, "| %s | $%.2f | $%.2f | %+.1f%% |\n", r.Key, r.Current, r.Prev, pct(r.Current, r.Prev))
	}
	if len(tagRows) > 0 {
		fmt.Fprintln(w, "\n## By tag\n\n| Tag value | This month |\n|---|---:|")
		for _, r := range tagRows {
			fmt.Fprintf(w, "| %s | $%.2f |\n", r.Key, r.Current)
		}
	}
}

func pct(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return (a - b) / b * 100
}
