"""A table's game as a file: a download link for the save, and a loaded file checked before it replaces anything.

The save is the match's own JSON (`Match.to_json`: game, version, options, seed, actions and a digest). Loading
goes through `tablekit.load_game`, which replays and checks every action; a file that is not a save, is damaged,
was edited, or belongs to another game is refused with a `SaveFileError` saying so, and the table keeps its game.
`LoadButton` is the button that picks the file (ipywidgets' FileUpload would read "Load game (0)").
"""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping, Sequence
from typing import Any

import anywidget
import traitlets

from tablekit.core.errors import SaveFileError
from tablekit.core.match import Match
from tablekit.core.registry import load_game
from tablekit.ui.html import render

MAX_SAVE_BYTES = 2_000_000  # far above any real game's save; a bigger upload is not one of ours
SAVE_LINK = """<a class="tk-download" download="{{ name }}" href="data:application/json;base64,{{ data }}" \
title="the game so far as a file: open it later with Load game">⬇ Download {{ name }}</a>"""


LOAD_BUTTON_JS = """
function render({ model, el }) {
  const button = document.createElement("button");
  button.className = "jupyter-widgets jupyter-button widget-button";
  button.title = model.get("tooltip");
  const icon = document.createElement("i");
  icon.className = "fa fa-upload";
  button.append(icon, document.createTextNode(" " + model.get("description")));
  const input = document.createElement("input");
  input.type = "file";
  input.accept = model.get("accept");
  input.style.display = "none";
  button.addEventListener("click", () => { input.value = ""; input.click(); });
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    if (!file) return;
    const content = await file.arrayBuffer();
    model.send({ name: file.name, type: file.type, size: file.size }, undefined, [content]);
  });
  el.append(button, input);
}
export default { render };
"""


class LoadButton(anywidget.AnyWidget):
    """A button that reads "Load game" and sends the one file picked with it to `value` (held as a
    FileUpload holds it: a tuple of {name, type, size, content}); `value` is cleared after each load."""

    _esm = LOAD_BUTTON_JS
    description = traitlets.Unicode("Load game").tag(sync=True)
    tooltip = traitlets.Unicode("open a game saved with Save game").tag(sync=True)
    accept = traitlets.Unicode(".json").tag(sync=True)
    value = traitlets.Tuple()  # stays in the kernel: the file arrives as a message with its bytes

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._received)

    def _received(self, _: Any, content: Mapping[str, Any], buffers: Sequence[Any]) -> None:
        if not isinstance(content, Mapping) or "name" not in content:
            return  # not a picked file
        data = b"".join(bytes(b) for b in buffers)
        self.value = ({"name": str(content["name"]), "type": str(content.get("type", "")),
                       "size": len(data), "content": data},)


def save_name(match: Match) -> str:
    """A file name that says which game, which deal and how far: `deckula-seed-7-after-12.json`."""
    seed = re.sub(r"[^A-Za-z0-9_-]+", "-", str(match.seed)).strip("-")[:40] or "x"
    return f"{match.game.name}-seed-{seed}-after-{len(match.history)}.json"


def save_link(match: Match) -> str:
    """A download link carrying the match's save file (a data URL: nothing is written on the server)."""
    data = base64.b64encode(match.to_json().encode()).decode("ascii")
    return render(SAVE_LINK, name=save_name(match), data=data)


def uploaded_text(files: Sequence[Mapping[str, Any]]) -> tuple[str, str]:
    """The name and text of the one file a FileUpload holds; SaveFileError when it is none or not text."""
    if len(files) != 1:
        raise SaveFileError(f"choose one save file to load (got {len(files)})")
    upload = files[0]
    name, content = str(upload.get("name", "the file")), bytes(upload.get("content", b""))
    if len(content) > MAX_SAVE_BYTES:
        raise SaveFileError(f"{name} is {len(content):,} bytes: too big to be a tablekit save file")
    try:
        return name, content.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SaveFileError(f"{name} is not a text file, so not a tablekit save file") from exc


def loaded_match(files: Sequence[Mapping[str, Any]], game: str) -> Match:
    """The match saved in the uploaded file, checked by replaying it; it must be a game of `game`."""
    name, text = uploaded_text(files)
    try:
        match = load_game(text)
    except SaveFileError as exc:
        raise SaveFileError(f"{name}: {exc}") from exc
    if match.game.name != game:
        raise SaveFileError(f"{name} is a saved game of {match.game.name}, not {game}: open it on that game's table")
    return match
