"""The `fracas` command line: Rich output for people, `--json` for programs."""
