"""A rule-of-thumb Wizards & Co. player: it reads only its own view."""

from __future__ import annotations

import random

from tablekit.wizards.state import WizardsState


def choose(view: WizardsState, legal: list, rng: random.Random):
    """Placeholder until the heuristic below is written: the first option."""
    return legal[0]
