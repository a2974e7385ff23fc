"""The religious struggle and the New World (RULES.md Part III, §16–§23): the board's
religious facts (:mod:`oddsengine.religion.records`) and the specs of its procedures,
pure and validated like :mod:`oddsengine.combat` and :mod:`oddsengine.moves`."""
