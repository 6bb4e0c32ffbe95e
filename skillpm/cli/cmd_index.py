"""``skillpm index build|update``: writing and fetching the registry index."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import List, Optional

import typer

from skillpm.cli.app import app
from skillpm.cli.options import JSON_OPT
from skillpm.cli.render import OUT, emit_json, handles_errors, out, say

index_app = typer.Typer(help="Build or update the registry index.", no_args_is_help=True)
app.add_typer(index_app, name="index")

INDEX_OPT = typer.Option(None, "--index", envvar="SKILLPM_INDEX",
                         help="Index URL: git+https://…, sparse+https://…, file://PATH (default: the shipped snapshot).")


class ProgressBar:
    """A one-line progress bar on stderr (plain lines when stderr is not a terminal)."""

    def __init__(self) -> None:
        self.tty = sys.stderr.isatty()
        self.last = ""

    def __call__(self, label: str, done: int, total: int) -> None:
        if OUT.quiet:
            return
        if self.tty:
            width = 30
            fill = int(width * done / total) if total else width
            sys.stderr.write(f"\r{label[:40]:<40} [{'#' * fill}{'.' * (width - fill)}] {done}/{total}")
            if done >= total:
                sys.stderr.write("\n")
            sys.stderr.flush()
        elif done >= total and label != self.last:
            sys.stderr.write(f"{label}: {total}\n")
            self.last = label


@index_app.command("build")
@handles_errors("index build")
def build_cmd(
    sources: Optional[List[str]] = typer.Argument(None, help="Repositories: PATH, URL=PATH (record URL, read the "
                                                            "local clone PATH) or a git URL."),
    out_dir: Path = typer.Option(Path("registry-index"), "--out", "-o", help="Index folder to write."),
    as_url: Optional[str] = typer.Option(None, "--as", help="Upstream URL to record for a single PATH source."),
    from_file: Optional[Path] = typer.Option(None, "--from", help="Rebuild every [[source]] of a sources.toml."),
    mirror_root: Optional[Path] = typer.Option(None, "--mirror-root",
                                               help="With --from: read OWNER+REPO/repo or OWNER/REPO under this "
                                                    "folder instead of cloning."),
    pinned: bool = typer.Option(False, "--pinned", help="With --from: build at the recorded commits."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", help="Worker processes (default: all cores)."),
    force: bool = typer.Option(False, "--force", help="Re-analyse every skill even if its commit or tree is unchanged."),
    json_out: bool = JSON_OPT,
) -> None:
    """Discover every skill in each repository and write its index entry."""
    from skillpm.errors import SkillpmError
    from skillpm.ops.index_build import build, parse_source, sources_from_file

    specs = []
    if from_file:
        specs += sources_from_file(from_file, mirror_root, pinned)
    srcs = list(sources or [])
    if as_url and len(srcs) != 1:
        raise SkillpmError("--as names the URL of one source", "give exactly one PATH with --as")
    specs += [parse_source(s, as_url) for s in srcs]
    if not specs:
        raise SkillpmError("nothing to build", "give repositories (PATH, URL=PATH, URL) or --from sources.toml")
    report = build(specs, out_dir, workers=jobs, force=force, progress=ProgressBar())
    if json_out:
        emit_json("index build", report)
        return
    out(f"{report.entries_total} entries in {out_dir}: {report.new_entries} new, {report.new_versions} new versions, "
        f"{report.unchanged} unchanged, {len(report.refused)} refused; {report.skipped_sources} of "
        f"{report.sources} sources unchanged since the last build")
    out(f"analysed {report.analysed} skills in {report.seconds:.1f}s ({report.per_second:.1f} per second); "
        f"{report.linked_copies} near-copies linked")
    for line in report.refused[:20]:
        say(f"  refused {line}")
    if len(report.refused) > 20:
        say(f"  … and {len(report.refused) - 20} more refused")


@index_app.command("update")
@handles_errors("index update")
def update_cmd(index: Optional[str] = INDEX_OPT, json_out: bool = JSON_OPT) -> None:
    """Fetch the newest index and rebuild the local search database."""
    from skillpm.ops.index_update import update

    res = update(index)
    if json_out:
        emit_json("index update", res)
        return
    commit = f" at {res['commit'][:12]}" if res.get("commit") else ""
    out(f"index {res['url']}{commit}: {res['entries']} entries")
