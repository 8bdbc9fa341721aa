"""The loop of playing a game, shared by every game's play screen: the session saved move
by move (or a saved game replayed), the screen's common frame (undo, the end, the
lights), the instructions for the table one at a time, and work off the UI thread."""
