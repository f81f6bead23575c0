"""Bauernschnapsen and Talonschnapsen at a table: the parts that know every game of
three and four, and the computer players.

Above :mod:`engine.bauern`, :mod:`engine.talon` (the games) and :mod:`engine.ai` (the
searching players), which stand on :mod:`engine.multi` (what the games share):

:mod:`.record`
    game and match records of either game as JSON, and their replay (the game is told
    by the record's format).
:mod:`.table`
    :class:`~.table.MultiTable`, a match of either game at a table: turns checked, the
    score, the record to store and resuming from it.
:mod:`.bots`
    the computer players by name (``make_multi_bot``: random, rule, medium, strong) and
    ``play_multi_game``.
:mod:`.cli`
    the ``replay`` and ``selfplay`` commands of these games (``python -m engine``).

The package imports none of its parts, so that the records and the table load without
the computer players (``python -m engine`` loads :mod:`.cli` only when a game of three
or four is asked for).
"""
