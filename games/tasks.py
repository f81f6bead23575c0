"""Work that does not belong in a request (Django's tasks framework, ``django.tasks``):
the computer's moves (queued when it is its turn: ``signals.computer_to_move``, connected
in ``games.receivers``) and the replay analysis. The embedded default queues them in the
database; ``python manage.py db_worker`` works them off (``./dev.sh start`` runs one)."""

from django.tasks import task

from .models import Game
from .services import play, tables
from .services.replay import game_analysis


@task()
def computer_move(match_pk: int, seq: int) -> int:
    """The computer answers in a match where it is its turn at move ``seq``."""
    return play.computer_moves(match_pk, seq)


@task()
def analyse_game(game_pk: int) -> bool:
    """The solver's verdict on every decision of a finished game, stored on the game."""
    game = Game.objects.select_related("match").filter(pk=game_pk).first()
    if game is None or game.analysis is not None:
        return False
    game_analysis(game)
    return True


@task()
def table_computer_move(match_pk: int, seq: int) -> int:
    """The computer's seats move at a table of three or four where one is to move."""
    return tables.computer_moves(match_pk, seq)
