"""Detection rules for the skill injection linter (patterns only)."""
import re

RULES = [
    ("PI001", "high", re.compile(r"\b(ignore|disregard|forget)\s+(all\s+)?(previous|prior|above)\s+(instructions|rules)", re.I)),
    ("PI002", "high", re.compile(r"\b(do not|don't|never)\s+(tell|mention|inform|show)\b.{0,40}\buser", re.I)),
    ("SH001", "high", re.compile(r"\b(curl|wget)\b[^\n|]*\|\s*(sudo\s+)?(ba|z|da)?sh\b")),
    ("SH002", "critical", re.compile(r"\brm\s+-[a-z]*r[a-z]*f?[a-z]*\s+(/|~|\$HOME)(\s|$)")),
    ("SEC001", "high", re.compile(r"\b(AKIA[0-9A-Z]{16}|gh[pousr]_[A-Za-z0-9]{36}|-----BEGIN [A-Z ]*PRIVATE KEY-----)")),
    ("UNI001", "medium", re.compile("[\U000E0000-\U000E007F\u200B-\u200D\u2060\uFEFF\u202A-\u202E\u2066-\u2069]")),
]
