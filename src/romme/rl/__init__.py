"""Reinforcement learning (bestärkendes Lernen): integer actions, masks, observations and environments.

Nothing heavy is imported here; each adapter is its own module and needs
its extra:

- `romme.rl.spaces`: `ActionSpace`, the fixed action ids of one `Rules`
  and their legality mask (``[rl]``: numpy);
- `romme.rl.observation`: `Observation`, a fixed-shape array and a stable
  string of a `PlayerView` (``[rl]``);
- `romme.rl.pettingzoo`: the PettingZoo AEC environment ``env(...)``
  (``[rl]``);
- `romme.rl.gym`: a Gymnasium single-agent environment against bots
  (``[rl]``);
- `romme.rl.openspiel`: the OpenSpiel game ``python_romme``, registered on
  import (``[openspiel]``).
"""

from __future__ import annotations

__all__: list[str] = []
