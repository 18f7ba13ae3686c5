"""Documents of every kind from seeded play under every preset (shared by the schema tests)."""

from __future__ import annotations

import functools
from typing import Any

import attrs

from romme import (
    PRESETS,
    Bot,
    GameRecord,
    GreedyBot,
    MatchScoring,
    PointsTable,
    RandomBot,
    Rules,
    StockExhausted,
    apply,
    new_match,
    to_dict,
    view,
)

TABLE = PointsTable(
    went_out=25, hand_romme=50, not_opened=-10, opened=[(20, 10), (None, 0)], sat_out=5
)
"""A tournament points table of the caller's (the DRoV one is not published)."""

HOUSE = attrs.evolve(
    PRESETS["classic"],
    opening_threshold=35,
    ace_wraps=True,
    stock_exhausted=StockExhausted.RESHUFFLE,
    max_reshuffles=1,
    not_opened_penalty=100,
)
"""Rules that are no preset, so that their documents list the fields that differ."""


def _bots(players: int, seed: int) -> list[Bot]:
    return [GreedyBot() if seat % 2 else RandomBot(seed + seat) for seat in range(players)]


def _play(rules: Rules, players: int, seed: int, rounds: int) -> list[dict[str, Any]]:
    """Every document of a short seeded match: states, views, actions, melds, records, results."""
    table = TABLE if rules.match_scoring is MatchScoring.TOURNAMENT else None
    match = new_match(rules, players, seed=seed, rounds=rounds, points_table=table)
    documents = [to_dict(rules), to_dict(match)]
    bots = _bots(players, seed)
    step = 0
    while match.state is not None:
        state = match.state
        if step == 0:
            record = GameRecord.start(state)
        seat = state.current_player
        action = bots[seat].choose(view(state, seat))
        if step % 9 == 0:
            documents.append(to_dict(state))
            documents.extend(to_dict(view(state, other)) for other in range(players))
        documents.append(to_dict(action))
        record = record.add(action)
        after = apply(state, action)
        step += 1
        if after.result is not None:
            documents.append(to_dict(after))
            documents.extend(to_dict(view(after, other)) for other in range(players))
            documents.append(to_dict(after.result))
            documents.extend(to_dict(entry.meld) for entry in after.table)
            documents.extend(to_dict(card) for card in after.discard_pile[-3:])
            documents.append(to_dict(record))
            step = 0
        match = match.advance(after)
        if step == 0:
            documents.append(to_dict(match))
    return documents


@functools.cache
def played_documents() -> tuple[dict[str, Any], ...]:
    """Documents from seeded matches under every preset and a house variant."""
    documents: list[dict[str, Any]] = []
    for index, rules in enumerate((*PRESETS.values(), HOUSE)):
        documents.extend(_play(rules, 3 + index % 2, seed=100 + index, rounds=2))
    return tuple(documents)
