"""Support code for the changelog drafter."""
