"""Actions carry the step they were decided on (`seq`). Over HTTP, against a real server:
two conflicting actions sent at once apply exactly once, the other is told the fight moved
on and given the current state; and eight fights with four clients each, all at once, do
not meet: each fight's log is what playing its own acknowledged actions one after the
other in a fresh encounter gives.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import httpx

from fracas.store import open_store
from tests.reliability.logs import assert_acknowledged, assert_replays, assert_whole
from tests.reliability.served import Ack, Acks, Served, current_seq, post
from tests.store.helpers import events_json

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
ROUNDS = 6
FIGHTS = ("lines-skirmish.yaml", "tiers-duel.yaml", "pools-brawl.yaml", "fatewalker-duel.yaml")
ENCOUNTERS = 8
ACTS_EACH = 4


def test_two_actions_decided_at_one_step_apply_once(shared_server: Served) -> None:
    """The GM lets the tactics move while a player speaks, both decided at the same step:
    one lands, the other hears "the fight moved on" with the state it moved on to."""
    base = shared_server.base
    with open_store(shared_server.db) as store:
        created = store.create((EXAMPLES / "lines-skirmish.yaml").read_text(), seed=11)
        player = store.add_player_link(created.encounter_id, ["ada"])
    gm = created.gm_token
    with httpx.Client() as client, open_store(shared_server.db) as store:
        for round_ in range(ROUNDS):
            seq = current_seq(client, base, gm)
            said = {"actor": "ada", "do": "say", "text": f"round {round_}"}
            answers = at_once(
                base,
                [(gm, "suggest", {"seq": seq}), (player, "act", {"action": said, "seq": seq})],
            )
            assert sorted(a.status_code for a in answers) == [200, 409], [a.text for a in answers]
            won = next(a for a in answers if a.status_code == 200).json()
            lost = next(a for a in answers if a.status_code == 409).json()
            assert won["seq"] == seq + 1
            assert "the fight moved on" in lost["error"]
            assert lost["stale"] is True
            assert lost["state"]["seq"] == seq + 1 and lost["state"]["parts"]["tracker"]
            entries = assert_whole(store, created.encounter_id)
            assert len(entries) == seq + 2
            landed = entries[seq + 1].action
            assert landed == won.get("action", said)
            texts = [e.action.get("text") for e in entries if e.action]
            assert texts.count(said["text"]) == (1 if landed == said else 0)
        assert_replays(store, created.encounter_id)


def at_once(base: str, requests: list[tuple[str, str, dict[str, Any]]]) -> list[httpx.Response]:
    """Send the requests from threads released together, each on its own connection."""
    gate = threading.Barrier(len(requests))
    answers: list[httpx.Response | None] = [None] * len(requests)

    def send(index: int) -> None:
        token, what, body = requests[index]
        with httpx.Client() as client:
            gate.wait()
            answers[index] = post(client, base, token, what, body)

    threads = [threading.Thread(target=send, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [a for a in answers if a is not None]


def test_many_fights_at_once_do_not_meet(shared_server: Served) -> None:
    """Per fight two GM clients let the tactics move and two players speak, each deciding
    on the step it last saw and deciding anew when told the fight moved on."""
    base = shared_server.base
    with open_store(shared_server.db) as store:
        fights = []
        for index in range(ENCOUNTERS):
            name = FIGHTS[index % len(FIGHTS)]
            created = store.create((EXAMPLES / name).read_text(), source=name, seed=100 + index)
            first = store.load(created.encounter_id).encounter.state.combatants[0].id
            link = store.add_player_link(created.encounter_id, [first])
            start = store.summary(created.encounter_id).seq
            fights.append((created.encounter_id, created.gm_token, link, first, start))
    acks = Acks()
    clients = []
    for encounter_id, gm, link, first, _ in fights:
        for n in range(2):
            clients.append(threading.Thread(target=tactics, args=(base, encounter_id, gm, acks)))
            speaker = (base, encounter_id, link, first, f"{encounter_id}-{n}", acks)
            clients.append(threading.Thread(target=speak, args=speaker))
    for thread in clients:
        thread.start()
    for thread in clients:
        thread.join()
    assert acks.wrong == []
    assert len(acks.acks) >= ENCOUNTERS * ACTS_EACH * 2, "most clients stopped early"
    with open_store(shared_server.db) as store:
        for encounter_id, _, _, _, start in fights:
            mine = acks.of(encounter_id)
            entries = assert_whole(store, encounter_id)
            assert [a.seq for a in mine] == list(range(start + 1, len(entries)))
            assert_acknowledged(entries, mine)
            played_alone(store, encounter_id, mine)


def over(answer: httpx.Response) -> bool:
    """Whether the answer refuses because the fight ended (the tactics can end it)."""
    return answer.status_code == 400 and "the fight is over" in answer.json()["error"]


def tactics(base: str, encounter_id: str, gm: str, acks: Acks) -> None:
    with httpx.Client() as client:
        seq = current_seq(client, base, gm)
        done = 0
        while done < ACTS_EACH:
            answer = post(client, base, gm, "suggest", {"seq": seq})
            if answer.status_code == 200:
                body = answer.json()
                acks.add(Ack(encounter_id, body["seq"], "action", body["action"]))
                seq, done = body["seq"], done + 1
            elif answer.status_code == 409:
                seq = int(answer.json()["state"]["seq"])  # decide anew on what it is now
            else:
                if not over(answer):
                    acks.unexpected(answer)
                return


def speak(base: str, encounter_id: str, link: str, actor: str, name: str, acks: Acks) -> None:
    with httpx.Client() as client:
        seq = current_seq(client, base, link)
        done = 0
        while done < ACTS_EACH:
            action = {"actor": actor, "do": "say", "text": f"{name}-{done}"}
            answer = post(client, base, link, "act", {"action": action, "seq": seq})
            if answer.status_code == 200:
                seq, done = answer.json()["seq"], done + 1
                acks.add(Ack(encounter_id, seq, "action", action))
            elif answer.status_code == 409:
                seq = int(answer.json()["state"]["seq"])
            else:
                if not over(answer):
                    acks.unexpected(answer)
                return


def played_alone(store: Any, encounter_id: str, acks: list[Ack]) -> None:
    """The fight's acknowledged actions played one after the other, by one writer, in a
    fresh encounter with the same scenario and seed: the same events at every entry and
    the same fight at the end. Another fight's action, or an action resolved against a
    state it was not decided on, would show here."""
    summary = store.summary(encounter_id)
    alone = store.create(store.scenario(encounter_id), source=summary.source, seed=summary.seed)
    for ack in acks:
        assert ack.action is not None
        store.act(alone.encounter_id, ack.action, expected_seq=ack.seq - 1)
    crowded = store.history(encounter_id)
    quiet = store.history(alone.encounter_id)
    assert [events_json(e.events) for e in quiet] == [events_json(e.events) for e in crowded]
    assert (
        store.load(alone.encounter_id).encounter.state == store.load(encounter_id).encounter.state
    )
    assert_replays(store, encounter_id)
