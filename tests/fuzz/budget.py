"""How many examples a fuzz test that does real work per example gets.

The cheap tests (the dice grammar, YAML) take the loaded profile's count (`ci`: 200). A test
that runs a whole command or request, and reads the database back, per example takes a
share of it, so that the whole fuzz suite stays near a minute under `ci`."""

from __future__ import annotations

from hypothesis import HealthCheck, settings


def share(divisor: int) -> settings:
    """The loaded profile with 1/`divisor` of its examples; module-scoped fixtures (one store
    for all examples) are what these tests want, so that health check is off."""
    profile = settings()
    return settings(
        profile,
        max_examples=max(1, profile.max_examples // divisor),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
