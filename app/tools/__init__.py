"""The app's tools beside the app itself: the screenshots and their check, the legibility
sweep, and the benchmarks. Each runs the real app's code; nothing in the app imports them."""
