"""The web table's reply says what the staged melds count and miss as the rules' opening says (rules §5).

The page once showed the staged melds' sum against the threshold and
"enough" once the sum reached it: wrong without ``opening_sums_melds``
(a variant of DRoV Nr. 4a: one meld alone must reach it) and under
``opening_requires_run`` (the cardgames.zone §10 variant). It now reads
`Rules.opening`.
"""

from __future__ import annotations

from typing import Any

import attrs

from romme import PRESETS, GameState, Phase, Rules, apply, new_match, parse_action
from tests.scenarios._helpers import position
from tests.web._helpers import need_web

CLASSIC = PRESETS["classic"]


def _reply_after(rules: Rules, cards: str, *melds: str) -> dict[str, Any]:
    """Seat 0, a person at a table of three, stages `melds` in its play phase; return its reply's ``staged``."""
    need_web()
    from romme.web.game import Seat, Table, reply

    state: GameState = position(
        rules,
        hands=[cards, "2♣ 7♦ 9♠ Q♦ 4♥", "3♣ 6♦ 10♠ K♦ 5♠"],
        phase=Phase.PLAY,
        dealer=2,
    )
    for meld in melds:
        state = apply(state, parse_action(f"meld {meld}"))
    match = attrs.evolve(new_match(rules, 3, seed=0, dealer=2), state=state)
    table = Table(
        preset="classic", seats=(Seat(True, "0" * 64), Seat(False), Seat(False)), match=match
    )
    staged: dict[str, Any] = reply(table, "game", 0)["staged"]
    return staged


def test_without_summing_the_page_counts_the_best_meld_alone_DRoV_Nr_4a_variant() -> None:
    """Without ``opening_sums_melds`` (DRoV Nr. 4a variant) 24 and 29 staged are 29 of 40, and one meld of 40 is missing, not "enough"."""
    rules = attrs.evolve(CLASSIC, opening_threshold=40, opening_sums_melds=False)
    staged = _reply_after(rules, "8♣ 8♥ 8♠ 9♣ 10♣ J♣ 10♥ J♥ Q♥ K♥ 2♦", "8♣ 8♥ 8♠", "9♣ 10♣ J♣")
    assert staged == {
        "opened": False,
        "value": 29,
        "threshold": 40,
        "missing": 11,
        "run_missing": False,
        "needs": "one meld of 40",
        "opening": "40 in one meld",
    }


def test_a_required_run_is_missing_on_the_page_cardgames_zone_10() -> None:
    """cardgames.zone §10 variant: two sets worth 63 staged towards an opening of 40 still miss a run."""
    rules = attrs.evolve(CLASSIC, opening_threshold=40, opening_requires_run=True)
    staged = _reply_after(rules, "K♣ K♥ K♠ A♣ A♥ A♠ 3♦ 4♦ 5♦ 2♠", "K♣ K♥ K♠", "A♣ A♥ A♠")
    assert staged == {
        "opened": False,
        "value": 63,
        "threshold": 40,
        "missing": 0,
        "run_missing": True,
        "needs": "a run",
        "opening": "40 with a run",
    }


def test_once_opened_nothing_is_missing_DRoV_Nr_6() -> None:
    """cardgames.zone §10 variant: the run completes the opening; the page says opened, nothing missing."""
    rules = attrs.evolve(CLASSIC, opening_threshold=40, opening_requires_run=True)
    staged = _reply_after(
        rules, "K♣ K♥ K♠ A♣ A♥ A♠ 3♦ 4♦ 5♦ 2♠", "K♣ K♥ K♠", "A♣ A♥ A♠", "3♦ 4♦ 5♦"
    )
    assert staged["opened"] is True
    assert (staged["missing"], staged["run_missing"], staged["needs"]) == (0, False, None)
