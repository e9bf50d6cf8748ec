"""The rules of `tiers`, one module per section of seed 001."""
