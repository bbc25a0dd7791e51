#!/usr/bin/env python3
"""kbench report's page in a real browser: headless Chromium, driven by
Selenium, with the network off.  Prints TAP, its plan last, for: no script error, nothing fetched, every
case shown, a column sorted both ways, the filter, a case's details.

  report_browser.py PAGE.html CASES.json [--screenshot PNG [--open CASE]]
  report_browser.py --history FIGURES PAGE.html CASES.json

kbench history's page (--history) has no script: there the points are no
script error, nothing fetched, the changes' cases listed in its table of
changes, and FIGURES figures drawn with a size.

CASES.json lists the case names the page must show.  Chromium runs as
root only with --no-sandbox, so it is given then.  Exit status 0, or 1
when a point failed.
"""
import argparse
import json
import os
import sys
import time

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

failed = points = 0


def point(ok, what, why=""):
    global failed, points
    failed += not ok
    points += 1
    print(f"{'ok' if ok else 'not ok'} - {what}")
    if not ok and why:
        for line in str(why).splitlines():
            print(f"# {line}")


def browser():
    opts = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--disable-gpu", "--window-size=1400,1000",
                "--hide-scrollbars", "--disable-extensions",
                # The network off: no proxy answers, no name resolves.
                "--proxy-server=127.0.0.1:9", "--proxy-bypass-list=<-loopback>",
                "--host-resolver-rules=MAP * ~NOTFOUND",
                "--no-first-run", "--disable-background-networking",
                # A container's small /dev/shm would crash the renderer.
                "--disable-dev-shm-usage"):
        opts.add_argument(arg)
    if os.geteuid() == 0:
        opts.add_argument("--no-sandbox")
    bin_ = os.environ.get("CHROMIUM")
    if bin_:
        opts.binary_location = bin_
    # The console, and the DevTools events: every request the page made.
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL",
                                              "performance": "ALL"})
    return webdriver.Chrome(options=opts)


def column(table, index):
    """The data-v values of a column, in the rows' order, shown rows
    only; None where a cell has none."""
    return table.parent.execute_script(
        "var i = arguments[1];"
        "return Array.prototype.map.call(arguments[0].tBodies[0].rows,"
        " function (r) { var v = r.cells[i].getAttribute('data-v');"
        " return v === '' ? null : parseFloat(v); });", table, index)


def opened(driver, page):
    """Open the page: no script error in the console, nothing fetched."""
    driver.get("file://" + os.path.abspath(page))
    errors = [e for e in driver.get_log("browser")
              if e.get("level") == "SEVERE"]
    point(not errors, "no script error in the console",
          "\n".join(e.get("message", "") for e in errors))
    url = driver.current_url
    fetched = []
    for entry in driver.get_log("performance"):
        event = json.loads(entry["message"])["message"]
        if event.get("method") == "Network.requestWillBeSent":
            asked = event["params"]["request"]["url"]
            if asked != url:
                fetched.append(asked)
    point(not fetched, "the page fetched nothing", "\n".join(fetched))


def check(driver, page, cases):
    opened(driver, page)
    point(driver.execute_script(
        "return document.documentElement.classList.contains('js');"),
        "its script ran")
    shown = {r.get_attribute("data-name") for r in driver.find_elements(
        By.CSS_SELECTOR, "table.cases > tbody > tr") if r.is_displayed()}
    missing = [c for c in cases if c not in shown]
    point(cases and not missing, f"all {len(cases)} cases shown in the "
          "family tables", "missing: " + ", ".join(missing))

    # Sort the first table with two rows or more by its median, both ways.
    tables = [t for t in driver.find_elements(By.CSS_SELECTOR, "table.cases")
              if len(t.find_elements(By.XPATH, "./tbody/tr")) > 1]
    if not tables:
        point(False, "a table with two rows to sort")
        return
    table = tables[0]
    heads = table.find_elements(By.CSS_SELECTOR, "thead th")
    index = next(i for i, th in enumerate(heads) if th.text.strip()
                 .startswith("median"))
    before = column(table, index)
    heads[index].click()
    up = [v for v in column(table, index) if v is not None]
    point(up == sorted(up) and len(up) > 1
          and heads[index].get_attribute("aria-sort") == "ascending",
          "a click on 'median' sorts the rows up", f"{before} -> {up}")
    heads[index].click()
    down = [v for v in column(table, index) if v is not None]
    point(down == sorted(down, reverse=True)
          and heads[index].get_attribute("aria-sort") == "descending",
          "a second click sorts them down", f"{down}")

    # The filter: one case's name leaves only its rows.
    section = table.find_element(By.XPATH, "./ancestor::section")
    box = section.find_element(By.CSS_SELECTOR, "input[data-filter]")
    rows = table.find_elements(By.XPATH, "./tbody/tr")
    name = rows[-1].get_attribute("data-name")
    box.send_keys(name)
    visible = [r.get_attribute("data-name") for r in rows if r.is_displayed()]
    point(visible and all(name.lower() in v.lower() for v in visible)
          and len(visible) < len(rows), f"the filter '{name}' leaves its "
          "rows alone", f"{visible}")
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys(Keys.DELETE)
    point(all(r.is_displayed() for r in rows), "and emptied, shows them all")

    # A case's details open on a click.
    summary = table.find_element(By.CSS_SELECTOR, "details summary")
    summary.click()
    details = summary.find_element(By.XPATH, "..")
    point(details.get_attribute("open") is not None
          and details.find_element(By.XPATH, "./*[2]").is_displayed(),
          "a case's details open on a click")
    errors = [e for e in driver.get_log("browser")
              if e.get("level") == "SEVERE"]
    point(not errors, "still no script error after clicking",
          "\n".join(e.get("message", "") for e in errors))


def check_history(driver, page, cases, figures):
    opened(driver, page)
    listed = [r.get_attribute("data-name") for r in driver.find_elements(
        By.CSS_SELECTOR, "#t-changes > tbody > tr") if r.is_displayed()]
    changes = f"{len(cases)} change{'s' if len(cases) != 1 else ''}"
    point(sorted(listed) == sorted(cases), f"the {changes} listed",
          f"{listed} against {cases}")
    drawn = [f for f in driver.find_elements(By.CSS_SELECTOR, "svg.figure")
             if f.is_displayed() and f.size["width"] > 200
             and f.size["height"] > 100]
    point(len(drawn) == figures, f"{figures} trend figures drawn",
          f"{len(drawn)} drawn")


def screenshot(driver, page, path, open_case):
    """The page from its top, at the width of a laptop, with one case's
    details open when asked."""
    driver.get("file://" + os.path.abspath(page))
    if open_case:
        driver.execute_script(
            "var r = document.querySelector('tr[data-name=\"' + arguments[0]"
            " + '\"] details'); if (r) r.open = true;", open_case)
    height = driver.execute_script("return document.body.scrollHeight;")
    driver.set_window_size(1400, min(height, 4000))
    time.sleep(0.2)
    driver.save_screenshot(path)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("page")
    ap.add_argument("cases")
    ap.add_argument("--screenshot")
    ap.add_argument("--open")
    ap.add_argument("--height", type=int, default=0)
    ap.add_argument("--history", type=int, metavar="FIGURES")
    args = ap.parse_args()
    with open(args.cases, encoding="utf-8") as f:
        cases = json.load(f)
    try:
        driver = browser()
    except WebDriverException as e:
        point(False, "headless Chromium starts", e.msg)
        print(f"1..{points}")
        return 1
    try:
        if args.history is not None:
            check_history(driver, args.page, cases, args.history)
        else:
            check(driver, args.page, cases)
        if args.screenshot:
            screenshot(driver, args.page, args.screenshot, args.open)
    finally:
        driver.quit()
        print(f"1..{points}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
