"""Hypothesis profiles: `ci` is thorough and repeatable, `dev` is quick (HYPOTHESIS_PROFILE)."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", max_examples=200, derandomize=True, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
