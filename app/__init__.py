"""The Tableside Kivy application."""
