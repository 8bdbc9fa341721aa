"""Saved games out of Tableside, and plays from Board Game Stats into it: one module per
format, and the USB stick they go to.

- ``export``: History's Export, every format below into one folder (``export_all``).
- ``tableside_json``: every session with its events and the roster, Tableside's own
  format, for a backup or another program (``export_json``).
- ``csv_files``: ``sessions.csv`` and ``events.csv``, for a spreadsheet (``export_csv``).
- ``bgstats_export``: the finished games as a ``.bgsplay`` play file for the Board Game
  Stats app (``export_bgstats``); ``bgstats`` describes the file.
- ``bgstats_import``: the plays of Tableside's games from such a file (``import_bgstats``),
  read a piece at a time by ``json_pieces``.
- ``bgstats_link``: one finished game as BG Stats' push-plays link, fitted to a QR code
  the screen can show (``push_link``).
- ``saved`` and ``files``: what the exports read from the store (a few games at a time),
  and how they write (under a temporary name, renamed once whole).
- ``usb_sticks``: where a plugged-in stick is, and making sure the files are on it.
- ``bench``: Export and Import of many games, timed and weighed.
"""
