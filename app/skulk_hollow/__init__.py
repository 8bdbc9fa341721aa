"""Skulk Hollow in the app: the person plays the Foxen, the app plays the guardian."""
