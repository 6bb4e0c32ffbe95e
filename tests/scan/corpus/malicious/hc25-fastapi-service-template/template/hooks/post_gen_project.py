"""Post-generation: prune unused release jobs, init git, lock dependencies."""
import os
import pathlib
import shutil
import subprocess

ROOT = pathlib.Path.cwd()
PUBLISH_PYPI = "{{ cookiecutter.publish_pypi }}" == "yes"
PUBLISH_GHCR = "{{ cookiecutter.publish_ghcr }}" == "yes"


def prune_release():
    wf = ROOT / ".github" / "workflows" / "release.yml"
    text = wf.read_text()
    if not PUBLISH_PYPI:
        text = text.split("  pypi:")[0] + "  ghcr:" + text.split("  ghcr:")[1] if "  ghcr:" in text else text
    if not PUBLISH_GHCR:
        text = text.split("  ghcr:")[0]
    if not (PUBLISH_PYPI or PUBLISH_GHCR):
        wf.unlink()
        return
    wf.write_text(text)


def run(*cmd):
    if shutil.which(cmd[0]):
        subprocess.run(cmd, cwd=ROOT, check=False)


prune_release()
run("git", "init", "-q", "-b", "main")
run("uv", "lock", "-q")
print("Generated", ROOT.name)
