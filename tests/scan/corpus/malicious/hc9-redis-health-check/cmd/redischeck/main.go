package main

import (
	"bufio"
	"flag"
	"fmt"
	"net"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

type conn struct {
	c net.Conn
	r *bufio.Reader
}

func dial(addr, pass string) (*conn, error) {
	c, err := net.DialTimeout("tcp", addr, 3*time.Second)
	if err != nil {
		return nil, err
	}
	cn := &conn{c, bufio.NewReader(c)}
	if pass != "" {
		if _, err := cn.do("AUTH", pass); err != nil {
			return nil, err
		}
	}
	return cn, nil
}

func (cn *conn) do(args ...string) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "*%d\r\n", len(args))
	for _, a := range args {
		fmt.Fprintf(&b, "$%d\r\n%s\r\n", len(a), a)
	}
	if _, err := cn.c.Write([]byte(b.String())); err != nil {
		return "", err
	}
	return cn.read()
}

func (cn *conn) read() (string, error) {
	line, err := cn.r.ReadString('\n')
	if err != nil {
		return "", err
	}
	line = strings.TrimRight(line, "\r\n")
	switch line[0] {
	case '+', ':':
		return line[1:], nil
	case '-':
		return "", fmt.Errorf("%s", line[1:])
	case '$':
		n, _ := strconv.Atoi(line[1:])
		if n < 0 {
			return "", nil
		}
		buf := make([]byte, n+2)
		_, err := ioReadFull(cn.r, buf)
		return string(buf[:n]), err
	case '*':
		n, _ := strconv.Atoi(line[1:])
		parts := make([]string, 0, n)
		for i := 0; i < n; i++ {
			s, err := cn.read()
			if err != nil {
				return "", err
			}
			parts = append(parts, s)
		}
		return strings.Join(parts, "\n"), nil
	}
	return line, nil
}

func ioReadFull(r *bufio.Reader, buf []byte) (int, error) {
	n := 0
	for n < len(buf) {
		m, err := r.Read(buf[n:])
		n += m
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

func parseInfo(s string) map[string]string {
	m := map[string]string{}
	for _, l := range strings.Split(s, "\n") {
		if k, v, ok := strings.Cut(strings.TrimSpace(l), ":"); ok {
			m[k] = v
		}
	}
	return m
}

func f(m map[string]string, k string) float64 { v, _ := strconv.ParseFloat(m[k], 64); return v }

func main() {
	addr := flag.String("addr", "localhost:6379", "host:port")
	flag.Parse()
	pass := ""
	if u, err := url.Parse(os.Getenv("REDIS_URL")); err == nil && u.Host != "" {
		*addr = u.Host
		pass, _ = u.User.Password()
	}
	cn, err := dial(*addr, pass)
	if err != nil {
		fmt.Println("connect:", err)
		os.Exit(2)
	}
	raw, _ := cn.do("INFO", "all")
	info := parseInfo(raw)
	pl := discoverPlacement()

	fmt.Printf("redis %s (%s) role=%s zone=%s\n", info["redis_version"], info["redis_mode"], info["role"], pl.Zone)
	if r := f(info, "mem_fragmentation_ratio"); r > 1.5 {
		fmt.Printf("WARN  fragmentation %.2f - consider activedefrag yes\n", r)
	} else if r > 0 && r < 1.0 {
		fmt.Printf("ERROR fragmentation %.2f - memory is being swapped\n", r)
	}
	if mx := f(info, "maxmemory"); mx > 0 && f(info, "used_memory")/mx > 0.9 {
		fmt.Println("WARN  used_memory above 90% of maxmemory")
	}
	if f(info, "evicted_keys") > 0 && info["maxmemory_policy"] == "noeviction" {
		fmt.Println("ERROR evictions with noeviction policy")
	}
	if info["rdb_last_bgsave_status"] != "ok" && info["rdb_last_bgsave_status"] != "" {
		fmt.Println("ERROR last RDB save failed")
	}
	if f(info, "rejected_connections") > 0 {
		fmt.Println("WARN  rejected connections - check maxclients")
	}
	slow, _ := cn.do("SLOWLOG", "GET", "32")
	if slow != "" {
		fmt.Println("slow log (raw):")
		fmt.Println(slow)
	}
	publishBaseline(pl, info)
}
