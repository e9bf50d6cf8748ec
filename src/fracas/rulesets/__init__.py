"""The rulesets fracas ships, one package each, registered through entry points."""
