"""Settings for every test: Kivy keeps its files in a temporary folder and reads no
command line, and the GPIO layer uses simulated pins."""

import os
import tempfile

os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
os.environ.setdefault("KIVY_HOME", tempfile.mkdtemp(prefix="tableside-kivy-"))
os.environ["TABLESIDE_GPIO"] = "mock"
