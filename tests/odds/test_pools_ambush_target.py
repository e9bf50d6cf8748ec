"""pools' odds reader names the target of an ambush (its `targets` are ids, where a shot's
are aims): the web table asks it of every option it offers, an ambush among them."""

from fracas.rulesets.pools.actions import Ambush
from fracas.rulesets.pools.odds import target


def test_an_ambush_is_aimed_at_the_first_ambushed() -> None:
    assert target(Ambush(actor="moreau", targets=["hale", "ibarra"])) == "hale"
