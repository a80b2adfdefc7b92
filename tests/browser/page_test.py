#!/usr/bin/python3
"""kifu serve's web page in a real browser: Debian's headless Chromium, driven by Selenium
through chromedriver, types a HEN, a FEN and a PGN, and a broken notation, and checks what
the page shows (the board image, the format, the errors, the conversions, the ply slider,
the share links, a Go problem solved by clicking the board). Screenshots go to OUT_DIR.

    tests/browser/page_test.py KIFU_BINARY OUT_DIR

Exit 0 when every check passes, 1 when one fails, 77 (ctest's skip) when Chromium or its
driver cannot start here, with the reason.
"""
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SKIP = 77


def skip(why):
    print(f"SKIP: {why}")
    sys.exit(SKIP)


def start_server(kifu, log_dir):
    err_path = os.path.join(log_dir, "serve.stderr")
    err = open(err_path, "w")
    proc = subprocess.Popen([kifu, "serve", "--port", "0", "--access-log", os.path.join(log_dir, "access.log")],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err)
    for _ in range(300):
        text = open(err_path).read()
        m = re.search(r"listening on (http://127\.0\.0\.1:\d+/)", text)
        if m:
            return proc, m.group(1)
        if proc.poll() is not None:
            break
        time.sleep(0.02)
    proc.kill()
    sys.exit(f"kifu serve did not start: {open(err_path).read()}")


def main():
    kifu, out_dir = sys.argv[1], sys.argv[2]
    os.makedirs(out_dir, exist_ok=True)
    try:
        from selenium import webdriver
        from selenium.common.exceptions import WebDriverException, TimeoutException
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        from selenium.webdriver.support.ui import WebDriverWait
    except ImportError as e:
        skip(f"python3-selenium is not installed ({e}); scripts/install-deps test installs it")
    chromium = shutil.which("chromium")
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    if not chromium or not os.path.exists(driver_path):
        skip("Debian's chromium and chromium-driver are not installed; scripts/install-deps test installs them")

    work = tempfile.mkdtemp(prefix="kifu-browser-")
    server, base = start_server(kifu, work)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", "--window-size=1280,1000", f"--user-data-dir={work}/profile"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(service=Service(driver_path), options=options)
    except WebDriverException as e:
        server.send_signal(signal.SIGTERM)
        server.wait(10)
        skip(f"Chromium cannot start here: {str(e).splitlines()[0]}")

    failures = []

    def check(condition, what):
        print(("ok   " if condition else "FAIL ") + what)
        if not condition:
            failures.append(what)

    def wait(what, predicate, seconds=20):
        try:
            WebDriverWait(driver, seconds).until(lambda d: predicate())
            return True
        except TimeoutException:
            check(False, f"{what} (waited {seconds} s)")
            return False

    def board_shows(fragment):
        # The image is loaded and drawn (naturalWidth), and its URL holds the notation.
        return driver.execute_script(
            "const b = document.getElementById('board');"
            "return !b.hidden && b.complete && b.naturalWidth > 0 && decodeURIComponent(b.src).includes(arguments[0]);",
            fragment)

    def type_notation(text):
        area = driver.find_element(By.ID, "notation")
        area.clear()
        driver.execute_script("document.getElementById('notation').dispatchEvent(new Event('input'));")
        area.send_keys(text)

    status = lambda: driver.find_element(By.ID, "status").text
    try:
        driver.get(base)
        check(driver.title.startswith("kifu"), "the page loads")
        wait("the format list comes from the registry",
             lambda: len(driver.find_elements(By.CSS_SELECTOR, "#from option")) > 20)

        hen = ".9x9_5Gb_4G~3_3E~1b~2~4_2Fw.H3w.b"
        type_notation(hen)
        if wait("a HEN draws its board", lambda: board_shows(hen)):
            check("hen" in status() and "valid" in status(), f"the HEN is detected and valid: {status()!r}")
            rows = driver.find_elements(By.CSS_SELECTOR, "#conversions td.name")
            check(any(r.text == "sgf" for r in rows), "the HEN converts to SGF")
            check("/image.png?" in driver.find_element(By.ID, "image-link").get_attribute("value"),
                  "the image link is a PNG URL")
            driver.save_screenshot(os.path.join(out_dir, "page-hen.png"))

        fen = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"
        type_notation(fen)
        if wait("a FEN draws its board", lambda: board_shows("r1bqkbnr/pppp1ppp/2n5")):
            check(status().startswith("fen · chess"), f"the FEN is detected: {status()!r}")
            texts = [e.text for e in driver.find_elements(By.CSS_SELECTOR, "#conversions pre")]
            check(any(t.startswith("+r1bq+k") for t in texts), "the FEN converts to FEEN")
            driver.find_element(By.ID, "coordinates").click()
            wait("coordinates redraw the board", lambda: board_shows("coordinates=1"))
            driver.save_screenshot(os.path.join(out_dir, "page-fen.png"))

        driver.find_element(By.CSS_SELECTOR, ".examples button[data-from=pgn]").click()
        if wait("a PGN draws its last position", lambda: board_shows("ply=33")):
            check(driver.find_element(By.ID, "ply-box").is_displayed(), "a record has a ply slider")
            driver.execute_script(
                "const s = document.getElementById('plies'); s.value = 10; s.dispatchEvent(new Event('input'));")
            wait("the slider moves the board to ply 10", lambda: board_shows("ply=10"))
            check(driver.find_element(By.ID, "ply-label").text == "10 of 33", "the slider says the ply")
            driver.save_screenshot(os.path.join(out_dir, "page-pgn.png"))

        type_notation(".9x9_5Gz_4Gb")
        if wait("an error is shown for a broken HEN",
                lambda: len(driver.find_elements(By.CSS_SELECTOR, "#errors li")) > 0):
            first = driver.find_element(By.CSS_SELECTOR, "#errors li")
            check(first.text.startswith("1:8: expected"), f"the error has its line and column: {first.text!r}")
            check("^" in first.text, "the error points at its column")
            check("error" in status(), f"the status says there are errors: {status()!r}")
            first.click()
            caret = driver.execute_script("return document.getElementById('notation').selectionStart")
            check(caret == 7, f"clicking the error puts the caret at column 8 (offset {caret})")
            driver.save_screenshot(os.path.join(out_dir, "page-error.png"))

        # A Go problem: the page offers problem mode; a wrong first move gets its refutation,
        # a right one is told right, each by clicking the board's points.
        problem_sgf = "(;AB[ab][bb][cb][db][da]AW[ac][bc][cc][dc][ec][eb][ea]C[White to kill](;W[ba]C[RIGHT])(;W[aa];B[ba]))"
        type_notation(problem_sgf)
        problem_status = lambda: driver.find_element(By.ID, "problem-status").text

        def click_point(sgf_point):
            # The pixel of an SGF point, from the grid the page read off the board's SVG,
            # as an offset from the image's centre (Selenium's origin).
            offset = driver.execute_script(
                "const img = document.getElementById('board'); const g = JSON.parse(img.dataset.grid);"
                "const letters = 'abcdefghijklmnopqrstuvwxyz';"
                "const x = g.xs[letters.indexOf(arguments[0][0])] * img.clientWidth / g.width;"
                "const y = g.ys[letters.indexOf(arguments[0][1])] * img.clientHeight / g.height;"
                "return [Math.round(x - img.clientWidth / 2), Math.round(y - img.clientHeight / 2)];", sgf_point)
            ActionChains(driver).move_to_element_with_offset(driver.find_element(By.ID, "board"), *offset).click().perform()

        if wait("a Go problem offers problem mode", lambda: driver.find_element(By.ID, "problem-box").is_displayed()):
            check(problem_status().startswith("White to play: goproblems (detected), 1 right first move, 1 wrong"),
                  f"the problem box says who plays and how its answers are marked: {problem_status()!r}")
            driver.find_element(By.ID, "problem-start").click()
            wait("problem mode draws the start", lambda: board_shows("PL[W])"))
            driver.save_screenshot(os.path.join(out_dir, "page-problem-start.png"))
            click_point("ca")
            wait("a move not among the answers is wrong", lambda: problem_status().startswith("Not among the answers"))
            click_point("aa")
            wait("a wrong move gets its reply and is told wrong",
                 lambda: problem_status().startswith("Wrong") and board_shows(";W[aa];B[ba])"))
            driver.save_screenshot(os.path.join(out_dir, "page-problem-wrong.png"))
            driver.find_element(By.ID, "problem-restart").click()
            wait("restart goes back to the start", lambda: board_shows("PL[W])") and "to play" in problem_status())
            click_point("ba")
            wait("the right move is told right", lambda: problem_status() == "Right: solved.")
            check(board_shows(";W[ba])"), "the board shows the right move")
            driver.save_screenshot(os.path.join(out_dir, "page-problem-right.png"))
            driver.find_element(By.ID, "problem-leave").click()
            wait("leaving problem mode shows the record again", lambda: board_shows("ply="))

        page_link = driver.find_element(By.ID, "page-link").get_attribute("value")
        check("#" in page_link and "text=" in page_link, "the page link carries the notation")
        # The shared link opens the page with the notation in it.
        driver.get(base + "#" + "from=&text=" + "4k3%2F8%2F8%2F8%2F8%2F8%2F8%2F4K3+w+-+-+0+1")
        wait("a shared link shows its position", lambda: board_shows("4k3/8/8/8/8/8/8/4K3"))

        severe = [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
        check(not severe, f"no errors in the console: {severe}")
    finally:
        driver.quit()
        server.send_signal(signal.SIGTERM)
        code = server.wait(15)
        check(code == 0, f"kifu serve stops on SIGTERM with 0 (got {code})")
        shutil.rmtree(work, ignore_errors=True)

    print(f"screenshots in {out_dir}")
    if failures:
        print(f"{len(failures)} checks failed")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
