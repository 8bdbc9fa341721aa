"""The documents the code cites are in the repository, and every citation finds its place.

Conventions (docs/DESIGN.md, "Documents and citations"):

- a ruling is cited as ``RULINGS <id>`` (``RULINGS C3, C4`` for several), and each id has
  an entry in docs/RULINGS.md whose heading starts with it (``## K1 ...``); a section of
  that file is cited by its heading in quotes after the ids (``RULINGS G4, "Component
  profiles"``);
- the design is cited as ``docs/DESIGN.md, "<section>"``, with a heading of that file;
- a relative link in README.md or docs/*.md points at a file that exists (and, with a
  ``#fragment``, at one of its headings).

Plain pytest: no window, no Kivy.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"

#: Where code that may cite the documents lives, and the kinds of file it is in.
CODE_PARTS = ("app", "engines", "hardware", "kv", "deploy", "tests", "tableside")
CODE_SUFFIXES = {".py", ".kv", ".toml", ".sh", ".md", ""}

RULING_ID = r"[SKCG](?:1[0-2]|[1-9])"
#: "RULINGS K1", "RULINGS C3, C4", "RULINGS K6 and K7", across a comment's line break,
#: then optionally a quoted section: "RULINGS G4, "Component profiles"".
RULINGS_CITATION = re.compile(
    rf"RULINGS(?:[\s#:]+)({RULING_ID}(?:\s*(?:,|and)\s*{RULING_ID})*)\b"
    r'(?:,?[\s#:]*"([^"\n]+)")?'
)
#: A ruling id written alone at the end of a parenthesis, "(G5)" or "(placed, K6)": the
#: convention is "RULINGS G5", so that a reader knows which document to open.
BARE_RULING = re.compile(rf"\((?![^()]*RULINGS)[^()\n]*?\b({RULING_ID})\)")
DESIGN_MENTION = re.compile(r"DESIGN\.md")
DESIGN_CITATION = re.compile(r'docs/DESIGN\.md,?[\s#:]*"([^"\n]+)"')
#: A Markdown link or image: [words](target) or ![words](target).
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")


def code_files() -> list[Path]:
    found = []
    for part in CODE_PARTS:
        path = ROOT / part
        candidates = [path] if path.is_file() else sorted(path.rglob("*"))
        for file in candidates:
            if (
                file.is_file()
                and file.suffix in CODE_SUFFIXES
                and "__pycache__" not in file.parts
                and file != Path(__file__).resolve()
            ):
                found.append(file)
    return found


def markdown_files() -> list[Path]:
    return [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]


def headings(path: Path) -> list[str]:
    """The words of every Markdown heading in ``path``, outside fenced code."""
    found, fenced = [], False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and re.match(r"#{1,6} ", line):
            found.append(line.lstrip("#").strip())
    return found


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    kept = re.sub(r"[^\w\- ]", "", heading.lower())
    return kept.replace(" ", "-")


def where(path: Path, text: str, offset: int) -> str:
    return f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, offset) + 1}"


def ruling_entries() -> set[str]:
    """The ids that have an entry: a heading of docs/RULINGS.md starting with the id."""
    entries = set()
    for heading in headings(DOCS / "RULINGS.md"):
        match = re.match(rf"({RULING_ID})\b", heading)
        if match:
            entries.add(match.group(1))
    return entries


def ruling_citations() -> list[tuple[str, str, str]]:
    """(where, id, quoted section or "") for every ruling cited in the code."""
    found = []
    for path in code_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in RULINGS_CITATION.finditer(text):
            for ruling in re.findall(RULING_ID, match.group(1)):
                found.append((where(path, text, match.start()), ruling, match.group(2) or ""))
    return found


def test_the_code_cites_rulings() -> None:
    """The scan finds the citations at all (a broken pattern would pass everything)."""
    cited = {ruling for _, ruling, _ in ruling_citations()}
    assert {"S4", "K1", "C3", "C4", "G4"} <= cited


def test_every_cited_ruling_has_an_entry() -> None:
    entries = ruling_entries()
    missing = [
        f"{place}: RULINGS {ruling}"
        for place, ruling, _ in ruling_citations()
        if ruling not in entries
    ]
    assert not missing, "no entry in docs/RULINGS.md for:\n" + "\n".join(missing)


def test_every_cited_rulings_section_exists() -> None:
    sections = set(headings(DOCS / "RULINGS.md"))
    missing = [
        f'{place}: "{section}"'
        for place, _, section in ruling_citations()
        if section and section not in sections
    ]
    assert not missing, "no such heading in docs/RULINGS.md:\n" + "\n".join(missing)


def test_rulings_are_cited_by_name() -> None:
    """A ruling id in a parenthesis is written "RULINGS <id>", never alone."""
    bare = []
    for path in code_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        bare += [
            f"{where(path, text, m.start())}: {m.group(0)}" for m in BARE_RULING.finditer(text)
        ]
    assert not bare, "cite these as RULINGS <id>:\n" + "\n".join(bare)


def test_every_design_citation_names_a_section_that_exists() -> None:
    sections = set(headings(DOCS / "DESIGN.md"))
    problems, cited = [], 0
    for path in code_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for mention in DESIGN_MENTION.finditer(text):
            place = where(path, text, mention.start())
            start = mention.start() - len("docs/")
            citation = DESIGN_CITATION.match(text, start) if start >= 0 else None
            if text[max(start, 0) : mention.start()] != "docs/":
                problems.append(f"{place}: cite it as docs/DESIGN.md")
            elif citation is None:
                problems.append(f'{place}: name a section, docs/DESIGN.md, "<section>"')
            elif citation.group(1) not in sections:
                problems.append(f'{place}: docs/DESIGN.md has no section "{citation.group(1)}"')
            else:
                cited += 1
    assert not problems, "\n".join(problems)
    assert cited, "the scan found no citation of docs/DESIGN.md at all"


def test_no_citation_points_outside_the_repository() -> None:
    """A clone holds every document the code cites: none is named by a path outside it.
    (A test may still read a rulebook from outside, where it skips when there is none.)"""
    outside = []
    for path in code_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in re.finditer(r"(?:/work/shared|\.\./shared)/\w+\.md", text):
            outside.append(where(path, text, match.start()))
    assert not outside, "\n".join(outside)


@pytest.mark.parametrize("document", markdown_files(), ids=lambda p: p.name)
def test_every_relative_link_finds_its_file(document: Path) -> None:
    problems = []
    text = document.read_text(encoding="utf-8")
    for match in LINK.finditer(text):
        target = match.group(1)
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        file_part, _, fragment = target.partition("#")
        path = (document.parent / file_part).resolve() if file_part else document
        place = where(document, text, match.start())
        if not path.exists():
            problems.append(f"{place}: {target} (no such file)")
        elif (
            fragment and path.suffix == ".md" and fragment not in {slug(h) for h in headings(path)}
        ):
            problems.append(f"{place}: {target} (no such heading)")
    assert not problems, "\n".join(problems)
