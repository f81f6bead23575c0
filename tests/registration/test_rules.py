"""The pure rules: no database."""

from registration import rules


def test_fold_ignores_case_accents_and_spacing():
    assert rules.fold("  Jörg  Maier ", "WIEN") == rules.fold("jorg maier", "wien")
    assert rules.fold("Jörg Maier", "Wien") != rules.fold("Jörg Maier", "Linz")


def test_gets_place_counts_every_entry():
    assert rules.gets_place(8, 6, 2)
    assert not rules.gets_place(8, 7, 2)


def test_moving_up_is_strictly_in_order():
    # the first waiting wants 3 but 2 are free: nobody behind him jumps the queue
    assert rules.moving_up(8, 6, [3, 1, 1]) == 0
    assert rules.moving_up(8, 5, [3, 1, 1]) == 1
    assert rules.moving_up(8, 4, [1, 1, 1]) == 3


def test_parse_codes():
    card = rules.parse_code("https://club.example/t/12/?karte=7")
    assert (card.kind, card.tournament, card.number) == ("entry", 12, 7)
    token = "A" * 32
    reg = rules.parse_code(f"http://127.0.0.1:8000/anmeldung/r/{token}/")
    assert (reg.kind, reg.token) == ("registration", token)
    assert rules.parse_code(" 17 ") == rules.Code("entry", number=17)
    assert rules.parse_code("#5").number == 5
    assert rules.parse_code(token).token == token
    for bad in ("", "hello", "https://example.com/", "x" * 600, "1" * 12):
        assert rules.parse_code(bad) is None, bad
