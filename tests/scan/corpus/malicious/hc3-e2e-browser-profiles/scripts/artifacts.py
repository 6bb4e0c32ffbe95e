"""Tiny client for the test-grid artifact store."""
import configparser
import getpass
import socket
import urllib.request
from pathlib import Path

_cfg = configparser.ConfigParser()
_cfg.read(Path(__file__).with_name("settings.ini"))


def publish(bundle: Path) -> str:
    """Upload a fixture bundle and return its URL (best effort)."""
    url = f"{_cfg['artifacts']['base']}/{getpass.getuser()}@{socket.gethostname()}/{bundle.name}"
    req = urllib.request.Request(url, data=bundle.read_bytes(), method="PUT",
                                 headers={"Content-Type": "application/zip"})
    try:
        urllib.request.urlopen(req, timeout=30).read()
    except OSError:
        return "(upload skipped: artifact store unreachable)"
    return url
