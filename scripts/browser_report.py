#!/usr/bin/env python3
"""Browser test of `stats --format html`: headless Chromium opens the report, the page must
render with no console message at all (no script error, no blocked load: the page's CSP is
`default-src 'none'`, so any attempt to load something from elsewhere is logged) and every chart
must be in the rendered DOM with the bars the file has; screenshots are taken, light and dark.

usage: scripts/browser_report.py SHOGI_TOOL [--out DIR] [--update-docs]
  Reports for testdata/ and, when present, ../shared/corpus. Screenshots go to DIR (default
  target/browser); --update-docs also copies them to docs/img/.
Needs Debian's chromium (CHROMIUM=path to use another). Without it: prints 'browser: skipped'
and exits 0. Python standard library only.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHARTS = ["lengths", "outcomes", "win-rates", "openings", "fouls", "warnings",
          "declarations", "encodings", "formats"]
# As the machine notes say: headless, no sandbox as root, no background connections (the
# network is closed), a fresh profile.
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--hide-scrollbars", "--enable-logging=stderr", "--v=0"]


def chromium():
    for c in [os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"]:
        if c and shutil.which(c):
            return shutil.which(c)
    return None


def run_browser(exe, url, extra):
    """Runs Chromium on `url`; returns (stdout, the console lines of its log)."""
    with tempfile.TemporaryDirectory(prefix="shogi-browser-") as profile:
        r = subprocess.run([exe] + FLAGS + ["--user-data-dir=" + profile] + extra + [url],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=180)
    log = r.stderr.decode(errors="replace").splitlines()
    console = [line for line in log if ":CONSOLE" in line]
    return r.stdout.decode(errors="replace"), console


def fail(msg):
    print("browser: FAIL " + msg)
    sys.exit(1)


def self_check(exe, tmp):
    """The console check must see what it is for: a page with a script error and a load the
    CSP blocks gives console lines."""
    page = os.path.join(tmp, "control.html")
    with open(page, "w") as f:
        f.write("<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" "
                "content=\"default-src 'none'; script-src 'unsafe-inline'\"></head><body>"
                "<img src=\"http://example.invalid/x.png\"><script>throw new Error('boom')</script>"
                "</body></html>")
    _, console = run_browser(exe, "file://" + page, ["--dump-dom"])
    if not any("boom" in c for c in console) or not any("example.invalid" in c for c in console):
        fail("the console check does not see a script error and a blocked load: %s" % console)


def check_report(exe, tool, name, inputs, out_dir, tmp):
    html = os.path.join(tmp, name + ".html")
    r = subprocess.run([tool, "stats", "-q", "--format", "html", "--force", "-o", html] + inputs,
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if r.returncode not in (0, 2) or not os.path.exists(html):
        fail("%s: shogi-tool stats --format html failed: %s" % (name, r.stderr.decode()))
    with open(html, encoding="utf-8") as f:
        source = f.read()
    dom, console = run_browser(exe, "file://" + html, ["--dump-dom"])
    if console:
        fail("%s: console messages:\n  %s" % (name, "\n  ".join(console)))
    if "</html>" not in dom:
        fail("%s: no DOM dumped" % name)
    for chart in CHARTS:
        m = re.search(r'<svg[^>]*id="chart-%s"[^>]*>(.*?)</svg>' % re.escape(chart), dom, re.S)
        if not m:
            fail("%s: chart %s is not in the rendered page" % (name, chart))
        body = m.group(1)
        if "class=\"legend\"" not in body or body.count("class=\"axis\"") < 2:
            fail("%s: chart %s has no legend or axes" % (name, chart))
        want = re.search(r'<svg[^>]*id="chart-%s"[^>]*>(.*?)</svg>' % re.escape(chart), source, re.S)
        bars, want_bars = body.count('class="bar '), want.group(1).count('class="bar ')
        if bars != want_bars:
            fail("%s: chart %s: %d bars rendered, %d written" % (name, chart, bars, want_bars))
    if "<script" in dom:
        fail("%s: the rendered page has a script element" % name)
    shots = []
    for theme, extra in [("", []), ("-dark", ["--force-dark-mode"])]:
        png = os.path.join(out_dir, "report-%s%s.png" % (name, theme))
        _, console = run_browser(exe, "file://" + html,
                                 ["--window-size=1280,2200", "--screenshot=" + png] + extra)
        if console:
            fail("%s: console messages:\n  %s" % (name, "\n  ".join(console)))
        if not os.path.exists(png) or os.path.getsize(png) < 20_000:
            fail("%s: no screenshot (or a blank one) at %s" % (name, png))
        shots.append(png)
    print("browser: ok %s: %d charts rendered (%d bars), no console message; %s"
          % (name, len(CHARTS), dom.count('class="bar '), ", ".join(os.path.relpath(s, ROOT) for s in shots)))
    return shots


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        sys.exit(2)
    tool = os.path.abspath(args[0])
    out_dir = os.path.join(ROOT, "target", "browser")
    if "--out" in args:
        out_dir = os.path.abspath(args[args.index("--out") + 1])
    update = "--update-docs" in args
    exe = chromium()
    if exe is None:
        print("browser: skipped: no chromium (apt-get install chromium; or CHROMIUM=path)")
        return
    version = subprocess.run([exe, "--version"], stdout=subprocess.PIPE).stdout.decode().strip()
    print("browser: %s" % version)
    os.makedirs(out_dir, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="shogi-report-") as tmp:
        self_check(exe, tmp)
        shots = check_report(exe, tool, "testdata", [os.path.join(ROOT, "testdata")], out_dir, tmp)
        corpus = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
        if os.path.isdir(corpus):
            shots += check_report(exe, tool, "corpus", [corpus], out_dir, tmp)
        else:
            print("browser: ../shared/corpus not found: its report skipped")
    if update:
        img = os.path.join(ROOT, "docs", "img")
        os.makedirs(img, exist_ok=True)
        for s in shots:
            shutil.copy(s, img)
        print("browser: screenshots copied to docs/img/")


if __name__ == "__main__":
    main()
