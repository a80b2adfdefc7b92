#!/usr/bin/python3
"""kifu serve's web page in a real browser: Debian's headless Chromium, driven by Selenium
through chromedriver, types a HEN, a FEN and a PGN, and a broken notation, and checks what
the page shows (the board image, the format, the errors, the conversions, the ply slider,
the share links, a Go problem solved by clicking the board). Screenshots go to OUT_DIR.

    tests/browser/page_test.py KIFU_BINARY OUT_DIR

Exit 0 when every check passes, 1 when one fails, 77 (ctest's skip) when Chromium or its
driver cannot start here, with the reason.
"""
import base64
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
        from selenium.common.exceptions import (StaleElementReferenceException, TimeoutException,
                                                WebDriverException)
        from selenium.webdriver.chrome.service import Service
        from selenium.webdriver.common.action_chains import ActionChains
        from selenium.webdriver.common.by import By
        from selenium.webdriver.common.keys import Keys
        from selenium.webdriver.support.ui import Select
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
            WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,)).until(
                lambda d: predicate())
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

        body = lambda: driver.find_element(By.TAG_NAME, "body")
        ply_label = lambda: driver.find_element(By.ID, "ply-label").text
        conversion_texts = lambda: driver.execute_script(
            "return [...document.querySelectorAll('#conversions pre')].map((e) => e.textContent)")
        move_texts = lambda: driver.execute_script(
            "return [...document.querySelectorAll('#moves .move')].map((m) => m.textContent.trim())")

        driver.find_element(By.CSS_SELECTOR, ".examples button[data-from=pgn]").click()
        if wait("a PGN draws its last position", lambda: board_shows("node=33")):
            check(driver.find_element(By.ID, "moves").is_displayed(), "a record has a move list")
            moves = move_texts()
            check(len(moves) == 33 and moves[:3] == ["1. e4", "e5", "2. Nf3"], f"the move list: {moves[:3]}")
            body().send_keys(Keys.HOME)
            for _ in range(10):
                body().send_keys(Keys.ARROW_RIGHT)
            wait("the arrow keys step the board to ply 10", lambda: board_shows("node=10"))
            check(ply_label() == "10 of 33", f"the list says the ply: {ply_label()!r}")
            wait("the conversions follow the node",
                 lambda: any(t.startswith("rn1qkbnr/ppp2ppp/8/4p3/4P3/5Q2/PPP2PPP/RNB1KB1R w") for t in conversion_texts()))
            driver.save_screenshot(os.path.join(out_dir, "page-pgn.png"))

        # A collection: the game picker, a game's moves stepped by key, a variation followed.
        opera = ("1. e4 e5 2. Nf3 d6 3. d4 Bg4 4. dxe5 Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 "
                 "9. Bg5 b5 10. Nxb5 (10. Bxf6 {the quiet way} gxf6) cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 "
                 "13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0")
        collection = "".join(
            f'[Event "Game {i}"]\n[White "White {i}"]\n[Black "Black {i}"]\n[Date "1858.11.0{i}"]\n[Result "1-0"]\n\n'
            + (opera if i == 4 else "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0") + "\n\n" for i in range(1, 7))
        type_notation(collection)
        if wait("a collection has a game picker",
                lambda: len(driver.find_elements(By.CSS_SELECTOR, "#game-picker option")) == 6
                and driver.find_element(By.ID, "game-row").is_displayed()):
            options = [o.text for o in driver.find_elements(By.CSS_SELECTOR, "#game-picker option")]
            check(options[3] == "4. White 4 – Black 4, 1-0, 1858.11.04, 33 moves", f"the picker names the games: {options[3]!r}")
            Select(driver.find_element(By.ID, "game-picker")).select_by_index(3)
            if wait("game 4 is shown", lambda: board_shows("game=4") and len(move_texts()) == 35):
                body().send_keys(Keys.HOME)
                for _ in range(20):
                    body().send_keys(Keys.ARROW_RIGHT)
                wait("move 20 of game 4", lambda: board_shows("node=20") and ply_label() == "20 of 33")
                variation = [m for m in driver.find_elements(By.CSS_SELECTOR, "#moves .variation .move")]
                check([m.text for m in variation] == ["10. Bxf6", "gxf6"], f"the variation is listed: {[m.text for m in variation]}")
                variation[0].click()
                wait("a click follows the variation", lambda: board_shows("node=18.v1"))
                check("the quiet way" in driver.find_element(By.ID, "node-comment").text, "the move's comment is shown")
                body().send_keys(Keys.ARROW_RIGHT)
                wait("the arrow key goes on in the variation", lambda: board_shows("node=18.v1.1"))
                report = driver.execute_script(
                    "return [...document.querySelectorAll('#report tr')].map((r) => r.textContent)")
                check("White 4" in " ".join(report) and any(r.startswith("final") and "checkmate" in r for r in report),
                      f"the game's report is shown: {report}")
                driver.save_screenshot(os.path.join(out_dir, "page-collection.png"))
                share = driver.find_element(By.ID, "page-link").get_attribute("value")
                check("game=4" in share and "node=18.v1.1" in share, "the page link holds the game and the node")
                driver.get("about:blank")
                driver.get(share)
                wait("a shared link reopens at the same game and node",
                     lambda: board_shows("node=18.v1.1") and board_shows("game=4")
                     and driver.find_element(By.CSS_SELECTOR, "#moves .move.current").text == "gxf6")
                driver.set_window_size(375, 900)
                time.sleep(0.5)
                check(driver.find_element(By.ID, "board").location["y"] < driver.find_element(By.ID, "notation").location["y"],
                      "on a narrow screen the board comes first")
                driver.save_screenshot(os.path.join(out_dir, "page-collection-375.png"))
                driver.set_window_size(1280, 1000)

        # An SGF with variations and comments.
        type_notation("(;SZ[9]C[the start];B[ee]C[centre](;W[gc]C[main line])(;W[cg]C[a side line]))")
        if wait("an SGF lists its moves", lambda: move_texts() == ["1. B E5", "2. W G7", "2. W C3"]):
            driver.find_elements(By.CSS_SELECTOR, "#moves .move")[2].click()
            wait("the SGF's variation is shown with its comment",
                 lambda: board_shows("node=1.v1") and driver.find_element(By.ID, "node-comment").text == "a side line")

        # A record with evaluations and clocks: the graph, the readings, a click on the graph.
        evals = ('[White "W"]\n[Black "B"]\n[Result "1-0"]\n\n'
                 "1. e4 { [%eval 0.2] [%clk 0:03:00] } e5 { [%eval 0.3] [%clk 0:02:58] } "
                 "2. Qh5 { [%eval -1.5] [%clk 0:02:55] } Nc6 { a slip [%eval 0.1] [%clk 0:02:50] } "
                 "3. Bc4 { [%eval 0.2] [%clk 0:02:40] } Nf6 { [%eval #1] [%clk 0:02:30] } 4. Qxf7# 1-0\n")
        type_notation(evals)
        graph_shown = lambda: driver.execute_script(
            "const g = document.getElementById('graph'); return !g.hasAttribute('hidden') && g.querySelectorAll('path').length === 2")
        if wait("a record with evaluations draws its graph", graph_shown):
            check(driver.find_element(By.ID, "graph").get_attribute("aria-label").startswith("Evaluation graph of 6 moves"),
                  "the graph is labelled for a screen reader")
            check("[%eval" not in driver.find_element(By.ID, "moves").text, "the comment commands are not shown as text")
            check("a slip" in driver.find_element(By.ID, "moves").text, "the comment's own words are shown")
            clocks = driver.execute_script("return [...document.querySelectorAll('#moves .clock')].map((c) => c.textContent)")
            check(clocks[:3] == ["3:00", "2:58", "2:55"], f"the clocks are shown: {clocks}")
            # A click at 3/7 of the graph's width goes to ply 3 (2. Qh5).
            driver.execute_script(
                "const g = document.getElementById('graph'); g.scrollIntoView({block: 'center'});"
                "const r = g.getBoundingClientRect();"
                "g.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: r.left + r.width * 3 / 7, clientY: r.top + r.height / 2}));")
            wait("a click on the graph goes to its move", lambda: ply_label() == "3 of 7")
            readings = driver.find_element(By.ID, "node-readings").text
            check("evaluation -1.50 (white's side)" in readings and "clock 2:55" in readings,
                  f"the node's readings are shown: {readings!r}")
            here = driver.execute_script("return document.querySelector('#graph .here').getAttribute('x1')")
            check(here == "3", f"the graph marks the move shown: {here!r}")
            driver.save_screenshot(os.path.join(out_dir, "page-graph.png"))
        # The same with a real file: lichess's analysis of Carlsen-Grischuk (chess-library's copy).
        magnus = os.path.join(os.environ.get("KIFU_TESTDATA_DIR", os.path.join(os.path.dirname(__file__), "../../../shared/testdata")),
                              "chess/pgn/chess-library/fuzz-magnus-grischuk.pgn")
        if os.path.exists(magnus):
            driver.find_element(By.ID, "file").send_keys(os.path.abspath(magnus))
            if wait("lichess's analysed game draws its graph", lambda: graph_shown() and len(move_texts()) > 100):
                # Its 40th move (79 plies of 89, before the blunder), reached by a click on the graph.
                driver.execute_script(
                    "const g = document.getElementById('graph'); const r = g.getBoundingClientRect();"
                    "g.dispatchEvent(new MouseEvent('click', {bubbles: true, clientX: r.left + r.width * 79 / 89, clientY: r.top + 5}));"
                    "window.scrollTo(0, 0);")
                wait("the graph's click goes to ply 79", lambda: ply_label() == "79 of 89")
                time.sleep(0.5)
                driver.save_screenshot(os.path.join(out_dir, "page-graph-lichess.png"))
        else:
            print(f"skip lichess's analysed game: {magnus} is absent (../shared/testdata)")
        # Go: Sabaki's win rates, and marks on a node.
        type_notation("(;SZ[9];B[ee]SBKV[55];W[cc]SBKV[48]TR[ee];B[gg]SBKV[70]LB[cc:A])")
        if wait("Sabaki's win rates draw a graph", lambda: move_texts()[:1] == ["1. B E5"] and graph_shown()):
            body().send_keys(Keys.HOME)
            body().send_keys(Keys.ARROW_RIGHT)
            body().send_keys(Keys.ARROW_RIGHT)
            wait("a node's marks and win rate are told",
                 lambda: "black wins 48.0%" in driver.find_element(By.ID, "node-readings").text
                 and "marks: triangle" in driver.find_element(By.ID, "node-readings").text)
            check("marked" in driver.find_element(By.CSS_SELECTOR, "#moves .move.current").get_attribute("class"),
                  "a move with marks is marked in the list")
            driver.save_screenshot(os.path.join(out_dir, "page-graph-go.png"))

        # A xiangqi PGN in its own notation.
        type_notation('[Game "Chinese Chess"]\n[Red "A"]\n[Black "B"]\n[Result "*"]\n[Format "ICCS"]\n\n'
                      "1. h2e2 h9g7 2. h0g2 i9h9 *\n")
        if wait("a xiangqi PGN lists its moves", lambda: move_texts()[:2] == ["1. h2e2", "h9g7"]):
            check(status().startswith("pgn-xiangqi · xiangqi · record"), f"xiangqi's PGN is detected: {status()!r}")
            wait("its board is drawn at the end", lambda: board_shows("node=4"))

        # A file chosen: a 9 KB Shift_JIS KIF, sent as its bytes.
        kif = os.path.join(os.environ.get("KIFU_TESTDATA_DIR", os.path.join(os.path.dirname(__file__), "../../../shared/testdata")),
                           "shogi/records/kifu-for-js/kif/ryuou201409020101.kif")
        if os.path.exists(kif):
            moves = []
            driver.find_element(By.ID, "file").send_keys(os.path.abspath(kif))
            if wait("a Shift_JIS KIF file is read", lambda: status().startswith("kif · shogi · record")):
                check("bytes, sent as they are" in driver.find_element(By.ID, "file-note").text, "the file's bytes were sent")
                moves = move_texts()
                check(len(moves) > 100 and moves[0].startswith("1. "), f"the KIF's moves are listed: {moves[:2]}")
                wait("its board is drawn from the position the service gave", lambda: board_shows("sfen="))
                driver.save_screenshot(os.path.join(out_dir, "page-kif-file.png"))
            # The same game's 38 KB JKF, dropped on the page (a drop event with the file).
            jkf = os.path.join(os.path.dirname(kif), "..", "jkf", "ryuou201409020101.jkf")
            with open(jkf, "rb") as f:
                data = f.read()
            driver.execute_script(
                "const bytes = Uint8Array.from(atob(arguments[0]), (c) => c.charCodeAt(0));"
                "const t = new DataTransfer(); t.items.add(new File([bytes], 'ryuou.jkf'));"
                "document.getElementById('notation').dispatchEvent(new DragEvent('drop', {dataTransfer: t, bubbles: true, cancelable: true}));",
                base64.b64encode(data).decode())
            if wait("a dropped JKF is read", lambda: status().startswith("jkf · shogi · record")):
                jkf_moves = move_texts()
                check(len(jkf_moves) == len(moves) and jkf_moves[0].startswith("1. ７六歩"),
                      f"the JKF lists the KIF's moves in KIF's notation: {jkf_moves[:2]}, {len(jkf_moves)} of {len(moves)}")
                driver.save_screenshot(os.path.join(out_dir, "page-jkf-drop.png"))
        else:
            print(f"skip the KIF file: {kif} is absent (../shared/testdata)")

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
            wait("leaving problem mode shows the record again", lambda: board_shows("node="))

        # A collection of problems over 8 KB (goproblems' 20, tests/data): the game picked is
        # the problem offered.
        gp_dir = os.path.join(os.path.dirname(__file__), "..", "data", "problems", "go", "goproblems")
        gp = "".join(open(os.path.join(gp_dir, f), encoding="utf-8").read() + "\n" for f in sorted(os.listdir(gp_dir)))
        check(len(gp.encode()) > 8192, f"the collection is over 8 KB ({len(gp.encode())} bytes)")
        driver.execute_script("const n = document.getElementById('notation'); n.value = arguments[0];"
                              "n.dispatchEvent(new Event('input'));", gp)
        if wait("a problem collection offers its first problem",
                lambda: len(driver.find_elements(By.CSS_SELECTOR, "#game-picker option")) == 20
                and driver.find_element(By.ID, "problem-box").is_displayed()
                and driver.execute_script("return problem && problem.game") == 1):
            Select(driver.find_element(By.ID, "game-picker")).select_by_index(2)
            wait("the third game's problem is offered",
                 lambda: driver.execute_script("return problem && problem.game") == 3
                 and driver.find_element(By.ID, "problem-box").is_displayed())

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
