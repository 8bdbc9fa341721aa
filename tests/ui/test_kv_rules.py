"""Kivy's kv rules are global, by class name: a rule for a name in one game's kv file
would also style (and break) another game's widget of the same name."""

import re
from collections import defaultdict
from pathlib import Path

KV = Path(__file__).resolve().parents[2] / "kv"


def test_no_two_kv_files_have_a_rule_for_the_same_class() -> None:
    files_by_rule: dict[str, set[str]] = defaultdict(set)
    for path in KV.glob("*.kv"):
        for rule in re.findall(r"^<([^>]+)>:", path.read_text(), flags=re.M):
            for name in rule.split(","):
                files_by_rule[name.strip().lstrip("-")].add(path.name)
    shared = {name: files for name, files in files_by_rule.items() if len(files) > 1}
    assert not shared, f"kv rules for one class in several files: {shared}"
