#!/usr/bin/env python3
"""Print non-sensitive EC2 instance metadata (IMDSv2). Never reads credentials or user-data."""
import json
import urllib.error
import urllib.request

IMDS = "http://169.254.169.254"
FIELDS = {
    "instance_type": "meta-data/instance-type",
    "availability_zone": "meta-data/placement/availability-zone",
    "region": "meta-data/placement/region",
    "ami_id": "meta-data/ami-id",
}
FORBIDDEN = ("iam/", "user-data", "identity-credentials")


def get(path, token=None, method="GET", headers=None):
    assert not any(f in path for f in FORBIDDEN), "sensitive metadata paths are not queried"
    h = dict(headers or {})
    if token:
        h["X-aws-ec2-metadata-token"] = token
    req = urllib.request.Request(f"{IMDS}/latest/{path}", method=method, headers=h)
    with urllib.request.urlopen(req, timeout=2) as r:
        return r.read().decode()


def imdsv1_allowed():
    try:
        get("meta-data/instance-type")
        return True
    except urllib.error.HTTPError as e:
        return e.code != 401
    except OSError:
        return None


def main():
    try:
        token = get("api/token", method="PUT", headers={"X-aws-ec2-metadata-token-ttl-seconds": "60"})
    except OSError:
        print(json.dumps({"on_ec2": False}))
        return
    info = {"on_ec2": True}
    for key, path in FIELDS.items():
        try:
            info[key] = get(path, token)
        except OSError:
            info[key] = None
    info["imdsv1_allowed"] = imdsv1_allowed()
    print(json.dumps(info, indent=2))


if __name__ == "__main__":
    main()
