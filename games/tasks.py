"""Work that does not belong in a request (Django's tasks framework, ``django.tasks``):
the computer's moves and the replay analysis. The embedded default queues them in the
database; ``python manage.py db_worker`` works them off (``./dev.sh start`` runs one)."""

from django.tasks import task


@task()
def computer_move(match_pk: int, seq: int) -> int:
    """The computer answers in a match where it is its turn at move ``seq``."""
    from games.services.play import computer_moves

    return computer_moves(match_pk, seq)


@task()
def analyse_game(game_pk: int) -> bool:
    """The solver's verdict on every decision of a finished game, stored on the game."""
    from games.models import Game
    from games.services.replay import game_analysis

    game = Game.objects.select_related("match").filter(pk=game_pk).first()
    if game is None or game.analysis is not None:
        return False
    game_analysis(game)
    return True


@task()
def table_computer_move(match_pk: int, seq: int) -> int:
    """The computer's seats move at a table of three or four where one is to move."""
    from games.services.tables import computer_moves

    return computer_moves(match_pk, seq)
