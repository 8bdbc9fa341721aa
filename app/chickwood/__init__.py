"""Chickwood Forest screens: round tracking, the alms snake, final scoring, villages."""
