"""What a Blind player receives of the events that name a character it does not know of
(tiers/view.py, `shown`): a stealth attacker before its attack reveals it, a crash heard in
the dark, an unknown's own doings, and an ally's record that names one. The GM and the
non-Blind (who see the GM's map, which names everyone) receive the true events."""

from __future__ import annotations

from fracas.core.events import Event
from fracas.core.secrecy import shown_events
from fracas.core.state import EncounterState
from fracas.rulesets.tiers import RULESET
from tests.rulesets.tiers.helpers import Fight, warrior
from tests.rulesets.tiers.test_view import ROOM, _ambush

ELF = {"move": 6, "dark_vision": True}


def received(before: EncounterState, events: list[Event], viewer: str | None) -> list[str]:
    return [e.describe() for e in shown_events(RULESET, before, events, viewer)]


def test_a_stealth_attacker_is_someone_until_its_attack_reveals_it() -> None:
    """The orc's free stealth attack on the Blind player: its roll and its strike reach the
    Blind target as someone's; "will automatically reveal the location of the attacker to
    everyone", so from the reveal on it is named. `lit`, in the torchlight, sees the map and
    reads every event as the GM does."""
    fight = _ambush()
    before = fight.state
    events = fight.act("orc", "free_stealth_attack", target="blind")
    truth = received(before, events, None)
    assert truth == [
        "orc's free stealth attack on the Blind blind: 1d20+8 rolled [5] = 13",
        "orc strikes the Blind blind unseen (13); orc's place is revealed to all",
        "orc's stealth attack reveals it at (20, 3) to everyone",
        "blind takes 13 damage from orc's stealth attack with sword (13 - 0), 17 HP left",
    ]
    assert received(before, events, "blind") == [
        "someone's free stealth attack on the Blind blind: 1d20+8 rolled [5] = 13",
        "someone strikes the Blind blind unseen (13); someone's place is revealed to all",
        *truth[2:],
    ]
    assert received(before, events, "lit") == truth


def test_a_crash_is_heard_as_someones() -> None:
    """The Blind hear a crash and its place, to orient on (TIERS-17), not who made it."""
    room = {"width": 12, "height": 12, "light": {"level": 0}, "walls": [[x, 0] for x in range(12)]}
    fight = Fight(warrior("a", "players", 5, 2), warrior("b", "npcs", 5, 8), map=room)
    before = fight.state
    events = fight.act("a", "move", distance=3, direction="forward")
    assert received(before, events, "b") == [
        "someone crashes into the obstacle at (5, 0) after meaning to go 3 tiles, making a "
        "loud noise"
    ]
    (crash,) = (e for e in shown_events(RULESET, before, events, "b"))
    assert crash.to_json() == {
        "kind": "crashed",
        "combatant": "someone",
        "tile": [5, 0],
        "intended": 3,
    }
    truth = received(before, events, None)
    assert received(before, events, "a") == [line for line in truth if "GM marks" not in line]


def test_an_unknowns_own_turn_and_actions_do_not_reach_the_blind() -> None:
    """The goblin's turn in the dark, far from the Blind player: its turn, its action and its
    Blind roll reach neither it as "someone" (each would count the unseen) nor at all; the
    view's `turn` is null while it acts."""
    fight = Fight(
        warrior("blind", "players", 20, 2),
        warrior("goblin", "npcs", 27, 2),
        map=ROOM,
        order=["blind", "goblin"],
        dice=[18],
    )
    before = fight.state
    events = fight.act("blind", "end_turn")
    assert RULESET.view(fight.state, "blind")["turn"] is None
    assert RULESET.view(fight.state, None)["turn"] == "goblin"
    events = [*events, *fight.act("goblin", "move")]
    assert received(before, events, "blind") == ["blind ends the turn"]
    assert "goblin, Blind, rolls 18: quietly remains in place" in received(before, events, None)


def test_an_allys_record_names_no_one_the_viewer_does_not_know_of() -> None:
    """The elf (dark vision) keeps the Blind player in front after its stealth attack
    revealed it; its ally the ogre, Blind far off, sees the elf in full but does not know the
    player: the elf's `facing_on` is someone in the ogre's view, and the face event too."""
    fight = Fight(
        warrior("blind", "players", 20, 2),
        warrior("elf", "npcs", 20, 3, race=ELF),
        warrior("ogre", "npcs", 27, 2),
        map=ROOM,
        order=["elf", "blind", "ogre"],
        dice=[5],
    )
    fight.act("elf", "free_stealth_attack", target="blind")
    before = fight.state
    events = fight.act("elf", "face", target="blind")
    elf = next(c for c in RULESET.view(fight.state, "ogre")["combatants"] if c.get("id") == "elf")
    assert elf["state"]["facing_on"] == "someone"
    assert received(before, events, "ogre")[-1].endswith("keeping someone in front")
    assert received(before, events, None)[-1].endswith("keeping blind in front")
