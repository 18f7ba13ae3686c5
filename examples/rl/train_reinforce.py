"""Train a linear softmax policy with REINFORCE (numpy only) and measure it against RandomBot.

The policy scores every legal action by a linear function of a few
features of the action in the player's view (its kind, the cards and
penalty points it puts on the table, the penalty and the partners in hand
of a discarded card) and picks by softmax. It plays heads-up rounds under
the ``ass`` rules against `romme.RandomBot`; the reward is minus its
penalty points over 100 (`romme.rl.rewards.Rewards`). After training it
plays fresh rounds and prints its margin over RandomBot, the mean of
(RandomBot's penalty - its penalty) per round, with a 95 % confidence
interval, and its share of rounds won.

Run: ``python examples/rl/train_reinforce.py`` (a few minutes on two
cores); ``--episodes 4 --rounds 4`` for a smoke run.
"""

from __future__ import annotations

import argparse
import math
import random
from typing import TYPE_CHECKING

try:
    import numpy as np
except ModuleNotFoundError as missing:
    raise SystemExit(
        f"this example needs the [rl] extra: pip install 'romme-rules[rl]' ({missing})"
    ) from None

from romme import (
    Action,
    Card,
    Discard,
    Draw,
    GameState,
    LayDown,
    LayOff,
    PlayerView,
    RandomBot,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    apply,
    card_penalty,
    find_rules,
    legal_actions,
    new_game,
    view,
)
from romme.rl.rewards import Rewards

if TYPE_CHECKING:
    from numpy.typing import NDArray

RULES = find_rules("ass")
KINDS = (Draw, TakeDiscard, LayDown, LayOff, SwapJoker, TakeBack, Discard)
FEATURES = len(KINDS) + 6
MAX_ACTIONS = 3000


def _placed(action: Action) -> tuple[Card, ...]:
    """The hand cards `action` puts on the table."""
    if isinstance(action, TakeDiscard):
        return () if action.use is None else _placed(action.use)
    if isinstance(action, LayDown | LayOff):
        return action.cards
    if isinstance(action, SwapJoker):
        return (action.card, *(() if action.then is None else _placed(action.then)))
    return ()


def _partners(card: Card, hand: tuple[Card, ...]) -> int:
    if card.is_joker:
        return 4
    assert card.rank is not None
    return sum(
        1
        for other in hand
        if other is not card
        and not other.is_joker
        and other.rank is not None
        and (
            other.rank == card.rank
            or (other.suit == card.suit and abs(int(other.rank) - int(card.rank)) <= 2)
        )
    )


def features(seen: PlayerView, action: Action) -> NDArray[np.float64]:
    """The feature vector of `action` in `seen`."""
    phi = np.zeros(FEATURES)
    phi[KINDS.index(type(action))] = 1.0
    placed = _placed(action)
    k = len(KINDS)
    phi[k] = len(placed) / 5
    phi[k + 1] = sum(card_penalty(card, RULES) for card in placed) / 50
    if isinstance(action, Discard):
        phi[k + 2] = card_penalty(action.card, RULES) / 20
        phi[k + 3] = float(action.card.is_joker)
        phi[k + 4] = _partners(action.card, seen.hand) / 4
    phi[k + 5] = float(seen.opened[seen.player]) * float(bool(placed))
    return phi


class LinearPolicy:
    """Softmax over the legal actions of θ · features."""

    def __init__(self, seed: int) -> None:
        self.theta = np.zeros(FEATURES)
        self.random = np.random.default_rng(seed)

    def act(self, seen: PlayerView, learn: bool) -> tuple[Action, NDArray[np.float64]]:
        """Return the action drawn and the gradient of its log-probability."""
        actions = legal_actions(seen)
        phis = np.stack([features(seen, action) for action in actions])
        logits = phis @ self.theta
        probs = np.exp(logits - logits.max())
        probs /= probs.sum()
        if learn:
            choice = int(self.random.choice(len(actions), p=probs))
        else:
            choice = int(np.argmax(logits + self.random.gumbel(size=len(actions)) * 0.1))
        return actions[choice], phis[choice] - probs @ phis


def play(policy: LinearPolicy, seed: int, learn: bool) -> tuple[int, int, NDArray[np.float64]]:
    """Play one round, the policy at seat 0; return both penalties and the summed gradient."""
    state: GameState = new_game(RULES, 2, seed=seed, dealer=seed % 2)
    opponent = RandomBot(seed=seed)
    gradient = np.zeros(FEATURES)
    for _ in range(MAX_ACTIONS):
        if state.is_over:
            break
        seen = view(state, state.current_player)
        if state.current_player == 0:
            action, grad = policy.act(seen, learn)
            gradient += grad
        else:
            action = opponent.choose(seen)
        state = apply(state, action)
    if state.result is None:
        return 0, 0, gradient
    mine, theirs = state.result.penalties
    return mine, theirs, gradient


def train(policy: LinearPolicy, episodes: int, seed: int, rate: float = 0.05) -> None:
    """REINFORCE with a running-mean baseline."""
    rewards = Rewards()
    baseline = 0.0
    for episode in range(episodes):
        mine, _, gradient = play(policy, seed + episode, learn=True)
        reward = -mine / rewards.scale
        policy.theta += rate * (reward - baseline) * gradient
        baseline += 0.05 * (reward - baseline)


def margin(policy: LinearPolicy, rounds: int, seed: int) -> tuple[float, float, float]:
    """Mean (RandomBot's penalty - the policy's) per round, its 95 % half-width, and the win share."""
    diffs, wins = [], 0
    for r in range(rounds):
        mine, theirs, _ = play(policy, seed + r, learn=False)
        diffs.append(theirs - mine)
        wins += mine < theirs
    mean = float(np.mean(diffs))
    half = 1.96 * float(np.std(diffs, ddof=1)) / math.sqrt(len(diffs)) if rounds > 1 else math.inf
    return mean, half, wins / rounds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=2000, help="training rounds")
    parser.add_argument("--rounds", type=int, default=400, help="evaluation rounds")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    random.seed(args.seed)
    untrained = LinearPolicy(args.seed)
    before, before_half, _ = margin(untrained, min(args.rounds, 50), 10_000_000)
    policy = LinearPolicy(args.seed)
    train(policy, args.episodes, args.seed)
    mean, half, wins = margin(policy, args.rounds, 10_000_000)
    print(f"untrained (uniform) policy vs RandomBot: margin {before:+.1f} ± {before_half:.1f}")
    print(
        f"after {args.episodes} REINFORCE rounds vs RandomBot over {args.rounds} new rounds: "
        f"margin {mean:+.1f} ± {half:.1f} penalty points per round (95 % CI), "
        f"{wins:.0%} of rounds won"
    )
    print("weights:", " ".join(f"{w:+.2f}" for w in policy.theta))


if __name__ == "__main__":
    main()
