#!/usr/bin/env python3
"""Browser test of `stats --format html`: headless Chromium opens the report, the page must
render with no console message at all (no script error, no blocked load: the page's CSP is
`default-src 'none'`, so any attempt to load something from elsewhere is logged) and every chart
must be in the rendered DOM with the bars the file has; screenshots are taken, light and dark.

The layout is checked by the browser's own boxes, not by eye: a copy of each report gets an
inline script (its CSP loosened for that one script) that measures, with getBoundingClientRect,
every entry of the per-code record lists and every chart, and writes what it found into the DOM,
which --dump-dom returns; at 1,400 and at 400 pixels wide (a phone), no two entries may overlap,
none may run off the page or out of its own box, each must show players, date, ply and message
and link to its record's section, and each chart must fill its figure. A collection of 1,100
records with the same foul (a list at its cap of 1,000) is checked so too. Screenshots of the
lists at both widths are kept under target/browser/.

usage: scripts/browser_report.py SHOGI_TOOL [--out DIR] [--update-docs]
  Reports for testdata/ and, when present, ../shared/corpus. Screenshots go to DIR (default
  target/browser); --update-docs also copies them to docs/img/.
Needs Debian's chromium (CHROMIUM=path to use another). Without it: prints 'browser: skipped'
and exits 0. Python standard library only.
"""

import json
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


# Measures the page as laid out; the result goes into <pre id="layout-check"> as JSON.
LAYOUT_SCRIPT = r"""
<script>
(function () {
  const vw = document.documentElement.clientWidth;
  const r = {width: vw, lists: 0, entries: 0, overlaps: [], off_page: [], overflowing: [],
             incomplete: [], dead_links: [], charts: 0, narrow_charts: []};
  const name = (li) => (li.textContent || "").slice(0, 60);
  for (const ul of document.querySelectorAll("ul.records")) {
    r.lists++;
    const items = [...ul.children];
    const boxes = items.map((li) => li.getBoundingClientRect());
    r.entries += items.length;
    const order = boxes.map((_, i) => i).sort((a, b) => boxes[a].top - boxes[b].top);
    for (let x = 0; x < order.length; x++) {
      const a = boxes[order[x]];
      for (let y = x + 1; y < order.length; y++) {
        const b = boxes[order[y]];
        if (b.top >= a.bottom - 0.5) break;
        if (a.left < b.right - 0.5 && b.left < a.right - 0.5)
          r.overlaps.push(name(items[order[x]]) + " / " + name(items[order[y]]));
      }
    }
    items.forEach((li, i) => {
      const b = boxes[i];
      if (b.left < -0.5 || b.right > vw + 0.5) r.off_page.push(name(li));
      if (li.scrollWidth > li.clientWidth + 1 || li.scrollHeight > li.clientHeight + 1)
        r.overflowing.push(name(li));
      const a = li.querySelector("a[href^='#record-']");
      if (!a || !["who", "when", "ply", "msg", "path"].every((c) => li.querySelector("." + c)
            && li.querySelector("." + c).textContent.trim() !== ""))
        r.incomplete.push(name(li));
      else if (!document.getElementById(a.getAttribute("href").slice(1)))
        r.dead_links.push(a.getAttribute("href"));
    });
  }
  for (const svg of document.querySelectorAll("figure svg.chart")) {
    r.charts++;
    const f = svg.parentElement, cs = getComputedStyle(f);
    const inner = f.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    const w = svg.getBoundingClientRect().width;
    if (w < 0.95 * inner || w > inner + 1) r.narrow_charts.push(svg.id + ": " + w + " of " + inner);
  }
  // Inside the phone-width frame of narrow(), the result goes to the page around it (the
  // one --dump-dom returns).
  const host = window.parent !== window ? window.parent.document : document;
  const pre = host.createElement("pre");
  pre.id = "layout-check";
  pre.textContent = JSON.stringify(r);
  host.body.appendChild(pre);
  const lists = document.getElementById("fouls-lists");
  if (lists && location.hash !== "#top") lists.scrollIntoView();
})();
</script>
"""


def with_layout_script(html_path, tmp):
    """A copy of the report that measures itself (the only script; the copy is never kept)."""
    with open(html_path, encoding="utf-8") as f:
        page = f.read()
    csp = "default-src 'none'; style-src 'unsafe-inline'"
    if csp not in page:
        fail("the report's Content-Security-Policy is not %r" % csp)
    page = page.replace(csp, csp + "; script-src 'unsafe-inline'")
    page = page.replace("</body>", LAYOUT_SCRIPT + "</body>")
    out = os.path.join(tmp, os.path.basename(html_path)[:-5] + "-measured.html")
    with open(out, "w", encoding="utf-8") as f:
        f.write(page)
    return out


def check_layout(exe, name, html, out_dir, tmp, min_entries):
    """The per-code lists and the charts, measured at 1,400 and 400 pixels; screenshots of the
    lists at both widths."""
    measured = with_layout_script(html, tmp)
    shots = []
    for width in (1400, 400):
        url, flags = at_width(measured, width, 1600, tmp)
        dom, console = run_browser(exe, url, flags + ["--dump-dom"])
        if console:
            fail("%s at %d px: console messages:\n  %s" % (name, width, "\n  ".join(console)))
        m = re.search(r'<pre id="layout-check">(.*?)</pre>', dom, re.S)
        if not m:
            fail("%s at %d px: the layout check wrote nothing" % (name, width))
        r = json.loads(html_unescape(m.group(1)))
        if abs(r["width"] - width) > 40:
            fail("%s: the window is %d px wide, not about %d" % (name, r["width"], width))
        if r["entries"] < min_entries:
            fail("%s at %d px: %d entries measured, expected at least %d"
                 % (name, width, r["entries"], min_entries))
        for key in ["overlaps", "off_page", "overflowing", "incomplete", "dead_links",
                    "narrow_charts"]:
            if r[key]:
                fail("%s at %d px: %d %s, e.g. %s" % (name, width, len(r[key]),
                                                     key.replace("_", " "), r[key][:3]))
        png = os.path.join(out_dir, "report-%s-lists-%d.png" % (name, width))
        _, console = run_browser(exe, url, flags + ["--screenshot=" + png])
        if not os.path.exists(png) or os.path.getsize(png) < 10_000:
            fail("%s: no screenshot (or a blank one) at %s" % (name, png))
        shots.append(png)
        print("browser: layout ok %s at %d px: %d entries in %d lists, no overlap, none off the "
              "page, every one complete and linked; %d charts fill their figures; %s"
              % (name, width, r["entries"], r["lists"], r["charts"], os.path.relpath(png, ROOT)))
    return shots


def framed(measured, width, height, tmp):
    """A page holding `measured` in a frame `width` CSS pixels wide: headless Chromium makes no
    window narrower than 500 pixels, a frame can be a phone's 400. The frame shares the page's
    origin (srcdoc), so its script writes its result into the page."""
    import html
    with open(measured, encoding="utf-8") as f:
        inner = f.read()
    page = ("<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>body{margin:0}"
            "iframe{border:0;display:block;width:%dpx;height:%dpx}</style></head><body>"
            "<iframe srcdoc=\"%s\"></iframe></body></html>" % (width, height, html.escape(inner)))
    out = measured[:-5] + "-%d.html" % width
    with open(out, "w", encoding="utf-8") as f:
        f.write(page)
    return out


def at_width(measured, width, height, tmp):
    """The URL and window flags that show `measured` `width` CSS pixels wide."""
    if width >= 500:
        return "file://" + measured, ["--window-size=%d,%d" % (width, height)]
    return "file://" + framed(measured, width, height, tmp), ["--window-size=500,%d" % height]


def html_unescape(text):
    import html
    return html.unescape(text)


def many_fouls(tmp, n=1100):
    """One CSA file of `n` games with the same foul (two pawns on a file), players with long
    Japanese and Latin names, in a folder with a long name without a break."""
    folder = os.path.join(tmp, "a-collection-folder-whose-name-goes-on-and-on-" + "x" * 80)
    os.makedirs(folder, exist_ok=True)
    games = []
    for i in range(n):
        games.append("V2.2\nN+先手の大変長い名前の棋士%04d\nN-Gote Player With A Long Name %d\n"
                     "$START_TIME:2024/01/%02d 10:00:00\nPI\n+\n"
                     "+7776FU\n-3334FU\n+8822UM\n-3122GI\n+2726FU\n-8384FU\n+2625FU\n"
                     "-8485FU\n+2524FU\n-2324FU\n+2824HI\n-1314FU\n+0077FU\n-0055KA\n%%TORYO\n"
                     % (i, i, i % 28 + 1))
    path = os.path.join(folder, "one-thousand-and-one-hundred-games-with-two-pawns-on-a-file.csa")
    with open(path, "w", encoding="utf-8") as f:
        f.write("/\n".join(games))
    return path


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
    return shots, html


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
        shots, html = check_report(exe, tool, "testdata", [os.path.join(ROOT, "testdata")],
                                   out_dir, tmp)
        check_layout(exe, "testdata", html, out_dir, tmp, 1)
        _, html = check_report(exe, tool, "many-fouls", [many_fouls(tmp)], out_dir, tmp)
        check_layout(exe, "many-fouls", html, out_dir, tmp, 1000)
        corpus = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
        if os.path.isdir(corpus):
            more, html = check_report(exe, tool, "corpus", [corpus], out_dir, tmp)
            shots += more
            check_layout(exe, "corpus", html, out_dir, tmp, 1)
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
