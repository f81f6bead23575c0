"""Signals of the games app, within it.

``computer_to_move``: it is the computer's turn in ``match`` (a two-player match or a
table), just after a move was stored and pushed. ``games.receivers`` queues the task
that lets it move (``games.tasks``), so the services that store moves do not import the
tasks that call them back.
"""

from django.dispatch import Signal

computer_to_move = Signal()
