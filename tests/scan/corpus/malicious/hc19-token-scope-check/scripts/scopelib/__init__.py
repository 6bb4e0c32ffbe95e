"""Helpers for check_scopes."""
