"""Drawing, quick-drawing, dropping and picking up weapons, the free metre, and the common
actions whose outcome is the GM's (Actions and Maneuvers, "Common Actions" L3165-3262,
"Quick Draw" L3381-3386; Dramatic Scenes L1449). Faces are 1-10; 10 reads 0."""

from __future__ import annotations

from typing import Any

from fracas.rulesets.fatewalker.events import ArmsSet, Observed, PoolRolled, Stepped
from fracas.rulesets.fatewalker.rules import tasks
from tests.rulesets.fatewalker.helpers import KNIFE, Fight, walker

PISTOL = {
    "id": "pistol",
    "damage": "3x1",
    "type": "slug",
    "size": "S",
    "speed": 4,
    "ranges": [10, 25, 50],
    "drawn": False,
}
"""Example data: a holstered pistol."""


def drawer(**extra: Any) -> dict[str, Any]:
    """Prowess 4, Ranged 3, Agility 3: Quick-draw's requisites met."""
    return walker(
        "ada",
        "a",
        weapons=[PISTOL, KNIFE],
        **{"attributes": {"prowess": 4}, "skills": {"ranged": 3, "agility": 3}, **extra},
    )


def foe(x: float = 5) -> dict[str, Any]:
    return walker("bo", "b", x=x, start=60, weapons=[])


def test_a_holstered_weapon_is_drawn_before_it_is_used() -> None:
    """L3252: Ready/Draw Weapon "Small: 3" ticks; a weapon not in hand neither shoots nor
    strikes until drawn."""
    fight = Fight(drawer(), foe())
    fight.refuse("ada", "shoot", "pistol is holstered: draw it first", target="bo", weapon="pistol")
    fight.act("ada", "draw", weapon="pistol")
    assert fight.get("ada").in_hand("pistol")
    assert fight.clock.next_tick("ada") == 1 + 3


def test_hand_level_and_stowed_weapons_change_the_draw_time() -> None:
    """L3252: "If the weapon is roughly at hand level the action takes 1 tick less. If the
    weapon is stowed away securely ... an extra 1-10 ticks" (the sheet's `draw`)."""
    fight = Fight(walker("ada", "a", weapons=[{**PISTOL, "draw": -1}]), foe())
    fight.act("ada", "draw", weapon="pistol")
    assert fight.clock.next_tick("ada") == 1 + 2
    fight = Fight(walker("ada", "a", weapons=[{**PISTOL, "size": "L", "draw": 4}]), foe())
    fight.act("ada", "draw", weapon="pistol")
    assert fight.clock.next_tick("ada") == 1 + 5 + 4


def test_quick_draw_by_successes() -> None:
    """L3382-3386 (the digest's vector 17): "1 Success: Increases draw time by 2 ticks. 2
    Successes: Normal draw time. 3-4 Successes: Draw time - 1. 5+ Successes: Draw time -2"."""
    for faces, ticks in (([1, 9, 9, 9], 5), ([1, 1, 9, 9], 3), ([1, 1, 1, 9], 2)):
        fight = Fight(drawer(), foe(), dice=faces)
        fight.act("ada", "draw", weapon="pistol", quick=True)
        assert fight.clock.next_tick("ada") == 1 + ticks, faces
    fight = Fight(drawer(attributes={"prowess": 5}), foe(), dice=[1] * 5)
    fight.act("ada", "draw", weapon="pistol", quick=True)
    assert fight.clock.next_tick("ada") == 1 + 1


def test_a_fumbled_quick_draw_throws_the_weapon_its_margin_away() -> None:
    """L3382: "0 Successes: The weapon is dropped/thrown (margin of failure) meters away":
    margin 2 (short of two, gap 12), toward the nearest foe; drawn again from there after
    moving to it, not from where one stands."""
    fight = Fight(drawer(), foe(), dice=[9, 9, 9, 9])
    fight.act("ada", "draw", weapon="pistol", quick=True)
    assert fight.get("ada").lying == (("pistol", 2.0, 0.0),)
    assert fight.clock.next_tick("ada") == 1 + 3
    fight.refuse("ada", "draw", "more than 1 m", weapon="pistol")


def test_quick_draw_refuses_heavy_armor() -> None:
    """L3381: "A Quick-Draw action requires the character to be in either light or
    unencumbered" (the armor tables' encumbrance; half-plate is medium)."""
    fight = Fight(drawer(armor="half-plate"), foe())
    fight.refuse("ada", "draw", "light or no encumbrance", weapon="pistol", quick=True)


def test_drop_toss_and_pick_up() -> None:
    """L3250: "Drop/Toss/Place Object || 1/2/3 || Dropping leaves object/weapon at feet.
    Tossing drops it somewhere else"; L3248 "Pickup object || 2/3/4(+1) || Hand or Chest
    Level/Above Head/Below knees"; L3252 a draw from the feet."""
    fight = Fight(walker("ada", "a", weapons=[KNIFE]), foe(x=30))
    fight.act("ada", "drop", weapon="knife")  # 1 -> 2
    assert fight.get("ada").lying == (("knife", 0.0, 0.0),)
    fight.refuse("ada", "strike", "knife is on the ground", target="bo", weapon="knife")
    fight.act("ada", "pick_up", weapon="knife")  # below the knees: 4, 2 -> 6
    assert fight.get("ada").in_hand("knife")
    fight.act("ada", "drop", weapon="knife", how="toss", x=3, y=4)  # 2: 6 -> 8
    fight.refuse("ada", "pick_up", "beyond reach", weapon="knife")
    assert fight.clock.next_tick("ada") == 8
    assert fight.events(ArmsSet)[-1].lying == (("knife", 3.0, 4.0),)


def test_the_free_metre() -> None:
    """L1449: "characters can always alter their position by a meter as part of another
    action for free": once at one's own tick, costing nothing."""
    fight = Fight(walker("ada", "a"), foe(x=3))
    fight.refuse("ada", "step", "more than 1 m", x=1.5, y=0)
    fight.act("ada", "step", x=1, y=0)
    assert (fight.get("ada").x, fight.clock.next_tick("ada")) == (1.0, 1)
    fight.refuse("ada", "step", "already", x=1, y=1)
    assert len(fight.events(Stepped)) == 1


def test_a_quick_look_and_a_detailed_search() -> None:
    """L3239: Quick Look, Awareness(Search), "2-3 successes is a maybe, 4+ yields a definite
    yes or no"; L3242 Detailed Search, Focus(Search), "Each success beyond 1 gives them an
    extra piece of information"; 5 and 9 ticks."""
    assert [tasks.look_answer(n) for n in (0, 1, 2, 3, 4)] == [
        "wrong information (dramatic failure)",
        "no information",
        "a maybe",
        "a maybe",
        "a definite yes or no",
    ]
    me = walker("ada", "a", skills={"search": 5})
    fight = Fight(me, foe(), dice=[1, 1, 9, 1, 1, 1])
    fight.act("ada", "observe", kind="look", question="is bo armed?")
    assert fight.events(Observed)[0].result == "is bo armed?: a maybe"
    assert fight.clock.next_tick("ada") == 6
    fight.act("ada", "observe", kind="search")
    assert fight.events(Observed)[1].result == "2 pieces of information"
    assert fight.clock.next_tick("ada") == 15


def test_a_non_action_skill_takes_the_chaos_of_combat() -> None:
    """L3259: "Most non-combat actions will suffer a minor penalty (-1) simply due to the
    chaos of combat" (option `combat_chaos`); 7-20+ ticks."""
    fight = Fight(walker("ada", "a", skills={"medical": 4}), foe(), dice=[9, 9])
    fight.act("ada", "use_skill", skill="medical", attribute="focus", ticks=12)
    assert fight.events(PoolRolled)[0].dice == 2
    assert fight.clock.next_tick("ada") == 13
    fight = Fight(walker("ada", "a"), foe())
    fight.refuse("ada", "use_skill", "not on the sheet", skill="piloting")
    fight.refuse("ada", "acrobatics", "4-14 ticks", ticks=20)


def test_autoplay_draws_a_holstered_gun_before_closing_in() -> None:
    """Tactics (not a rule): a combatant whose gun is holstered draws it first."""
    from fracas.rulesets.fatewalker import RULESET

    fight = Fight(drawer(), foe(x=20))
    suggested = RULESET.suggest(fight.state)
    assert (suggested.do, getattr(suggested, "weapon", None)) == ("draw", "pistol")


def test_a_parry_needs_a_weapon_in_hand() -> None:
    """A parry is made with a weapon in hand: a holstered knife parries nothing."""
    sheathed = walker("bo", "b", x=1, start=60, weapons=[{**KNIFE, "drawn": False}])
    fight = Fight(walker("ada", "a"), sheathed)
    fight.refuse("ada", "strike", "parry", target="bo", weapon="knife", reaction="parry")
