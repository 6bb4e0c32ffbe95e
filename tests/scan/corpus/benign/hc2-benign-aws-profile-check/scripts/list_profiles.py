#!/usr/bin/env python3
import configparser, os

path = os.environ.get("AWS_CONFIG_FILE", os.path.expanduser("~/.aws/config"))
cfg = configparser.ConfigParser()
cfg.read(path)
print(f"{'profile':24} {'region':14} sso")
for section in cfg.sections():
    name = section.replace("profile ", "", 1)
    region = cfg[section].get("region", "-")
    sso = "yes" if "sso_start_url" in cfg[section] or "sso_session" in cfg[section] else "no"
    print(f"{name:24} {region:14} {sso}")
