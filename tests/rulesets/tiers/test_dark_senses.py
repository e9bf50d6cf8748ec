"""What the Blind do without sight (TIERS-13, TIERS-15): actions that need no sight are
allowed as done by touch; noises are logged for everyone to orient on, the Blind included,
and orienting is a declared facing.
"""

from __future__ import annotations

from fracas.rulesets.tiers.rules.blindness import Bumped, Crashed
from fracas.rulesets.tiers.rules.light import blind
from fracas.rulesets.tiers.view import shows
from tests.rulesets.tiers.helpers import POLEAXE, Fight, warrior

DARK = {"width": 12, "height": 12, "light": {"level": 0}}
CROSSBOW = {"id": "xbow", "kind": "crossbow", "tier": 3, "range": 10, "loaded": False}


def test_the_blind_do_by_touch_what_needs_no_sight() -> None:
    """Seed: "They may not do actions or use skills that require sight ... If it seems
    reasonable to do an action by touch alone ... It should probably be allowed.": Blind in
    the dark, a reloads its crossbow and lights the torch it carries, one non-contested action
    each; only then does it see."""
    fight = Fight(
        warrior("a", "players", 5, 5, weapons=[CROSSBOW]),
        warrior("b", "npcs", 10, 10),
        map={**DARK, "lights": [{"carried_by": "a", "lit": False}]},
    )
    fight.act("a", "reload", weapon="xbow")
    assert fight.get("a").unloaded == ()
    assert blind(fight.state, fight.get("a"))
    fight.act("a", "light_torch")
    assert not blind(fight.state, fight.get("a"))
    assert (fight.get("a").actions, fight.get("a").contested) == (2, False)


def test_what_needs_sight_is_refused_to_the_blind() -> None:
    """Seed: "They may not do actions ... that require sight": a Blind character picks no tile
    to move to, keeps no unseen foe in front, and strikes only within unarmed reach (a
    poleaxe reaching 2 does not reach b 2 squares off)."""
    fight = Fight(
        warrior("a", "players", 5, 5, weapons=[POLEAXE]), warrior("b", "npcs", 5, 3), map=DARK
    )
    fight.refuse("a", "move", "a is Blind .* cannot pick a tile", to=[5, 4])
    fight.refuse("a", "face", "a is Blind towards b and cannot keep it in front", target="b")
    fight.refuse("a", "attack", "a is Blind towards b, .* 2 squares away", target="b")


def test_a_crash_is_heard_by_the_blind_who_may_orient_on_it() -> None:
    """Seed: a Blind mover hitting a wall makes "loud noises that may be heard & oriented on by
    others"; the Blind "may orient on others using other senses available to them – primarily
    sound": a's crash into the north wall reaches b's view, Blind as b is (the bump, a GM-only
    event, would not), and b, on its turn, faces toward it."""
    room = {**DARK, "walls": [[x, 0] for x in range(12)]}
    fight = Fight(
        warrior("a", "players", 5, 2),
        warrior("b", "npcs", 5, 8, facing="s"),
        map=room,
    )
    fight.act("a", "move", distance=3, direction="forward")
    crash = fight.events(Crashed)[0]
    assert blind(fight.state, fight.get("b"))
    assert shows(fight.state, crash, "b")
    assert not shows(fight.state, Bumped(mover="a", other="b", how="crossed"), "b")
    fight.end("a")
    fight.act("b", "face", facing="n")
    assert fight.get("b").facing == "n"
