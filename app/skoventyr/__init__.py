"""Skoventyr in the app: the new-game form, the play screen and how touches pick moves."""
