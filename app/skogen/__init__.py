"""Skogen screens: the score ledger beside the board."""
