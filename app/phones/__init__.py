"""Phones at the table: a read-only page on the local network that each player's phone
opens from a small code on the screen, with the game's state, the story so far in the
words the table was told, and, at the end, BG Stats, the play file and a picture.

``server`` is the page's own process (uvicorn serving Starlette; it never imports Kivy
and only reads the folder the app writes); ``feed`` writes that folder from the game
being played; ``link`` makes the address and its one-game token; ``host`` starts and
stops the server for the app."""
