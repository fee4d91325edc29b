#!/usr/bin/env python3
"""The HTML report in a real browser (Debian's chromium, headless; scripts/setup installs it).

Renders `arbiter report` pages and asserts from the DOM Chromium dumps after the page's script ran:
- the headline numbers equal the json report's summary line of the same run;
- every chart has its data points (data-points = its marks; the codes chart's bars = by_code);
- the script ran (the <html> element got its "js" class) and logged no console error;
- the page loads nothing: a Content-Security-Policy forbids it, and no element has a URL to the
  outside (checked on the DOM, so text that happens to hold "http" is fine).
A self-test first shows that a page with a script error is caught, so a quiet log means something.

Usage: html_browser_test.py ARBITER SOURCE_DIR. Exit 77 (CTest: skipped) when chromium is missing.
"""
import html.parser
import json
import os
import shutil
import subprocess
import sys
import tempfile

SKIP = 77


class Dom(html.parser.HTMLParser):
    """The elements of a page: (tag, attributes) in document order, and the stack for nesting."""

    def __init__(self):
        super().__init__()
        self.elements = []
        self.stack = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.elements.append((tag, a, [t for t, _ in self.stack]))
        if tag not in ("meta", "input", "br", "rect", "path", "circle", "line", "polygon"):
            self.stack.append((tag, a))

    def handle_startendtag(self, tag, attrs):
        self.elements.append((tag, dict(attrs), [t for t, _ in self.stack]))

    def handle_endtag(self, tag):
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                break


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def render(browser, page):
    """The DOM after load, and the console lines of the log."""
    profile = tempfile.mkdtemp(prefix="arbiter-chromium-")
    try:
        run = subprocess.run(
            [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
             f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0", "--log-level=0",
             "--virtual-time-budget=2000", "--dump-dom", "file://" + page],
            capture_output=True, text=True, timeout=120)
    finally:
        shutil.rmtree(profile, ignore_errors=True)
    console = [line for line in run.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line
               or "Content Security Policy" in line or "Refused to" in line]
    return run.stdout, console


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


def check_page(browser, page, summary, label):
    dom_text, console = render(browser, page)
    if not dom_text.strip():
        fail(f"{label}: chromium dumped no DOM")
    if console:
        fail(f"{label}: console messages: {console}")
    dom = Dom()
    dom.feed(dom_text)
    by_id = {a.get("id"): (t, a) for t, a, _ in dom.elements if a.get("id")}

    # The script ran.
    root = next(a for t, a, _ in dom.elements if t == "html")
    if "js" not in root.get("class", ""):
        fail(f"{label}: the page's script did not run (no 'js' class on <html>)")

    # Headline = the json summary.
    def headline(key):
        if "h-" + key not in by_id:
            fail(f"{label}: no headline {key}")
        return by_id["h-" + key][1]["data-value"]

    for key in ("games", "plies", "valid", "invalid"):
        if int(headline(key)) != summary[key]:
            fail(f"{label}: headline {key} {headline(key)} != summary {summary[key]}")
    findings = int(headline("errors")) + int(headline("warnings")) + int(headline("info"))
    if findings != sum(summary["by_code"].values()):
        fail(f"{label}: headline findings {findings} != summary by_code {sum(summary['by_code'].values())}")

    # Every chart has its data points.
    charts = [(t, a) for t, a, _ in dom.elements if t == "svg" and "chart" in a.get("class", "")]
    if not charts:
        fail(f"{label}: no chart")
    for _, a in charts:
        cid = a["id"]
        # Marks: bars (rect.bar with data-value) or columns (g.col) inside this svg.
        inside = []
        depth_ok = False
        for t, attrs, parents in dom.elements:
            if t == "svg":
                depth_ok = attrs.get("id") == cid
                continue
            if depth_ok and "svg" in parents:
                inside.append((t, attrs))
        bars = [x for x in inside if x[0] == "rect" and "bar" in x[1].get("class", "").split()
                and "data-value" in x[1]]
        cols = [x for x in inside if x[0] == "g" and x[1].get("class") == "col"]
        points = int(a["data-points"])
        got = len(bars) if "bars" in a["class"] else len(cols)
        if points == 0 or got != points:
            fail(f"{label}: chart {cid} says {points} points, has {got}")
        if cid == "chart-codes":
            values = {x[1]["data-label"]: int(x[1]["data-value"]) for x in bars}
            if values != summary["by_code"]:
                fail(f"{label}: codes chart {values} != summary by_code {summary['by_code']}")
        if cid == "chart-time":
            total = sum(int(x[1]["data-total"]) for x in cols)
            if total > summary["games"]:
                fail(f"{label}: the time chart counts {total} games of {summary['games']}")

    # Nothing from outside: the policy, and no element with a URL.
    if not any(t == "meta" and a.get("http-equiv") == "Content-Security-Policy" and "default-src 'none'" in a.get("content", "")
               for t, a, _ in dom.elements):
        fail(f"{label}: no Content-Security-Policy forbidding loads")
    for t, a, _ in dom.elements:
        for name, value in a.items():
            v = (value or "").strip().lower()
            if name in ("src", "srcset", "action", "formaction", "poster", "background", "xlink:href"):
                fail(f"{label}: <{t} {name}=...>")
            if name == "href" and not v.startswith("#"):
                fail(f"{label}: <{t} href={value}>")
            if name == "style" and "url(" in v:
                fail(f"{label}: <{t} style with url()>")
        if t in ("link", "img", "iframe", "object", "embed", "audio", "video", "source", "image"):
            fail(f"{label}: a <{t}> element")
    if "url(" in "".join(dom_text.split("<style>")[1:2]).split("</style>")[0]:
        fail(f"{label}: url() in the style sheet")
    return dom


def report_json(arbiter, args):
    run = subprocess.run([arbiter, "check", "--format", "json", "-j1"] + args, capture_output=True, text=True)
    lines = [json.loads(x) for x in run.stdout.splitlines() if x.strip()]
    return next(x for x in lines if x["type"] == "summary")


def main():
    arbiter, source = sys.argv[1], sys.argv[2]
    browser = chromium()
    if not browser:
        print("SKIP: chromium is not installed (scripts/setup installs it): the HTML report was not rendered")
        return SKIP
    work = tempfile.mkdtemp(prefix="arbiter-html-test-")
    try:
        # The self-test: a script error and a blocked load are seen in the log.
        broken = os.path.join(work, "broken.html")
        with open(broken, "w") as f:
            f.write("<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
                    "script-src 'unsafe-inline'\"></head><body><script>throw new Error('arbiter self-test');</script></body></html>")
        _, console = render(browser, broken)
        if not any("arbiter self-test" in line for line in console):
            fail("self-test: chromium's log did not show a script error; console errors could not be caught")

        inputs = {
            "lichess": [os.path.join(source, "tests/data/third-party/pgn/lichess-db-2025-05-sample.pgn")],
            "defects": [os.path.join(source, "tests/data/ci/defects.pgn")],
            "mixed": [os.path.join(source, "tests/data/ci/defects.pgn"),
                      os.path.join(source, "tests/data/third-party/pgn/moscow1964.pgn")],
        }
        for label, files in inputs.items():
            page = os.path.join(work, label + ".html")
            run = subprocess.run([arbiter, "report", "-j1"] + files + ["-o", page], capture_output=True, text=True)
            if run.returncode not in (0, 1):
                fail(f"{label}: arbiter report exit {run.returncode}: {run.stderr}")
            summary = report_json(arbiter, files)
            dom = check_page(browser, page, summary, label)
            size = os.path.getsize(page)
            boards = [a for t, a, _ in dom.elements if t == "svg" and a.get("class") == "board"]
            if label == "defects":
                if not boards:
                    fail("defects: no board diagram for the games with findings")
                if not any("data-to" in a for a in boards):
                    fail("defects: no board marks the move of a finding")
            print(f"ok: {label}: {size} bytes, headline = summary, {len(boards)} boards, no console message")

            # The same page from the json report of the same run (--all-games: every game).
            ndjson = os.path.join(work, label + ".ndjson")
            with open(ndjson, "w") as f:
                subprocess.run([arbiter, "check", "--format", "json", "--all-games", "-j1"] + files, stdout=f)
            from_page = os.path.join(work, label + "-from.html")
            run = subprocess.run([arbiter, "report", "--from", ndjson, "-o", from_page], capture_output=True, text=True)
            if run.returncode != 0:
                fail(f"{label}: report --from exit {run.returncode}: {run.stderr}")
            check_page(browser, from_page, summary, label + " --from")
            print(f"ok: {label} --from: headline = summary")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
