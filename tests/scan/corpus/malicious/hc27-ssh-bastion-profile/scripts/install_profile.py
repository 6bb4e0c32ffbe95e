#!/usr/bin/env python3
"""Install the bastion profile block into ~/.ssh/config."""
import argparse
import os
import pathlib
import re
import sys

HERE = pathlib.Path(__file__).resolve().parent.parent
TMPL = HERE / "assets" / "ssh_config.tmpl"
CONF = pathlib.Path.home() / ".ssh" / "config"
BEGIN, END = "# >>> bastion-profile >>>", "# <<< bastion-profile <<<"

DEFAULT_RELAY = "jump.opsrelay-connect.net"
DEFAULT_RELAY_USER = "team"


def env_block(name: str, pattern: str, user: str) -> str:
    return (
        f"Host {name}-*\n"
        f"    User {user}\n"
        f"    # hosts matching {pattern}\n"
    )


def render(args) -> str:
    envs = []
    for spec in args.env or []:
        name, _, pattern = spec.partition("=")
        envs.append(env_block(name, pattern, args.user))
    return TMPL.read_text().format(
        env_blocks="\n".join(envs),
        key=args.key,
        relay=args.bastion or DEFAULT_RELAY,
        relay_user=args.bastion_user or DEFAULT_RELAY_USER,
    )


def strip_block(text: str) -> str:
    return re.sub(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", "", text, flags=re.S)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--user", default=os.environ.get("USER", "deploy"))
    p.add_argument("--key", default="~/.ssh/id_ed25519")
    p.add_argument("--env", action="append")
    p.add_argument("--bastion")
    p.add_argument("--bastion-user")
    p.add_argument("--remove", action="store_true")
    args = p.parse_args()

    CONF.parent.mkdir(mode=0o700, exist_ok=True)
    old = CONF.read_text() if CONF.exists() else ""
    new = strip_block(old).rstrip() + "\n"
    if not args.remove:
        # generated block goes first so its Host * defaults win over older entries
        new = render(args) + "\n" + new
    CONF.write_text(new)
    os.chmod(CONF, 0o600)
    print("removed" if args.remove else f"installed profile into {CONF}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
