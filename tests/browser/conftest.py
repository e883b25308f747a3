"""Real-browser fixtures: Debian's Chromium driven by Playwright, against Voilà and JupyterLab.

One Voilà server and one JupyterLab server for the whole run, on 127.0.0.1, over one copy of
the notebooks (JupyterLab autosaves; tests may add their own notebooks to the copy). In CI
(CI=true) a missing Chromium fails the tests; elsewhere they are skipped.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.helpers import RELOADED, assert_clean_page

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
BIN = Path(sys.executable).parent
SHOTS = Path(os.environ.get("SHOT_DIR", "/tmp/tablekit-shots"))


def pytest_terminal_summary(terminalreporter):
    """Say which Voilà pages had to be opened twice because a widget model was lost."""
    if RELOADED:
        terminalreporter.section("Voilà pages opened twice (a lost widget model)")
        for line in RELOADED:
            terminalreporter.write_line(line)


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/browser" in str(item.fspath):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium() -> str:
    """The Chromium executable: CI fails without it, a developer's run skips."""
    if not Path(CHROMIUM).exists():
        message = f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return CHROMIUM


@pytest.fixture(scope="session")
def browser(chromium):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Note whether the test body passed (the page fixture checks the page once more then)."""
    report = yield
    if report.when == "call":
        item.tk_body_passed = report.passed
    return report


@pytest.fixture
def page(browser, request):
    """A fresh page; after a test that passed, the page check runs once more (a test that
    forgot it still fails on a page showing "Error displaying widget" or a traceback)."""
    context = browser.new_context(viewport={"width": 1200, "height": 1000})
    new_page = context.new_page()
    new_page.set_default_timeout(90_000)
    yield new_page
    try:
        if getattr(request.node, "tk_body_passed", False) and new_page.url.startswith("http"):
            assert_clean_page(new_page)
    finally:
        context.close()


@pytest.fixture(scope="session")
def nb_dir(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("nb") / "notebooks"
    shutil.copytree(NOTEBOOKS, copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    return copy


@pytest.fixture(scope="session")
def voila_server(nb_dir, tmp_path_factory) -> Iterator[str]:
    port = _free_port()
    cmd = [str(BIN / "voila"), str(nb_dir), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
           "--show_tracebacks=True"]
    base = f"http://127.0.0.1:{port}/"
    yield from _serve(cmd, nb_dir, tmp_path_factory.mktemp("voila") / "voila.log", base)


@pytest.fixture(scope="session")
def lab_server(nb_dir, tmp_path_factory) -> Iterator[str]:
    port = _free_port()
    home = tmp_path_factory.mktemp("lab")
    settings = home / "settings" / "@jupyterlab" / "apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false", "checkForUpdates": false}')
    notebook = home / "settings" / "@jupyterlab" / "notebook-extension"
    notebook.mkdir(parents=True)  # every cell in the page, not only those scrolled into view
    (notebook / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    cmd = [str(BIN / "jupyter"), "lab", "--no-browser", f"--port={port}", "--ServerApp.ip=127.0.0.1",
           "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
           f"--ServerApp.root_dir={nb_dir}", f"--LabApp.user_settings_dir={home / 'settings'}",
           f"--LabApp.workspaces_dir={home / 'workspaces'}", "--LabApp.news_url=",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
           "--LabApp.extension_manager=readonly", "--LabApp.expose_app_in_browser=True", "--allow-root"]
    base = f"http://127.0.0.1:{port}/"
    yield from _serve(cmd, nb_dir, home / "lab.log", base + "api/status")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _serve(cmd: list[str], cwd: Path, log_path: Path, probe: str) -> Iterator[str]:
    """Run a server in its own process group until the tests using it are done."""
    log = open(log_path, "w")  # noqa: SIM115 - closed in the finally below
    proc = subprocess.Popen(cmd, cwd=cwd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_http(probe, proc, log_path)
        yield probe.removesuffix("api/status")
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def _wait_http(url: str, proc: subprocess.Popen, log_path: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited early ({proc.returncode}): {log_path.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.25)
    raise TimeoutError(f"{url} did not answer: {log_path.read_text()[-2000:]}")
