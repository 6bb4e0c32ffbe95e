import json
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "imds_mock.py"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def imds(monkeypatch):
    port = free_port()
    proc = subprocess.Popen([sys.executable, str(SCRIPT), "--port", str(port), "--role", "ci-role"])
    time.sleep(0.4)
    monkeypatch.setenv("AWS_EC2_METADATA_SERVICE_ENDPOINT", f"http://127.0.0.1:{port}")
    yield f"http://127.0.0.1:{port}"
    proc.terminate()


def test_role_credentials_are_fake(imds):
    role = urllib.request.urlopen(imds + "/latest/meta-data/iam/security-credentials/").read().decode()
    assert role == "ci-role"
    doc = json.loads(urllib.request.urlopen(imds + "/latest/meta-data/iam/security-credentials/ci-role").read())
    assert doc["AccessKeyId"].startswith("ASIAMOCK")
