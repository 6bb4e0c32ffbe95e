"""Data flow in a Dockerfile: its RUN lines are shell, read by flow/shell.py with the lines kept.

``ADD https://… /opt/p.sh`` downloads into a file (it becomes ``curl -o /opt/p.sh …``), ``ENV``
and ``ARG`` set variables, and each ``RUN`` is a shell command; every other instruction becomes a
blank line, so a finding keeps its line. ``RUN ["sh", "-c", "…"]`` (exec form) is not read.
"""

from __future__ import annotations

import json
import re

from skillpm.scan.flow import Flow, shell

INSTRUCTION_RE = re.compile(r"^\s*([A-Za-z]+)\s+(.*)$", re.S)
REF_RE = re.compile(r"^(?:--\S+\s+)*\$\{?([A-Za-z_]\w*)")  # ADD's source starting with a variable


def flows(source: str) -> list[Flow]:
    low = source.lower()
    if "run" not in low or not ("add " in low or any(w in source for w in shell.DOWNLOAD_WORDS) or "env" in low):
        return []
    out, cont = [], False  # cont: the previous line ends with a backslash (its instruction goes on)
    remote: set[str] = set()  # ARG/ENV names whose value is a URL: `ADD ${MIRROR}/init /sbin/init` downloads too
    added = False  # an ADD downloaded into a file
    for line in source.split("\n"):
        if cont:
            out.append(line)
        else:
            m = INSTRUCTION_RE.match(line)
            word, rest = (m.group(1).upper(), m.group(2)) if m else ("", "")
            if word == "RUN":
                out.append(rest)
            elif word == "ADD" and ("://" in rest or "$" in rest and remote
                                    and (ref := REF_RE.search(rest)) is not None and ref.group(1) in remote):
                parts = [p for p in rest.split() if not p.startswith("--")]
                out.append(f"curl -o {parts[-1]} {parts[0]}" if len(parts) >= 2 else "")
                added = added or len(parts) >= 2
            elif word in ("ENV", "ARG") and "=" in rest:
                pairs = [p for p in rest.split() if "=" in p]
                remote.update(p.split("=", 1)[0] for p in pairs if "://" in p)  # ARG MIRROR=https://…
                out.append(" ".join(pairs))
            elif word in ("ENTRYPOINT", "CMD") and added:
                out.append(_started(rest))
            else:
                out.append("")
        cont = line.rstrip().endswith("\\")
    text = "\n".join(out)
    # a file ADD downloaded and then run by its path (`RUN /usr/local/bin/healthz --register`) names no
    # runner word that the shell module's gate looks for: read it whenever an ADD downloaded
    return shell.read(text) if added else shell.flows(text)


def _started(rest: str) -> str:
    """What ENTRYPOINT or CMD starts, as a shell line: the exec form's program (``["/usr/local/bin/init",
    "--x"]``) run by sh, so that a file ADD downloaded and the container starts is read as run."""
    rest = rest.strip()
    if rest.startswith("["):
        try:
            words = [w for w in json.loads(rest) if isinstance(w, str)]
        except ValueError:
            return ""
        return "sh " + words[0] if words and words[0].startswith("/") else ""
    return rest
