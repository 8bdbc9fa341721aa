"""Saved games and their times: the SQLite file (``store.Store``, built from one module
per table), its faults in a player's words, where it lives, the machine's clock and how
long a saved game was played.

Nothing is imported here: the app claims the file (``location``) and catches its faults
(``faults``) before its first frame, without loading sqlite-utils."""
