"""The rules of seed 000 (newest revision), one module per section of the text."""
