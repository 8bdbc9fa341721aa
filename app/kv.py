"""Loading the kv layout files kept in the repository's kv/ folder."""

from __future__ import annotations

from pathlib import Path

from kivy.lang import Builder

KV_DIR = Path(__file__).resolve().parent.parent / "kv"


def load_kv(name: str) -> None:
    """Load kv/<name> once, however often the screen module is imported."""
    path = str(KV_DIR / name)
    if path not in Builder.files:
        Builder.load_file(path)
