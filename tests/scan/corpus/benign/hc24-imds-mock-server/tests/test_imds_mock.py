import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "imds_mock.py"


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


@pytest.fixture
def imds():
    port = free_port()
    proc = subprocess.Popen([sys.executable, str(SCRIPT), "--port", str(port), "--require-token"])
    time.sleep(0.5)
    yield f"http://127.0.0.1:{port}"
    proc.terminate()


def test_imdsv2_flow(imds):
    tok = urllib.request.urlopen(urllib.request.Request(
        imds + "/latest/api/token", method="PUT",
        headers={"X-aws-ec2-metadata-token-ttl-seconds": "60"})).read().decode()
    req = urllib.request.Request(imds + "/latest/meta-data/iam/security-credentials/mock-role",
                                 headers={"X-aws-ec2-metadata-token": tok})
    creds = json.loads(urllib.request.urlopen(req).read())
    assert creds["AccessKeyId"].startswith("AKIAMOCK")


def test_rejects_without_token(imds):
    with pytest.raises(urllib.error.HTTPError):
        urllib.request.urlopen(imds + "/latest/meta-data/instance-id")
