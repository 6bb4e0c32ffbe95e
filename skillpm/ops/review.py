"""Reviews: ``skillpm audit --accept NAME`` records that a person looked at a skill's bytes.

Kept in ``skillpm-reviews.toml`` beside the lock, so it is committed and reviewed like
code. A review names the skill, the h1 that was looked at, and the *subjects* of the
audit findings it accepts (an h1 of edited bytes, ``tree:<id>`` of an upstream
folder, ``commit:<id>`` of a moved ref, ``rules:<version>:<h1>`` of a rescan). The
next audit marks findings with an accepted subject as reviewed, so only what nobody
reviewed yet counts toward ``--fail-on``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from skillpm.errors import SkillpmError

REVIEWS_FILE = "skillpm-reviews.toml"


@dataclass
class Review:
    name: str
    hash: str
    by: str
    at: str
    note: str = ""
    subjects: list[str] = field(default_factory=list)

    def to_dict(self) -> dict:
        return {"name": self.name, "hash": self.hash, "subjects": sorted(set(self.subjects)), "by": self.by,
                "at": self.at, "note": self.note}


def reviews_path(state_dir: Path) -> Path:
    return Path(state_dir) / REVIEWS_FILE


def load_reviews(state_dir: Path) -> list[Review]:
    from skillpm.config import load_toml

    path = reviews_path(state_dir)
    data = load_toml(path, "reviews file")
    out = []
    for i, raw in enumerate(data.get("review", [])):
        if not isinstance(raw, dict) or not all(isinstance(raw.get(k), str) for k in ("name", "hash", "by", "at")):
            raise SkillpmError(f"{path}: [[review]] #{i + 1} needs string name, hash, by and at",
                               f"restore {path.name} from version control")
        subjects = raw.get("subjects", [])
        if not isinstance(subjects, list):
            raise SkillpmError(f"{path}: [[review]] #{i + 1}: subjects must be a list", f"fix {path.name}")
        out.append(Review(raw["name"], raw["hash"], raw["by"], raw["at"], str(raw.get("note", "")),
                          [str(s) for s in subjects]))
    return out


def find_review(reviews: list[Review], name: str, subject: str) -> Review | None:
    """The newest review of ``name`` that accepted ``subject``."""
    for r in reversed(reviews):
        if r.name == name and (subject == r.hash or subject in r.subjects):
            return r
    return None


def default_reviewer() -> str:
    import getpass

    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no user name in this environment
        return "unknown"


def record_review(state_dir: Path, review: Review) -> Path:
    """Append ``review`` to the reviews file (atomic rewrite; earlier reviews are kept)."""
    import tomlkit

    from skillpm.fsutil import atomic_write_text

    reviews = load_reviews(state_dir) + [review]
    doc = tomlkit.document()
    doc.add(tomlkit.comment("skillpm-reviews.toml: reviews recorded by `skillpm audit --accept`; commit this file"))
    aot = tomlkit.aot()
    for r in reviews:
        t = tomlkit.table()
        for k, v in r.to_dict().items():
            t[k] = v
        aot.append(t)
    doc["review"] = aot
    path = reviews_path(state_dir)
    atomic_write_text(path, tomlkit.dumps(doc))
    return path
