"""skillpm: a package manager for AI agent skills."""

__version__ = "0.1.0"
