"""pwauth helper package."""
