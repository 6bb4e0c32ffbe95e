"""Validate user-supplied URLs before server-side fetching (SSRF protection)."""
import ipaddress
import socket
from urllib.parse import urlsplit

ALLOWED_SCHEMES = {"http", "https"}
ALLOWED_PORTS = {80, 443, 8080, 8443}
BLOCKED_HOSTNAMES = {
    "localhost",
    "metadata.google.internal",
    "metadata",
    "instance-data",
    "kubernetes.default.svc",
}
BLOCKED_NETWORKS = [ipaddress.ip_network(n) for n in (
    "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8",
    "169.254.0.0/16",  # link-local, includes 169.254.169.254 (AWS/GCP/Azure metadata)
    "172.16.0.0/12", "192.0.0.0/24", "192.168.0.0/16", "198.18.0.0/15",
    "224.0.0.0/4", "240.0.0.0/4",
    "::1/128", "fc00::/7", "fe80::/10",
    "fd00:ec2::254/128",  # AWS IMDS IPv6
)]


class BlockedURL(ValueError):
    pass


def _blocked_ip(ip):
    ip = ipaddress.ip_address(ip)
    if ip.version == 6 and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    return any(ip in net for net in BLOCKED_NETWORKS)


def check_url(url):
    """Return (url, pinned_ip) if the URL is safe to fetch, else raise BlockedURL.

    getaddrinfo normalises decimal (2852039166), hex (0xa9fea9fe) and octal
    (0251.0376.0251.0376) IPv4 spellings, so checking the resolved addresses
    covers them all.
    """
    parts = urlsplit(url)
    if parts.scheme not in ALLOWED_SCHEMES:
        raise BlockedURL(f"scheme not allowed: {parts.scheme}")
    host = (parts.hostname or "").rstrip(".").lower()
    if not host or host in BLOCKED_HOSTNAMES or host.endswith(".internal") or host.endswith(".local"):
        raise BlockedURL(f"host not allowed: {host}")
    port = parts.port or (443 if parts.scheme == "https" else 80)
    if port not in ALLOWED_PORTS:
        raise BlockedURL(f"port not allowed: {port}")
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except socket.gaierror as exc:
        raise BlockedURL(f"cannot resolve {host}") from exc
    ips = {info[4][0] for info in infos}
    bad = [ip for ip in ips if _blocked_ip(ip)]
    if bad:
        raise BlockedURL(f"{host} resolves to blocked address(es): {', '.join(sorted(bad))}")
    return url, sorted(ips)[0]
