import shutil
from collections.abc import Iterator

import pytest

from tests.deploy.support import source


@pytest.fixture(scope="session", autouse=True)
def _remove_source_copy() -> Iterator[None]:
    yield
    if source.cache_info().currsize:
        shutil.rmtree(source(), ignore_errors=True)
