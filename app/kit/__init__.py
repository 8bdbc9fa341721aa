"""The widget kit every screen is built from: the theme, buttons and bars, popups
(messages, choice lists, value editors, the date setter), the score table and charts,
touch handling (the tap guard, choosing an action by touches), and the check that what
a window shows is readable and touchable at arm's length (legibility)."""
