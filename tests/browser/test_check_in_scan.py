"""The desk's check-in in a real browser: Chromium's fake camera shows a printed entry
card's QR code (a y4m video made from the card's code), the page reads it with jsQR and
the entry is present and paid (once, while the card stays in view); shown again it
says "schon eingecheckt"; without the
camera, a typed number is checked in, and a cancelled card says "storniert"."""

from pathlib import Path

import pytest
from django.urls import reverse

from registration.models import CheckIn
from tests.browser.conftest import CHROMIUM, LAUNCH_ARGS, STAFF_PASSWORD, STAFF_USER
from tests.tournaments.helpers import make_tournament
from tournaments import services
from tournaments.models import Entry
from tournaments.printing.qr import qr_modules

WIDTH, HEIGHT = 640, 480


def write_y4m(path: Path, text: str, frames: int = 10) -> None:
    """A still video of the QR code of ``text`` (black on white, its quiet zone), as
    Chromium's --use-file-for-fake-video-capture reads it (YUV 4:2:0)."""
    modules = qr_modules(text)
    n = len(modules) + 8  # with the quiet zone
    scale = min(WIDTH, HEIGHT) * 8 // 10 // n
    left, top = (WIDTH - n * scale) // 2, (HEIGHT - n * scale) // 2
    luma = bytearray(b"\xeb" * (WIDTH * HEIGHT))  # white
    for r, row in enumerate(modules):
        for c, dark in enumerate(row):
            if dark:
                y0, x0 = top + (r + 4) * scale, left + (c + 4) * scale
                for y in range(y0, y0 + scale):
                    luma[y * WIDTH + x0 : y * WIDTH + x0 + scale] = b"\x10" * scale
    chroma = b"\x80" * (WIDTH // 2 * HEIGHT // 2)
    with path.open("wb") as out:
        out.write(f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode())
        for _ in range(frames):
            out.write(b"FRAME\n" + bytes(luma) + chroma + chroma)


@pytest.fixture
def camera_page(tmp_path, playwright):
    """A page whose camera shows the file ``tmp_path/camera.y4m`` (written by the test
    before it asks for the page): its own Chromium, from the session's Playwright."""
    video = tmp_path / "camera.y4m"

    def launch():
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            headless=True,
            args=LAUNCH_ARGS
            + [
                "--use-fake-ui-for-media-stream",
                "--use-fake-device-for-media-stream",
                f"--use-file-for-fake-video-capture={video}",
            ],
        )
        context = browser.new_context(locale="de-AT", viewport={"width": 1280, "height": 900})
        context.grant_permissions(["camera"])
        context.set_default_timeout(15_000)
        return browser, context.new_page()

    opened = []

    def page():
        browser, p = launch()
        opened.append(browser)
        return p

    yield video, page
    for browser in opened:
        browser.close()


def _login(page, live_server):
    page.goto(live_server.url + "/accounts/login/")
    page.fill("#id_username", STAFF_USER)
    page.fill("#id_password", STAFF_PASSWORD)
    page.click("main button[type=submit]")
    page.wait_for_url(live_server.url + "/staff/")


def test_scanning_a_printed_card_checks_it_in(camera_page, live_server, staff_user):
    t = make_tournament(16, entries=[1, 1, 1])  # entry 1 is not paid (make_tournament)
    entry = Entry.objects.get(tournament=t, number=1)
    assert not entry.paid
    video, new_page = camera_page
    # the card's code as printed: the public page with its number
    write_y4m(video, f"{live_server.url}/t/{t.pk}/?karte=1")
    page = new_page()
    _login(page, live_server)
    page.goto(live_server.url + reverse("staff:entries", args=[t.pk]))
    page.click("#scan-start")
    page.wait_for_selector("#scan-result[data-code=ok]")
    assert "anwesend" in page.inner_text("#scan-result")
    entry.refresh_from_db()
    assert entry.paid and CheckIn.objects.filter(entry=entry).exists()
    # the card held in front of the camera is sent once, not again and again
    page.wait_for_timeout(1500)
    assert page.locator("#scan-log li").count() == 1
    # shown again (typed at the desk): it is already checked in
    page.fill("#check-in-code", "1")
    page.press("#check-in-code", "Enter")
    page.wait_for_selector("#scan-result[data-code=already]")
    assert "schon eingecheckt" in page.inner_text("#scan-result")
    assert CheckIn.objects.filter(entry__tournament=t).count() == 1


def test_a_card_of_another_tournament_and_typed_numbers(camera_page, live_server, staff_user):
    t = make_tournament(16, entries=[1, 1, 1])
    other = make_tournament(16, entries=[1], name="Herbstschnapsen")
    services.cancel_entry(Entry.objects.get(tournament=t, number=2))
    video, new_page = camera_page
    write_y4m(video, f"{live_server.url}/t/{other.pk}/?karte=1")
    page = new_page()
    _login(page, live_server)
    page.goto(live_server.url + reverse("staff:entries", args=[t.pk]))
    page.click("#scan-start")
    page.wait_for_selector("#scan-result[data-code=other]")
    assert "Karte eines anderen Turniers (Herbstschnapsen)" in page.inner_text("#scan-result")
    page.click("#scan-stop")
    # the fallback without a camera: the number typed
    page.fill("#check-in-code", "2")
    page.press("#check-in-code", "Enter")
    page.wait_for_selector("#scan-result[data-code=cancelled]")
    assert "storniert" in page.inner_text("#scan-result")
    page.fill("#check-in-code", "3")
    page.press("#check-in-code", "Enter")
    page.wait_for_selector("#scan-result[data-code=ok]")
    assert CheckIn.objects.filter(entry__tournament=t, entry__number=3).exists()


def test_register_on_a_phone_then_scan_the_confirmation(camera_page, live_server, staff_user):
    import datetime

    from django.utils import timezone

    from registration import services as registration
    from registration.models import Registration

    t = make_tournament(16, entries=[1])
    registration.save_terms(t, open=True, closes_at=timezone.now() + datetime.timedelta(days=1))
    video, new_page = camera_page
    write_y4m(video, "nothing yet")  # each page is its own browser: its camera file now
    page = new_page()
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(live_server.url + reverse("registration:register", args=[t.pk]))
    page.fill("#id_name", "Vroni Vorab")
    page.fill("#id_town", "Melk")
    page.fill("#id_count", "2")
    page.check("#id_consent")
    page.wait_for_timeout(3200)  # a person takes longer than the minimum fill time
    page.click("#registration-form button[type=submit]")
    page.wait_for_selector("#private-link")
    assert "Danke" in page.inner_text("main")
    # the page fits the phone: no sideways scrolling
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    r = Registration.objects.get(tournament=t)
    link = page.inner_text("#private-link")
    assert r.token in link
    # at the desk the confirmation's code is scanned: sold, paid, present
    write_y4m(video, link)
    desk = new_page()
    _login(desk, live_server)
    desk.goto(live_server.url + reverse("staff:entries", args=[t.pk]))
    assert "Vroni Vorab" in desk.inner_text("#registered-list")
    desk.click("#scan-start")
    desk.wait_for_selector("#scan-result[data-code=ok]")
    assert "Vroni Vorab" in desk.inner_text("#scan-result")
    assert CheckIn.objects.filter(entry__tournament=t, entry__paid=True).count() == 2
