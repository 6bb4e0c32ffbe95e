"""The one error type of skillpm.

Every failure a user can cause or fix is a ``SkillpmError``: one line saying what
failed, one ``hint`` saying what to do. The CLI catches it once, at the top, and
prints it without a traceback. ``code`` is the process exit code.
"""

from __future__ import annotations

# Documented exit codes (README "Exit codes").
EXIT_OK = 0
EXIT_FINDINGS = 1  # findings over a threshold, policy refusal, verification failure
EXIT_USAGE = 2  # bad arguments or bad input
EXIT_NETWORK = 3  # a remote could not be reached or answered wrongly
EXIT_INTEGRITY = 4  # bytes do not match a recorded hash: a security error


class SkillpmError(Exception):
    """A failure with a message for the user and a hint on what to do next."""

    def __init__(self, message: str, hint: str | None = None, code: int = EXIT_USAGE,
                 details: list[str] | None = None):
        super().__init__(message)
        self.message = message
        self.hint = hint
        self.code = code
        # Extra lines shown under the message (e.g. every error of a skill).
        self.details = list(details or [])

    def __str__(self) -> str:  # pragma: no cover - trivial
        return self.message


class IntegrityError(SkillpmError):
    """Bytes that do not match what a lock or an index entry recorded."""

    def __init__(self, message: str, hint: str | None = None, details: list[str] | None = None):
        super().__init__(message, hint, code=EXIT_INTEGRITY, details=details)


class NetworkError(SkillpmError):
    """A remote that could not be reached or answered wrongly."""

    def __init__(self, message: str, hint: str | None = None, details: list[str] | None = None):
        super().__init__(message, hint, code=EXIT_NETWORK, details=details)


class PolicyError(SkillpmError):
    """A refusal by policy (grade below the minimum, user declined)."""

    def __init__(self, message: str, hint: str | None = None, details: list[str] | None = None):
        super().__init__(message, hint, code=EXIT_FINDINGS, details=details)
