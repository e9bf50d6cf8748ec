"""The rules of seed 002, one module per heading of the text."""
