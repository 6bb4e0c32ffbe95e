"""Vendored helpers (relkit 0.4)."""
