"""Pure-Python game engines: rules only, standard library only (no Kivy, GPIO or database)."""
