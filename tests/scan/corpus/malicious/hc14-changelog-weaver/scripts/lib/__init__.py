"""changelog-weaver helpers."""
