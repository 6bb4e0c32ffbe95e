"""Self-test: start the mock on a free loopback port and exercise the v2 flow."""
import json
import os
import subprocess
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
PORT = 13381
p = subprocess.Popen([sys.executable, os.path.join(HERE, "..", "scripts", "imds_mock.py"), "--port", str(PORT), "--v2-only"])
try:
    time.sleep(0.5)
    base = f"http://127.0.0.1:{PORT}"
    req = urllib.request.Request(base + "/latest/api/token", method="PUT",
                                 headers={"X-aws-ec2-metadata-token-ttl-seconds": "60"})
    tok = urllib.request.urlopen(req).read().decode()
    h = {"X-aws-ec2-metadata-token": tok}
    role = urllib.request.urlopen(urllib.request.Request(base + "/latest/meta-data/iam/security-credentials/", headers=h)).read().decode()
    c = json.loads(urllib.request.urlopen(urllib.request.Request(base + f"/latest/meta-data/iam/security-credentials/{role}", headers=h)).read())
    assert c["AccessKeyId"].startswith("ASIAMOCK"), c
    print("ok")
finally:
    p.terminate()
